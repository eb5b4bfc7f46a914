import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /chainChildren: Chain details. One industrial chain in detail: its enterprises, partner banks, dedicated products,
 * financing figures and news.
 */
export default function ChainChildrenPage() {
  return <RoutePage kind="detail" />;
}
