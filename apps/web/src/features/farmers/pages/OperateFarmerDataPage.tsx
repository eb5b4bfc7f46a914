import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/farmer-data: Farmer data. Query and import farmer and agricultural-entity records; ID and phone
 * numbers masked by permission.
 */
export default function OperateFarmerDataPage() {
  return <RoutePage kind="list" />;
}
