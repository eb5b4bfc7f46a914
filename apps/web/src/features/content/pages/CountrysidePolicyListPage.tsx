import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /countryside-develop/policy-list-countryside: Rural revitalisation policies. Financial support policies and
 * documents for rural revitalisation.
 */
export default function CountrysidePolicyListPage() {
  return <RoutePage kind="list" />;
}
