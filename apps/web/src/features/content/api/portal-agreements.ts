import { useQuery } from '@tanstack/react-query';
import type { Agreement, AgreementKind } from '@phjr/contract/content/agreement';
import { RequestError, get, handleRequestError } from '../../../lib/request.ts';

export const LATEST_AGREEMENT_URL = '/zscms/agreement/latest.json';

/** The operator has not published this agreement yet: the page says so instead of showing an error. */
export function isAgreementMissing(err: unknown): boolean {
  return err instanceof RequestError && (err.info?.errorCode === 'AGREEMENT_NOT_FOUND' || err.status === 404);
}

/** GET /zscms/agreement/latest.json?kind= (public): the version in force. */
export function useLatestAgreement(kind: AgreementKind) {
  return useQuery({
    queryKey: ['portal', 'agreement', kind],
    queryFn: async ({ signal }) => {
      try {
        return (await get<Agreement>(LATEST_AGREEMENT_URL, { kind }, { signal, skipErrorHandler: true })).data;
      } catch (err) {
        if (!isAgreementMissing(err)) await handleRequestError(err);
        throw err;
      }
    },
    staleTime: 5 * 60_000,
  });
}
