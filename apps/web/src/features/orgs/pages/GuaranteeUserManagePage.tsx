import { StaffScreen } from '../components/StaffScreen.tsx';

/** /guaranteePlatform/my/userManage: Staff. Your company's staff accounts and roles. */
export default function GuaranteeUserManagePage() {
  return <StaffScreen />;
}
