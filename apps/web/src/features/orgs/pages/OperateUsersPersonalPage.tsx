import { UserListScreen } from '../components/UserListScreen.tsx';

/** /operateClient/users/personal: Personal users. Personal accounts and their status. */
export default function OperateUsersPersonalPage() {
  return <UserListScreen accountType="PERSON" />;
}
