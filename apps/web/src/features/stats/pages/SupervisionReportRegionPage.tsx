import { RegionReport } from '../reports/RegionReport.tsx';

/**
 * /supervisionClient/report/region: the report by district; a district supervisor sees its own district only (the server's scope).
 */
export default function SupervisionReportRegionPage() {
  return <RegionReport />;
}
