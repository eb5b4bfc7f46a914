import { useExternalLinks } from '../../../app/external-links.ts';
import { ExternalSystemCard } from '../../../components/ExternalSystemCard.tsx';
import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /guaranteePlatform/toSYX: Credit management. Open the external credit management system to check enterprises that
 * authorised you.
 */
export default function GuaranteeToSyxPage() {
  const { toSyxUrl } = useExternalLinks();
  return (
    <RoutePage>
      <ExternalSystemCard url={toSyxUrl} nameKey="external.syxName" hintKey="external.syxHint" />
    </RoutePage>
  );
}
