import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /supervisionClient/farmer-data: Farmer data. Farmer and agricultural-entity records of your area, with sensitive
 * fields masked.
 */
export default function SupervisionFarmerDataPage() {
  return <RoutePage kind="list" />;
}
