import type { ReactNode } from 'react';
import { useExternalLinks } from '../../../app/external-links.ts';
import { ExternalSystemCard } from '../../../components/ExternalSystemCard.tsx';
import { RoutePage } from '../../../components/RoutePage.tsx';
import './credit.css';

/**
 * A client's credit page (toSYX): the route's title, the role's screen, and the external credit system's card only
 * when the operator configured its address in the platform settings (the server answers '' otherwise).
 */
export function CreditPageFrame({ children }: { children: ReactNode }) {
  const { toSyxUrl } = useExternalLinks();
  return (
    <RoutePage>
      <div className="phjr-credit-stack">
        {children}
        <ExternalSystemCard url={toSyxUrl} nameKey="external.syxName" hintKey="external.syxHint" />
      </div>
    </RoutePage>
  );
}
