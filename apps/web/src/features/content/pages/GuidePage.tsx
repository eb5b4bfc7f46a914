import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /guide: Service guide. Step-by-step help: registering, certification, posting a demand, applying for a product and
 * following its progress.
 */
export default function GuidePage() {
  return <RoutePage kind="article" />;
}
