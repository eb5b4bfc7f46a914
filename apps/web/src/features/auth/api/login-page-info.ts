import { useQuery } from '@tanstack/react-query';
import { ssoOps } from '@phjr/contract/auth/sso';
import { callOperation } from '../../../lib/operation-client.ts';

/** Is the captcha already required here, and may this page return to `redirect`? */
export async function fetchLoginPageInfo(redirect: string) {
  // The page shows its own Result when this fails, so the global toast would only say it twice.
  return callOperation(ssoOps.loginPageInfo, { query: { redirect } }, { skipErrorHandler: true });
}

export function useLoginPageInfo(redirect: string) {
  return useQuery({
    queryKey: ['ssoLoginPageInfo', redirect],
    queryFn: () => fetchLoginPageInfo(redirect),
    refetchOnWindowFocus: false,
  });
}
