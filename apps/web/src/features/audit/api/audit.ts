import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditOps, type AuditPageQuery } from '@phjr/contract/audit/audit-page';
import { callOperation } from '../../../lib/operation-client.ts';

export function useAuditPage(query: AuditPageQuery) {
  return useQuery({
    queryKey: ['audit', 'page', query],
    queryFn: ({ signal }) => callOperation(auditOps.page, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
