import { RoutePage } from '../../../components/RoutePage.tsx';

/** /financialInstitution/my/userManage: Staff. Your bank's staff accounts and roles. */
export default function BankUserManagePage() {
  return <RoutePage kind="list" />;
}
