import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /supervisionClient/report/region: By region. Demands, acceptances, loans and overdue counts by region; filter by
 * date and export.
 */
export default function SupervisionReportRegionPage() {
  return <RoutePage kind="report" />;
}
