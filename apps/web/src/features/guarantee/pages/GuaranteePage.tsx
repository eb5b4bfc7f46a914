import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /guarantee: Guarantee services. Guarantee companies of the city and their services. Enterprises short of
 * collateral can send a guarantee demand; the guarantee company then works with a partner bank on the loan.
 */
export default function GuaranteePage() {
  return <RoutePage kind="overview" />;
}
