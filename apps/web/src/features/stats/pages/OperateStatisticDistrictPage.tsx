import { RegionReport } from '../reports/RegionReport.tsx';

/**
 * /operateClient/statistic/district: the report by district (every district of the city), the same component as the supervisors' /report/region.
 */
export default function OperateStatisticDistrictPage() {
  return <RegionReport />;
}
