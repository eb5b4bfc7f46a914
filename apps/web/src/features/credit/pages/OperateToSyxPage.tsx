import { useExternalLinks } from '../../../app/external-links.ts';
import { ExternalSystemCard } from '../../../components/ExternalSystemCard.tsx';
import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/toSYX: Credit management. Open the external credit management system to view and maintain credit
 * ratings.
 */
export default function OperateToSyxPage() {
  const { toSyxUrl } = useExternalLinks();
  return (
    <RoutePage>
      <ExternalSystemCard url={toSyxUrl} nameKey="external.syxName" hintKey="external.syxHint" />
    </RoutePage>
  );
}
