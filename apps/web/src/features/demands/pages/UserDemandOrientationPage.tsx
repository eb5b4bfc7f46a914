import { UserDemandScreen } from '../components/UserDemandScreen.tsx';

/** /userClient/demand/orientation: Targeted demands. Your demands addressed to one bank (often through a product). */
export default function UserDemandOrientationPage() {
  return <UserDemandScreen type="ORIENTATION" />;
}
