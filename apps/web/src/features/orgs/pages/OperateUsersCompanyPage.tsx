import { RoutePage } from '../../../components/RoutePage.tsx';

/** /operateClient/users/company: Enterprise users. Enterprise accounts, their certification and their sub-accounts. */
export default function OperateUsersCompanyPage() {
  return <RoutePage kind="list" />;
}
