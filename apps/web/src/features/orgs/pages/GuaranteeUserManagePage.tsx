import { RoutePage } from '../../../components/RoutePage.tsx';

/** /guaranteePlatform/my/userManage: Staff. Your company's staff accounts and roles. */
export default function GuaranteeUserManagePage() {
  return <RoutePage kind="list" />;
}
