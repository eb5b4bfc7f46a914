import { SupervisorShelterScreen } from '../components/SupervisorShelterScreen.tsx';

/** /supervisionClient/shelter/unShelter: Pending applications (applied, under review, refused): review against the admission criteria, admit with a lead bank or refuse. */
export default function SupervisionUnShelterPage() {
  return <SupervisorShelterScreen view="UN" />;
}
