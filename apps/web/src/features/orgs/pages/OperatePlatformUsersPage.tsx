import { PlatformUsersScreen } from '../components/PlatformUsersScreen.tsx';

/**
 * /operateClient/platform/users: Staff accounts. Staff accounts of every institution: create, disable, reset
 * passwords and assign roles.
 */
export default function OperatePlatformUsersPage() {
  return <PlatformUsersScreen />;
}
