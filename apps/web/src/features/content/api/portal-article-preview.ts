import { useQuery } from '@tanstack/react-query';
import { articleOps, type ArticleDetail } from '@phjr/contract/content/article';
import { callOperation } from '../../../lib/operation-client.ts';
import { RequestError, handleRequestError, isSessionError } from '../../../lib/request.ts';
import { isArticleNotFound } from './portal-articles.ts';

/** Why a preview cannot be shown: the page explains each in a sentence instead of bouncing the reader to a login. */
export type PreviewRefusal = 'signIn' | 'forbidden' | 'notFound';

export function previewRefusal(err: unknown): PreviewRefusal | null {
  if (isSessionError(err)) return 'signIn';
  if (isArticleNotFound(err)) return 'notFound';
  if (
    err instanceof RequestError &&
    (err.status === 403 || ['FORBIDDEN', 'ARTICLE_CHANNEL_FORBIDDEN'].includes(err.info?.errorCode ?? ''))
  ) {
    return 'forbidden';
  }
  return null;
}

/**
 * articleOps.adminDetail: an article in any state, for its authors (no view is counted); what
 * /news/newsPreview shows. Only called for a signed-in user.
 */
export function useArticlePreview(id: number | null, enabled: boolean) {
  return useQuery<ArticleDetail>({
    queryKey: ['portal', 'article-preview', id],
    queryFn: async ({ signal }) => {
      try {
        return await callOperation(articleOps.adminDetail, { query: { id: id! } }, { signal, skipErrorHandler: true });
      } catch (err) {
        if (!previewRefusal(err)) await handleRequestError(err);
        throw err;
      }
    },
    enabled: enabled && id !== null,
    // An author previews while editing in another tab: show the latest text on every return to this one.
    staleTime: 0,
  });
}
