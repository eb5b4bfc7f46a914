import { RoutePage } from '../../../components/RoutePage.tsx';

/** /financialInstitution/my/editPhone: Change phone number. Change the phone number of your account. */
export default function BankEditPhonePage() {
  return <RoutePage kind="form" />;
}
