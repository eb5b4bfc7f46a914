import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /guaranteePlatform/demand/orientation: Targeted demands. Targeted demands addressed to your company and their
 * progress.
 */
export default function GuaranteeDemandOrientationPage() {
  return <RoutePage kind="list" />;
}
