import { useQuery } from '@tanstack/react-query';
import { ZAgreement, type AgreementKind } from '@phjr/contract/content/agreement';
import { get } from '../../../lib/request.ts';

/**
 * GET /zscms/agreement/latest.json?kind= (public): the version in force, which registration shows and the new
 * account accepts. Null while none has been published. A failure is not shown: the page says the text is missing.
 */
export function useLatestAgreement(kind: AgreementKind) {
  return useQuery({
    queryKey: ['agreement', 'latest', kind],
    queryFn: async () => (await get('/zscms/agreement/latest.json', { kind }, { schema: ZAgreement.nullable(), skipErrorHandler: true })).data,
    staleTime: 5 * 60_000,
  });
}
