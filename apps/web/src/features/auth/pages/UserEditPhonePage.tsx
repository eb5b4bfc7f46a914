import { RoutePage } from '../../../components/RoutePage.tsx';

/** /userClient/my/editPhone: Change phone number. Change your phone number after confirming the current one. */
export default function UserEditPhonePage() {
  return <RoutePage kind="form" />;
}
