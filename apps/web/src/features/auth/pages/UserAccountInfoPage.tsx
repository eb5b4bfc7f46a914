import { RoutePage } from '../../../components/RoutePage.tsx';

/** /userClient/my/accountInfo: Account information. Your account details, account type and certification status. */
export default function UserAccountInfoPage() {
  return <RoutePage kind="form" />;
}
