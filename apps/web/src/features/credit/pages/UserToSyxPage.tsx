import { CreditPageFrame } from '../components/CreditPageFrame.tsx';
import { SubjectCreditScreen } from '../components/SubjectCreditScreen.tsx';

/** /userClient/toSYX: Credit management. The enterprise's consents (give, revoke) and who queried it; a person's, for the enterprises it acts for. */
export default function UserToSyxPage() {
  return (
    <CreditPageFrame>
      <SubjectCreditScreen />
    </CreditPageFrame>
  );
}
