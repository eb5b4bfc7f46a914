import { useQuery } from '@tanstack/react-query';
import { callFirstRoute, firstRouteOps } from '../lib/first-route-client.ts';
import { FIRST_LOAN_CENTRE_DEFAULT_URL, type RouteDef } from './route-defs.ts';

/**
 * External systems the product links to: the first-loan service centre (the one external entry of routes.json)
 * and toSYX, the credit-management system. The operator sets both (GET /finance/portal/system/links.json); until
 * that answers, or if it fails, the build's Vite env variable or a harmless demo default stands in for the first-loan
 * centre. toSYX has no default: its card shows only when the operator configured an address (the server answers ''
 * otherwise), so no page links to a system that does not exist.
 */
const env = import.meta.env as Record<string, string | undefined>;

export interface ExternalLinks {
  firstLoanCentreUrl: string;
  toSyxUrl: string;
}

export const DEFAULT_LINKS: ExternalLinks = {
  firstLoanCentreUrl: env.VITE_FIRST_LOAN_CENTRE_URL || FIRST_LOAN_CENTRE_DEFAULT_URL,
  toSyxUrl: '',
};

/** The portal frame shows these links: the contract is a type-only import so zod stays off the first route. */
export function useExternalLinks(): ExternalLinks {
  const { data } = useQuery({
    queryKey: ['externalLinks'],
    queryFn: async () => callFirstRoute(firstRouteOps.links, {}, { skipErrorHandler: true }),
    staleTime: 30 * 60_000,
  });
  return data ?? DEFAULT_LINKS;
}

/** The URL of an external route-table entry (only the first-loan centre is one). */
export function externalHref(def: RouteDef, links: ExternalLinks): string {
  if (!def.external) throw new Error('not an external entry');
  return links[def.external.link] || def.external.defaultUrl;
}
