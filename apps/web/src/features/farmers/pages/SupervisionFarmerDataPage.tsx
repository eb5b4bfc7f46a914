import { FarmerDataScreen } from '../components/FarmerDataScreen.tsx';

/**
 * /supervisionClient/farmer-data: Farmer data. The records of the supervisor's district (a city-level unit: all),
 * masked, the village view, export and the import; the unmasked read only with farmer:sensitive (the finance bureau).
 */
export default function SupervisionFarmerDataPage() {
  return <FarmerDataScreen />;
}
