import { useMutation } from '@tanstack/react-query';
import { ssoOps, ZSsoLoginFailure, type SsoLoginRequest } from '@phjr/contract/auth/sso';
import { callOperation } from '../../../lib/operation-client.ts';
import { RequestError } from '../../../lib/request.ts';

export type LoginOutcome =
  | { ok: true; redirectUrl: string }
  | { ok: false; errorCode: string | null; errorMessage: string | null; captchaRequired: boolean };

/**
 * Password login on the SSO page (docs/sso.md step 3). The page shows failures itself (an Alert above the form), so the global handler
 * is skipped; a failure that is not a login answer (network, server down) is rethrown.
 */
export async function submitSsoLogin(req: SsoLoginRequest): Promise<LoginOutcome> {
  try {
    const data = await callOperation(ssoOps.login, { body: req }, { skipErrorHandler: true });
    return { ok: true, redirectUrl: data.redirectUrl };
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
