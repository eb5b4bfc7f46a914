import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /credit: Credit information. Credit system news, credit ratings and the results of credit-based lending. With a
 * district in the address, only that district's figures are shown.
 */
export default function CreditPage() {
  return <RoutePage kind="overview" />;
}
