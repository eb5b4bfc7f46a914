import { StaffScreen } from '../components/StaffScreen.tsx';

/** /financialInstitution/my/userManage: Staff. Your bank's staff accounts and roles. */
export default function BankUserManagePage() {
  return <StaffScreen />;
}
