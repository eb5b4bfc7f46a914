import { DemandWorkbenchHome } from '../components/DemandWorkbench.tsx';

/** /userClient/home: Workbench. Your workbench: demands in progress, things waiting for you and the latest messages. */
export default function UserHomePage() {
  return <DemandWorkbenchHome area="userClient" />;
}
