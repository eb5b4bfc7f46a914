import { BankReport } from '../reports/BankReport.tsx';

/**
 * /operateClient/statistic/bank: the report by bank (the bank tree and the scorecard), the same component as the supervisors' /report/bank.
 */
export default function OperateStatisticBankPage() {
  return <BankReport />;
}
