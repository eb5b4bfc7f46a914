import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /supervisionClient/shelter/unShelter: Pending applications. Applications not yet admitted (pending or refused);
 * admit one and assign a bank.
 */
export default function SupervisionUnShelterPage() {
  return <RoutePage kind="list" />;
}
