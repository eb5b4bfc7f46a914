import { RoutePage } from '../../../components/RoutePage.tsx';

/** /userClient/my/bindPhone: Bind phone number. Bind a phone number to receive notices and recover your password. */
export default function UserBindPhonePage() {
  return <RoutePage kind="form" />;
}
