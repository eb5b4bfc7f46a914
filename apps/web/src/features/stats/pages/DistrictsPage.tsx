import { DashboardScreen } from '../../../components/DashboardScreen.tsx';

const KPIS = ['districts', 'demands', 'amountGranted', 'successRate'] as const;
const PANELS = ['districtDemands', 'districtGranted', 'districtSuccessRate', 'districtMap', 'districtOverdue', 'districtEnterprises'] as const;

/**
 * /achievement-display/financial-hall/districts: District ranking. Districts ranked by demands, loans granted and
 * success rate.
 */
export default function DistrictsPage() {
  return <DashboardScreen kpis={KPIS} panels={PANELS} />;
}
