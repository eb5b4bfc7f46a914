import { CreditPageFrame } from '../components/CreditPageFrame.tsx';
import { InstitutionCreditScreen } from '../components/InstitutionCreditScreen.tsx';

/** /financialInstitution/toSYX: Credit management. Query an enterprise under its consent, the consents the bank holds and when they expire, its queries. */
export default function BankToSyxPage() {
  return (
    <CreditPageFrame>
      <InstitutionCreditScreen />
    </CreditPageFrame>
  );
}
