import { DashboardScreen } from '../../../components/DashboardScreen.tsx';

const KPIS = ['products', 'banks', 'demands', 'amountDemanded', 'amountGranted', 'successRate', 'enterprises'] as const;
const PANELS = ['monthlyTrend', 'districtMap', 'demandMix', 'bankRanking', 'productMix', 'latestLoans'] as const;

/**
 * /achievement-display/financial-hall/cityOverview: City overview. City-wide results: products, banks, demands,
 * amounts granted, success rate and enterprises served, with monthly trends and the split by district.
 */
export default function CityOverviewPage() {
  return <DashboardScreen kpis={KPIS} panels={PANELS} />;
}
