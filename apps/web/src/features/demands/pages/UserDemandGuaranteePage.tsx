import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /userClient/demand/guarantee: Guarantee demands. Demands you addressed to a guarantee company, and their guarantee
 * and loan progress.
 */
export default function UserDemandGuaranteePage() {
  return <RoutePage kind="list" />;
}
