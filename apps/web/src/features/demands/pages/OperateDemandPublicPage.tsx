import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/demand/public: Public demands. All public demands of the city and who took them; follow those left
 * unaccepted past the deadline.
 */
export default function OperateDemandPublicPage() {
  return <RoutePage kind="list" />;
}
