import { QueryClient } from '@tanstack/react-query';

/** SPEC 7: cached data lives 5 minutes; a refocused window refreshes anything older than 5 seconds. */
export const GC_TIME_MS = 5 * 60_000;
export const STALE_TIME_MS = 5_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: GC_TIME_MS,
        staleTime: STALE_TIME_MS,
        refetchOnWindowFocus: true,
        // The request layer has already told the user about a failure; a retry would only repeat the message.
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one client; tests make their own with createQueryClient(). */
export const queryClient = createQueryClient();
