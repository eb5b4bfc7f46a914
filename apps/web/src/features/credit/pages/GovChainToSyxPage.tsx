import { useExternalLinks } from '../../../app/external-links.ts';
import { ExternalSystemCard } from '../../../components/ExternalSystemCard.tsx';
import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /govermentChain/toSYX: Credit management. Open the external credit management system to view chain enterprises'
 * credit data.
 */
export default function GovChainToSyxPage() {
  const { toSyxUrl } = useExternalLinks();
  return (
    <RoutePage>
      <ExternalSystemCard url={toSyxUrl} nameKey="external.syxName" hintKey="external.syxHint" />
    </RoutePage>
  );
}
