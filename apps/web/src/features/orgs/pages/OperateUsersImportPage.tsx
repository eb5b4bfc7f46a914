import { UserImportScreen } from '../components/UserImportScreen.tsx';

/**
 * /operateClient/users/import: User import. Import user accounts from Excel: validated first, then imported, with
 * the result kept.
 */
export default function OperateUsersImportPage() {
  return <UserImportScreen />;
}
