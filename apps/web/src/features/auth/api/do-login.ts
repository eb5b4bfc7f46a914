import { useMutation } from '@tanstack/react-query';
import { ZSsoLoginFailure, ZSsoLoginResponse, type SsoLoginRequest } from '@phjr/contract/auth/sso';
import { post, RequestError } from '../../../lib/request.ts';

export type LoginOutcome =
  | { ok: true; redirectUrl: string }
  | { ok: false; errorCode: string | null; errorMessage: string | null; captchaRequired: boolean };

/**
 * POST /ssoserver/doLogin (JSON). The page shows failures itself (an Alert above the form), so the global handler
 * is skipped; a failure that is not a login answer (network, server down) is rethrown.
 */
export async function submitSsoLogin(req: SsoLoginRequest): Promise<LoginOutcome> {
  try {
    const res = await post('/ssoserver/doLogin', req, { schema: ZSsoLoginResponse, skipErrorHandler: true });
    return { ok: true, redirectUrl: res.data.redirectUrl };
  } catch (err) {
    if (!(err instanceof RequestError) || !err.info) throw err;
    const failure = ZSsoLoginFailure.safeParse(err.info.data);
    return {
      ok: false,
      errorCode: err.info.errorCode ?? null,
      errorMessage: err.info.errorMessage ?? null,
      captchaRequired: failure.success ? failure.data.captchaRequired : err.info.errorCode === 'CAPTCHA_REQUIRED',
    };
  }
}

export function useSsoLogin() {
  return useMutation({ mutationFn: submitSsoLogin });
}
