import { useQuery } from '@tanstack/react-query';
import { ssoOps } from '@phjr/contract/auth/sso';
import { callOperation } from '../../../lib/operation-client.ts';

export const CAPTCHA_KEY = ['ssoCaptcha'] as const;

/** A single-use picture captcha, valid 2 minutes. */
export async function fetchCaptcha() {
  return callOperation(ssoOps.captcha, {});
}

/**
 * The captcha of one place on the page (`scope`): two on one page (the SMS field's and a password form's) must not
 * share a picture, since sending one would spend the other.
 */
export function useCaptcha(enabled: boolean, scope = 'login') {
  return useQuery({
    queryKey: [...CAPTCHA_KEY, scope],
    queryFn: fetchCaptcha,
    enabled,
    // A new picture appears only when the user asks or a try used it up, never under their typing on refocus.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
