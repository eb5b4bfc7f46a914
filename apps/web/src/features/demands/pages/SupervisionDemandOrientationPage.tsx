import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /supervisionClient/demand/orientation: Targeted demands. Targeted demands in your area and their progress; urge or
 * reassign overdue ones.
 */
export default function SupervisionDemandOrientationPage() {
  return <RoutePage kind="list" />;
}
