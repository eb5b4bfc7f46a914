import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /userClient/demand/public: Public demands. Public demands you posted and how far they have got; withdraw one
 * before a bank accepts it.
 */
export default function UserDemandPublicPage() {
  return <RoutePage kind="list" />;
}
