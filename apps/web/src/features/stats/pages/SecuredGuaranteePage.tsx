import { DashboardScreen } from '../../../components/DashboardScreen.tsx';

const KPIS = ['guaranteeCount', 'guaranteeAmount', 'guaranteeCompanies', 'guaranteeBanks'] as const;
const PANELS = ['guaranteeTrend', 'guaranteeRanking', 'guaranteeIndustries'] as const;

/**
 * /achievement-display/secured-financing/guarantee: Financing guarantees. Financing guarantees: count, amount and
 * the ranking of guarantee companies.
 */
export default function SecuredGuaranteePage() {
  return <DashboardScreen kpis={KPIS} panels={PANELS} />;
}
