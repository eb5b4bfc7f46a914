import { DemandWorkbenchHome } from '../components/DemandWorkbench.tsx';

/**
 * /supervisionClient/home: Workbench. The supervisor's workbench: overdue demands in your area, shelter applications
 * to decide and key figures.
 */
export default function SupervisionHomePage() {
  return <DemandWorkbenchHome area="supervisionClient" />;
}
