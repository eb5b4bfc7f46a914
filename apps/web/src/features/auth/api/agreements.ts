import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { AGREEMENT_KINDS, agreementOps, type AgreementKind } from '@phjr/contract/content/agreement';
import { callOperation } from '../../../lib/operation-client.ts';

/**
 * agreementOps.latest (public): the version in force, which registration shows and the new
 * account accepts. None published yet is a failed call (AGREEMENT_NOT_FOUND), not shown: the page says the text is
 * missing.
 */
const latestQuery = (kind: AgreementKind) => ({
  queryKey: ['agreement', 'latest', kind],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callOperation(agreementOps.latest, { query: { kind } }, { signal, skipErrorHandler: true }),
  staleTime: 5 * 60_000,
});

export function useLatestAgreement(kind: AgreementKind) {
  return useQuery(latestQuery(kind));
}

/**
 * The versions the registration page shows, which the new account accepts: their ids go with the registration, and
 * `reload` fetches the versions in force again after the server said a newer one was published (AGREEMENT_OUTDATED).
 */
export function useShownAgreements() {
  const client = useQueryClient();
  const ids = useQueries({ queries: AGREEMENT_KINDS.map(latestQuery) })
    .map((q) => q.data?.id)
    .filter((id): id is number => id !== undefined);
  return { ids, reload: () => client.invalidateQueries({ queryKey: ['agreement', 'latest'] }) };
}
