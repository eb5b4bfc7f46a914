import { EditPhoneScreen } from '../components/EditPhoneForm.tsx';

/** /userClient/my/editPhone: change the account's phone number. */
export default function UserEditPhonePage() {
  return <EditPhoneScreen />;
}
