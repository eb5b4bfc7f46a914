import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /userClient/my/editPassword: Change password. Change your password after confirming the current one or an SMS
 * code.
 */
export default function UserEditPasswordPage() {
  return <RoutePage kind="form" />;
}
