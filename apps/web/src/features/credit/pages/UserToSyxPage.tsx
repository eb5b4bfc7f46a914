import { useExternalLinks } from '../../../app/external-links.ts';
import { ExternalSystemCard } from '../../../components/ExternalSystemCard.tsx';
import { RoutePage } from '../../../components/RoutePage.tsx';

/** /userClient/toSYX: Credit management. Open the external credit management system to view your credit information. */
export default function UserToSyxPage() {
  const { toSyxUrl } = useExternalLinks();
  return (
    <RoutePage>
      <ExternalSystemCard url={toSyxUrl} nameKey="external.syxName" hintKey="external.syxHint" />
    </RoutePage>
  );
}
