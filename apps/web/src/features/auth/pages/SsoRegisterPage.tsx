import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /sso/register: registration of persons and enterprises (issue 3 fills it)
 *
 */
export default function SsoRegisterPage() {
  return <RoutePage kind="form" />;
}
