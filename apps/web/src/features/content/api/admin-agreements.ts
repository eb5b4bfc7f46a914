import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agreementOps, type AgreementKind, type SaveAgreementRequest } from '@phjr/contract/content/agreement';
import { callOperation } from '../../../lib/operation-client.ts';

/** The back office's agreement calls (`agreementOps`, content:manage). */

const KEY = ['content-admin', 'agreements'] as const;

/** Every version of one kind, newest (the one in force) first. */
export function useAgreementVersions(kind: AgreementKind) {
  return useQuery({
    queryKey: [...KEY, kind],
    queryFn: ({ signal }) => callOperation(agreementOps.versions, { query: { kind } }, { signal }),
  });
}

/** Saves the next version, in force at once. */
export function useSaveAgreement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAgreementRequest) => callOperation(agreementOps.save, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
