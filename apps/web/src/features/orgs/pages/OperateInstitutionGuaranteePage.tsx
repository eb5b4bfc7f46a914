import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/institution/guarantee: Guarantee companies. Guarantee companies on the platform and their service
 * details.
 */
export default function OperateInstitutionGuaranteePage() {
  return <RoutePage kind="list" />;
}
