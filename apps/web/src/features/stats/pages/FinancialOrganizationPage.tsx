import { DashboardScreen } from '../../../components/DashboardScreen.tsx';

const KPIS = ['banks', 'products', 'accepted', 'amountGranted'] as const;
const PANELS = ['orgAccepted', 'orgGranted', 'orgProducts', 'orgAcceptTime', 'orgShare', 'orgOverdue'] as const;

/**
 * /achievement-display/financial-hall/financial-organization: Financial institutions. Financial institutions ranked
 * by demands accepted, loans granted and products.
 */
export default function FinancialOrganizationPage() {
  return <DashboardScreen kpis={KPIS} panels={PANELS} />;
}
