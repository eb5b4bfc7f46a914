import { CreditPageFrame } from '../components/CreditPageFrame.tsx';
import { AuditCreditScreen } from '../components/AuditCreditScreen.tsx';

/** /govermentChain/toSYX: Credit management. The query log of the supervisor's area with its figures, in the chain client. */
export default function GovChainToSyxPage() {
  return (
    <CreditPageFrame>
      <AuditCreditScreen />
    </CreditPageFrame>
  );
}
