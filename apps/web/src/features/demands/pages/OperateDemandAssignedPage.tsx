import { OperateDemandScreen } from '../components/OperateDemandScreen.tsx';

/** /operateClient/demand/assigned: Targeted demands. Targeted demands addressed to a bank, and how far each has got. */
export default function OperateDemandAssignedPage() {
  return <OperateDemandScreen view="assigned" />;
}
