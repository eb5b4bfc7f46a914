import { StaffScreen } from '../components/StaffScreen.tsx';

/** /supervisionClient/my/userManage: Staff. Your department's staff accounts and roles. */
export default function SupervisionUserManagePage() {
  return <StaffScreen />;
}
