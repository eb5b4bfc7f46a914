import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /chain: Industrial chain finance. The city's key industrial chains with their enterprises, partner banks, results
 * and dedicated products.
 */
export default function ChainPage() {
  return <RoutePage kind="overview" />;
}
