import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /supermarket: Financial supermarket. Listed loan products of every bank in the city. Filter and sort by bank, loan
 * type, guarantee method, amount, term and industrial chain; applying for a product sends a targeted demand to its
 * bank.
 */
export default function SupermarketPage() {
  return <RoutePage kind="list" />;
}
