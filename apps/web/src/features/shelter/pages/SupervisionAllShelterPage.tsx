import { SupervisorShelterScreen } from '../components/SupervisorShelterScreen.tsx';

/** /supervisionClient/shelter/allShelter: Every shelter application of the supervisor's scope, in every state. */
export default function SupervisionAllShelterPage() {
  return <SupervisorShelterScreen view="ALL" />;
}
