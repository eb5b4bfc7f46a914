import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { UserInfo } from '@phjr/contract/auth/user-info';
import type { SysImage } from '@phjr/contract/system/sys-images';
import { ARTICLE_AUTH_KEY, USER_INFO_KEY, fetchCurrentUser, storedSessionUser, sysImagesQuery } from './session.ts';
import { STORAGE_KEYS, readItem } from './storage.ts';

/**
 * The ['userInfo'] query. It starts from the stored user so the top bar and the shells render the name at once
 * (no flash of a "log in" button), and refreshes it in the background (initialDataUpdatedAt 0 = stale).
 */
export function useCurrentUserQuery(): UseQueryResult<UserInfo | null> {
  return useQuery({
    queryKey: USER_INFO_KEY,
    queryFn: fetchCurrentUser,
    initialData: storedSessionUser,
    initialDataUpdatedAt: 0,
  });
}

/** The signed-in user, or null when signed out (no token, or a session that turned out dead). */
export function useCurrentUser(): UserInfo | null {
  return useCurrentUserQuery().data ?? null;
}

/** System images loaded at start-up (bootstrap prefetches them into the same query). */
export function useSysImages(): SysImage[] {
  return useQuery(sysImagesQuery).data ?? [];
}

/** SPEC 3 articleAuth: set 1 ms after a ticket login; read from storage on later visits. */
export function useArticleAuth(): boolean {
  const { data } = useQuery({
    queryKey: ARTICLE_AUTH_KEY,
    queryFn: () => readItem(STORAGE_KEYS.articleAuth) === 'true',
    staleTime: Infinity,
  });
  return data ?? false;
}
