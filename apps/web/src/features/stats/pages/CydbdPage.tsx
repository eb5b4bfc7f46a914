import { DashboardScreen } from '../../../components/DashboardScreen.tsx';

const KPIS = ['cydbdApplied', 'cydbdGranted', 'cydbdAmount', 'cydbdSubsidy'] as const;
const PANELS = ['cydbdTrend', 'cydbdDistricts', 'cydbdBanks'] as const;

/**
 * /achievement-display/secured-financing/cydbd: Entrepreneurship guarantee loans. Entrepreneurship guarantee loans
 * applied for, granted and subsidised, overseen by the human-resources bureau.
 */
export default function CydbdPage() {
  return <DashboardScreen kpis={KPIS} panels={PANELS} />;
}
