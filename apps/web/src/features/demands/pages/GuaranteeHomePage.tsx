import { DemandWorkbenchHome } from '../components/DemandWorkbench.tsx';

/**
 * /guaranteePlatform/home: Workbench. Your company's workbench: guarantee demands waiting for you, deadline warnings
 * and your figures.
 */
export default function GuaranteeHomePage() {
  return <DemandWorkbenchHome area="guaranteePlatform" />;
}
