import { DemandWorkbenchHome } from '../components/DemandWorkbench.tsx';

/**
 * /operateClient/home: Workbench. The operator's workbench: products waiting for review, back-fill imports to check,
 * demands close to their deadline and the platform's key figures.
 */
export default function OperateHomePage() {
  return <DemandWorkbenchHome area="operateClient" />;
}
