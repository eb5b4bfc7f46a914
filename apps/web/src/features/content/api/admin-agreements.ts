import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAgreement, ZAgreementVersionsResponse, type AgreementKind, type SaveAgreementRequest } from '@phjr/contract/content/agreement';
import { get, post } from '../../../lib/request.ts';

/** The back office's agreement calls (`/zscms/agreement/...`, content:manage). */

const KEY = ['content-admin', 'agreements'] as const;

/** GET /zscms/agreement/versions.json?kind= : every version, newest (the one in force) first. */
export function useAgreementVersions(kind: AgreementKind) {
  return useQuery({
    queryKey: [...KEY, kind],
    queryFn: async () => (await get('/zscms/agreement/versions.json', { kind }, { schema: ZAgreementVersionsResponse })).data,
  });
}

/** POST /zscms/agreement/save.json: the next version, in force at once. */
export function useSaveAgreement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (req: SaveAgreementRequest) => (await post('/zscms/agreement/save.json', req, { schema: ZAgreement })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
