import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageOps, type MessagePageQuery } from '@phjr/contract/notify/messages';
import { callOperation } from '../../../lib/operation-client.ts';

export const MESSAGES_KEY = ['messages'] as const;
/** The bell polls every 30 s, and on focus (the query client's default). */
export const UNREAD_POLL_MS = 30_000;

export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'unread'],
    queryFn: async ({ signal }) => (await callOperation(messageOps.unreadCount, {}, { signal })).count,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    enabled,
  });
}

export function useMessagePage(query: MessagePageQuery, enabled = true) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'page', query],
    queryFn: ({ signal }) => callOperation(messageOps.page, { query }, { signal }),
    enabled,
  });
}

/** Marks some (ids) or all of the user's messages read, then refreshes the count and the lists. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | 'all') =>
      ids === 'all' ? callOperation(messageOps.readAll, {}) : callOperation(messageOps.read, { body: { ids } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}
