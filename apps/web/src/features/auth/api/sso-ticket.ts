import { useQuery } from '@tanstack/react-query';
import { ssoOps } from '@phjr/contract/auth/sso';
import { callOperation } from '../../../lib/operation-client.ts';

/**
 * With a live SSO cookie the page gets a ticket without showing the form. Any failure
 * (no session, address not allowed) just means "show the form"; loginPageInfo explains the address problem.
 */
export async function requestSsoTicket(redirect: string): Promise<string | null> {
  try {
    const data = await callOperation(ssoOps.ticket, { body: { redirect } }, { skipErrorHandler: true });
    return data?.redirectUrl ?? null;
  } catch {
    return null;
  }
}

/** As a query so React's double effects in development cannot issue two tickets. */
export function useSsoTicket(redirect: string) {
  return useQuery({
    queryKey: ['ssoTicket', redirect],
    queryFn: () => requestSsoTicket(redirect),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
