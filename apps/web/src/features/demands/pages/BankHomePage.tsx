import { DemandWorkbenchHome } from '../components/DemandWorkbench.tsx';

/**
 * /financialInstitution/home: Workbench. Your bank's workbench: demands waiting for acceptance (soonest deadline
 * first), deadline warnings and your figures.
 */
export default function BankHomePage() {
  return <DemandWorkbenchHome area="financialInstitution" />;
}
