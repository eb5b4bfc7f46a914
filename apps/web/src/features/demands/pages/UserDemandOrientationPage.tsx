import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /userClient/demand/orientation: Targeted demands. Demands you addressed to a bank (including product applications
 * from the supermarket) and their progress.
 */
export default function UserDemandOrientationPage() {
  return <RoutePage kind="list" />;
}
