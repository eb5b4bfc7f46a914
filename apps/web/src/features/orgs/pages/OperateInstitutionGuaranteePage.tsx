import { OrgListScreen } from '../components/OrgListScreen.tsx';

/**
 * /operateClient/institution/guarantee: Guarantee companies. Guarantee companies on the platform and their service
 * details.
 */
export default function OperateInstitutionGuaranteePage() {
  return <OrgListScreen kind="GUARANTEE" />;
}
