import { RoutePage } from '../../../components/RoutePage.tsx';

/** /supervisionClient/my/userManage: Staff. Your department's staff accounts and roles. */
export default function SupervisionUserManagePage() {
  return <RoutePage kind="list" />;
}
