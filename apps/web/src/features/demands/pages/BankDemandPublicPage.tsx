import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /financialInstitution/demand/public: Public demands. Public demands of your region; the first bank to accept owns
 * the demand, then records the loan or the reason for refusal.
 */
export default function BankDemandPublicPage() {
  return <RoutePage kind="list" />;
}
