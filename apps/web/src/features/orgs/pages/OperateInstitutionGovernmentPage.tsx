import { OrgListScreen } from '../components/OrgListScreen.tsx';

/**
 * /operateClient/institution/government: Government departments. Government departments on the platform (including
 * the finance and human-resources bureaus) and their regions.
 */
export default function OperateInstitutionGovernmentPage() {
  return <OrgListScreen kind="GOVERNMENT" />;
}
