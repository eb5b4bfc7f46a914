import { CreditPageFrame } from '../components/CreditPageFrame.tsx';
import { AuditCreditScreen } from '../components/AuditCreditScreen.tsx';

/** /supervisionClient/toSYX: Credit management. The query log of the supervisor's area with its figures (by institution, by purpose, refusals) and the Excel export. */
export default function SupervisionToSyxPage() {
  return (
    <CreditPageFrame>
      <AuditCreditScreen />
    </CreditPageFrame>
  );
}
