import { CreditPageFrame } from '../components/CreditPageFrame.tsx';
import { InstitutionCreditScreen } from '../components/InstitutionCreditScreen.tsx';

/** /guaranteePlatform/toSYX: Credit management. Query an enterprise under its consent, the consents the company holds and when they expire, its queries. */
export default function GuaranteeToSyxPage() {
  return (
    <CreditPageFrame>
      <InstitutionCreditScreen />
    </CreditPageFrame>
  );
}
