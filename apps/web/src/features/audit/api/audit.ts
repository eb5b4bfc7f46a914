import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditPageQuery } from '@phjr/contract/audit/audit-page';
import type { Page } from '@phjr/contract/envelope';
import { get } from '../../../lib/request.ts';

export function useAuditPage(query: AuditPageQuery) {
  return useQuery({
    queryKey: ['audit', 'page', query],
    queryFn: async () => (await get<Page<AuditEntry>>('/finance/audit/page.json', { ...query })).data,
    placeholderData: keepPreviousData,
  });
}
