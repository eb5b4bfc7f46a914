import { EditPhoneScreen } from '../components/EditPhoneForm.tsx';

/** /guaranteePlatform/my/editPhone: change the account's phone number. */
export default function GuaranteeEditPhonePage() {
  return <EditPhoneScreen />;
}
