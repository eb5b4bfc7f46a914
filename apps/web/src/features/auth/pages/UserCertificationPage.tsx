import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /userClient/certification: Identity certification. Submit your certification details: enterprises give their
 * unified social credit code and legal representative, persons their identity.
 */
export default function UserCertificationPage() {
  return <RoutePage kind="form" />;
}
