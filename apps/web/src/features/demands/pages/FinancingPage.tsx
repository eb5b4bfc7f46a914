import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /financing: Financing demands. The financing demand hall: enterprises and individuals post what they need and
 * banks take it up online. Signed in, you can post a public demand or address one bank or guarantee company.
 */
export default function FinancingPage() {
  return <RoutePage kind="list" />;
}
