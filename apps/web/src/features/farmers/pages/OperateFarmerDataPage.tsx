import { FarmerDataScreen } from '../components/FarmerDataScreen.tsx';

/**
 * /operateClient/farmer-data: Farmer data. Every district's records (masked), the village view, export, and the
 * import with its failed rows; the operator may read one record unmasked, with a reason, audited.
 */
export default function OperateFarmerDataPage() {
  return <FarmerDataScreen />;
}
