import { RoutePage } from '../../../components/RoutePage.tsx';
import { BankShelterList } from '../components/ShelterCaseList.tsx';

/**
 * /financialInstitution/shelter (a route the product adds, docs/shelter.md): the sheltered enterprises the bank (or
 * the bank above it) leads or helps; each case opens with its plan, and "record help" records a measure.
 */
export default function BankShelterPage() {
  return (
    <RoutePage>
      <BankShelterList />
    </RoutePage>
  );
}
