import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /userClient/my/userManagement: Sub-accounts. The enterprise main account creates and manages sub-accounts here and
 * sets what each may do.
 */
export default function UserSubAccountPage() {
  return <RoutePage kind="list" />;
}
