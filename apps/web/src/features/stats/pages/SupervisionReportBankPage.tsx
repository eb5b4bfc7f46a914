import { BankReport } from '../reports/BankReport.tsx';

/**
 * /supervisionClient/report/bank: the report by bank (the bank tree and the scorecard) in the supervisor's scope.
 */
export default function SupervisionReportBankPage() {
  return <BankReport />;
}
