import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /userClient/shelter: Financial shelter. Your financial shelter applications, the decision on each and the help
 * given.
 */
export default function UserShelterPage() {
  return <RoutePage kind="list" />;
}
