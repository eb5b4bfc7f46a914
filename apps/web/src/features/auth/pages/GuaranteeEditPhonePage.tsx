import { RoutePage } from '../../../components/RoutePage.tsx';

/** /guaranteePlatform/my/editPhone: Change phone number. Change the phone number of your account. */
export default function GuaranteeEditPhonePage() {
  return <RoutePage kind="form" />;
}
