import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /tech: Tech finance. The tech finance corner: products such as IP-pledge and tech credit loans, and the support
 * policies for technology enterprises.
 */
export default function TechPage() {
  return <RoutePage kind="overview" />;
}
