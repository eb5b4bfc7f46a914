import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /pact: Platform agreements. The current user agreement and privacy policy. Registering and using the platform
 * means accepting them.
 */
export default function PactPage() {
  return <RoutePage kind="article" />;
}
