import { useQuery } from '@tanstack/react-query';
import { agreementOps, type AgreementKind } from '@phjr/contract/content/agreement';
import { callOperation } from '../../../lib/operation-client.ts';
import { RequestError, handleRequestError } from '../../../lib/request.ts';

/** The operator has not published this agreement yet: the page says so instead of showing an error. */
export function isAgreementMissing(err: unknown): boolean {
  return err instanceof RequestError && (err.info?.errorCode === 'AGREEMENT_NOT_FOUND' || err.status === 404);
}

/** The version in force of one agreement (public). */
export function useLatestAgreement(kind: AgreementKind) {
  return useQuery({
    queryKey: ['portal', 'agreement', kind],
    queryFn: async ({ signal }) => {
      try {
        return await callOperation(agreementOps.latest, { query: { kind } }, { signal, skipErrorHandler: true });
      } catch (err) {
        if (!isAgreementMissing(err)) await handleRequestError(err);
        throw err;
      }
    },
    staleTime: 5 * 60_000,
  });
}
