import { RoutePage } from '../../../components/RoutePage.tsx';

/** /operateClient/users/personal: Personal users. Personal accounts and their status. */
export default function OperateUsersPersonalPage() {
  return <RoutePage kind="list" />;
}
