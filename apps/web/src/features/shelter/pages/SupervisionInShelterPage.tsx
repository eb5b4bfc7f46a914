import { SupervisorShelterScreen } from '../components/SupervisorShelterScreen.tsx';

/** /supervisionClient/shelter/inShelter: Sheltered enterprises and the help their banks give; urge the banks, close a case as exited with its outcome. */
export default function SupervisionInShelterPage() {
  return <SupervisorShelterScreen view="IN" />;
}
