import { EditPhoneScreen } from '../components/EditPhoneForm.tsx';

/** /financialInstitution/my/editPhone: change the account's phone number. */
export default function BankEditPhonePage() {
  return <EditPhoneScreen />;
}
