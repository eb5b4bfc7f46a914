import { RolesScreen } from '../components/RolesScreen.tsx';

/**
 * /operateClient/platform/roles: Roles. Roles: the pages and API permissions each includes; changes apply to
 * everyone holding the role.
 */
export default function OperatePlatformRolesPage() {
  return <RolesScreen />;
}
