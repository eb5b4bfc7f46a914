import { useQuery } from '@tanstack/react-query';
import { agreementOps, type AgreementKind } from '@phjr/contract/content/agreement';
import { callOperation } from '../../../lib/operation-client.ts';

/**
 * agreementOps.latest (public): the version in force, which registration shows and the new
 * account accepts. None published yet is a failed call (AGREEMENT_NOT_FOUND), not shown: the page says the text is
 * missing.
 */
export function useLatestAgreement(kind: AgreementKind) {
  return useQuery({
    queryKey: ['agreement', 'latest', kind],
    queryFn: ({ signal }) => callOperation(agreementOps.latest, { query: { kind } }, { signal, skipErrorHandler: true }),
    staleTime: 5 * 60_000,
  });
}
