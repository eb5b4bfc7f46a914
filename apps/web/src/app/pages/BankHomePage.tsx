import { DemandWorkbenchHome } from '../../features/demands/components/DemandWorkbench.tsx';
import { BankShelterCard } from '../../features/shelter/components/BankShelterCard.tsx';
import { useCurrentUser } from '../../lib/session-hooks.ts';

/**
 * /financialInstitution/home: Workbench. Your bank's workbench: demands waiting for acceptance (soonest deadline
 * first), deadline warnings and your figures; and the sheltered enterprises your bank leads or helps (a user who may
 * record shelter help: shelter:help).
 */
export default function BankHomePage() {
  const user = useCurrentUser();
  const shelter = !!user?.permissions.includes('shelter:help');
  return <DemandWorkbenchHome area="financialInstitution" extra={shelter ? <BankShelterCard /> : null} />;
}
