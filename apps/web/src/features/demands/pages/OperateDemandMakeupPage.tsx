import { RoutePage } from '../../../components/RoutePage.tsx';

/** /operateClient/demand/makeup: Loan back-filling. Back-fill loans granted offline, one by one or by Excel import. */
export default function OperateDemandMakeupPage() {
  return <RoutePage kind="list" />;
}
