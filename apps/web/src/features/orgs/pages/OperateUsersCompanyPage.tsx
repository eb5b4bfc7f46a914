import { UserListScreen } from '../components/UserListScreen.tsx';

/** /operateClient/users/company: Enterprise users. Enterprise accounts, their certification and their sub-accounts. */
export default function OperateUsersCompanyPage() {
  return <UserListScreen accountType="ENTERPRISE" />;
}
