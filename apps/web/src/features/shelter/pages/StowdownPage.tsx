import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /stowdown: Financial shelter. The financial shelter helps enterprises in temporary difficulty. Describe the
 * difficulty and the help you need (extension, rate relief, new credit, a new repayment plan); the supervisors
 * arrange a bank.
 */
export default function StowdownPage() {
  return <RoutePage kind="overview" />;
}
