import { RoutePage } from '../../../components/RoutePage.tsx';

/** /supervisionClient/shelter/allShelter: All applications. Every financial shelter application and its state. */
export default function SupervisionAllShelterPage() {
  return <RoutePage kind="list" />;
}
