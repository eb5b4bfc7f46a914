import type { ArticleChannel } from '@phjr/contract/content/channels';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useChainArticle } from '../api/portal-chain-articles.ts';
import { isArticleNotFound, usePortalArticle } from '../api/portal-articles.ts';
import { channelListPath } from '../../../components/article-links.ts';
import { ArticleView, type ArticleViewStatus } from './ArticleView.tsx';

/** The `id` query of a detail page; anything but a positive whole number means "no such article". */
export function useArticleId(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  return /^\d{1,12}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

export function viewStatus(
  id: number | null,
  q: { data?: unknown; isError: boolean; error: unknown },
): ArticleViewStatus {
  if (id === null) return 'notFound';
  if (q.data) return 'ready';
  if (q.isError) return isArticleNotFound(q.error) ? 'notFound' : 'error';
  return 'loading';
}

export interface ArticleDetailScreenProps {
  /** portal: /article/api/portal/detail.json; chain: /article/api/chain/detail (SPEC 7). */
  source?: 'portal' | 'chain';
  /** The channel whose list "back" leads to before (or instead of) the article's own. */
  channel: ArticleChannel;
  /** The district site's district, carried by every link. */
  city?: string | null;
}

/** A detail page of the portal: the route's band with its breadcrumb, then the article (views counted on the server). */
export function ArticleDetailScreen({ source = 'portal', channel, city }: ArticleDetailScreenProps) {
  const { t } = useTranslation('portal');
  const id = useArticleId();
  const portal = usePortalArticle(source === 'portal' ? id : null);
  const chain = useChainArticle(source === 'chain' ? id : null);
  const q = source === 'chain' ? chain : portal;
  const backChannel = q.data?.channel ?? channel;
  const back = {
    to: channelListPath(backChannel, city),
    label: t('detail.back', { name: t(`channel.${backChannel}`) }),
  };
  return (
    <RoutePage kind="detail">
      <ArticleView
        article={q.data}
        status={viewStatus(id, q)}
        back={back}
        city={city}
        onRetry={() => void q.refetch()}
      />
    </RoutePage>
  );
}
