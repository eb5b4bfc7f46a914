import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /supervisionClient/shelter/inShelter: Sheltered enterprises. Sheltered enterprises and the help their banks give;
 * record the outcome when help ends.
 */
export default function SupervisionInShelterPage() {
  return <RoutePage kind="list" />;
}
