import { UserDemandScreen } from '../components/UserDemandScreen.tsx';

/** /userClient/demand/guarantee: Guarantee demands. Your demands addressed to a guarantee company and its partner bank. */
export default function UserDemandGuaranteePage() {
  return <UserDemandScreen type="GUARANTEE" />;
}
