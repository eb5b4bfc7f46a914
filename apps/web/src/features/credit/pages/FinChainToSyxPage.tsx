import { CreditPageFrame } from '../components/CreditPageFrame.tsx';
import { InstitutionCreditScreen } from '../components/InstitutionCreditScreen.tsx';

/** /financialChain/toSYX: Credit management. The bank's credit page in the chain client: queries under consent, consents held, its queries. */
export default function FinChainToSyxPage() {
  return (
    <CreditPageFrame>
      <InstitutionCreditScreen />
    </CreditPageFrame>
  );
}
