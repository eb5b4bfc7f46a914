import { UserDemandScreen } from '../components/UserDemandScreen.tsx';

/** /userClient/demand/public: Public demands. Your public demands: every bank of your district may take one up. */
export default function UserDemandPublicPage() {
  return <UserDemandScreen type="PUBLIC" />;
}
