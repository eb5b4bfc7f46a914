import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@phjr/contract/envelope';
import type { Message } from '@phjr/contract/notify/messages';
import { get, post } from '../../../lib/request.ts';

export const MESSAGES_KEY = ['messages'] as const;
/** The bell polls every 30 s, and on focus (the query client's default). */
export const UNREAD_POLL_MS = 30_000;

export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'unread'],
    queryFn: async () => (await get<{ count: number }>('/finance/message/unreadCount.json')).data.count,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    enabled,
  });
}

export function useMessagePage(params: { current: number; pageSize: number; read: 'all' | 'read' | 'unread' }, enabled = true) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'page', params],
    queryFn: async () => (await get<Page<Message>>('/finance/message/page.json', params)).data,
    enabled,
  });
}

/** Marks some (ids) or all of the user's messages read, then refreshes the count and the lists. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[] | 'all') =>
      (ids === 'all' ? await post<{ updated: number }>('/finance/message/readAll.json', {}) : await post<{ updated: number }>('/finance/message/read.json', { ids }))
        .data,
    onSuccess: () => qc.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}
