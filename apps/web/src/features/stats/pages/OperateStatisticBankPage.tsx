import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/statistic/bank: By bank. Acceptances, amounts granted, average time to accept and overdue counts by
 * bank; filter by date and export.
 */
export default function OperateStatisticBankPage() {
  return <RoutePage kind="report" />;
}
