import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /supervisionClient/demand/public: Public demands. Public demands in your area and their acceptance; urge action on
 * overdue ones.
 */
export default function SupervisionDemandPublicPage() {
  return <RoutePage kind="list" />;
}
