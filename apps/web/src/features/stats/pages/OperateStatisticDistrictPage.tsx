import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/statistic/district: By district. Demands, acceptances, amounts granted and success rate by
 * district; filter by date and export.
 */
export default function OperateStatisticDistrictPage() {
  return <RoutePage kind="report" />;
}
