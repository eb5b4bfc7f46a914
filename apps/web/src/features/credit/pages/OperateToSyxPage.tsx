import { CreditPageFrame } from '../components/CreditPageFrame.tsx';
import { AuditCreditScreen } from '../components/AuditCreditScreen.tsx';

/** /operateClient/toSYX: Credit management. Every institutional query with its figures (by institution, by purpose, refusals) and the Excel export. */
export default function OperateToSyxPage() {
  return (
    <CreditPageFrame>
      <AuditCreditScreen />
    </CreditPageFrame>
  );
}
