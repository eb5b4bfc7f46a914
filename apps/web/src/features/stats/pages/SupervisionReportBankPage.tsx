import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /supervisionClient/report/bank: By bank. Acceptance rate, average times to accept and to grant, and overdue counts
 * by bank; filter by date and export.
 */
export default function SupervisionReportBankPage() {
  return <RoutePage kind="report" />;
}
