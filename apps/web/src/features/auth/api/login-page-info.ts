import { useQuery } from '@tanstack/react-query';
import { ZLoginPageInfo } from '@phjr/contract/auth/sso';
import { get } from '../../../lib/request.ts';

/** GET /ssoserver/loginPageInfo: is the captcha already required here, and may this page return to `redirect`? */
export async function fetchLoginPageInfo(redirect: string) {
  // The page shows its own Result when this fails, so the global toast would only say it twice.
  const res = await get('/ssoserver/loginPageInfo', { redirect }, { schema: ZLoginPageInfo, skipErrorHandler: true });
  return res.data;
}

export function useLoginPageInfo(redirect: string) {
  return useQuery({
    queryKey: ['ssoLoginPageInfo', redirect],
    queryFn: () => fetchLoginPageInfo(redirect),
    refetchOnWindowFocus: false,
  });
}
