import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /financialInstitution/demand/orientation: Targeted demands. Demands addressed to your bank; accept them in time
 * and record the loan or the refusal.
 */
export default function BankDemandOrientationPage() {
  return <RoutePage kind="list" />;
}
