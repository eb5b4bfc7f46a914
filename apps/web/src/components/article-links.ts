import type { ArticleChannel } from '@phjr/contract/content/channels';
import { withCity } from '../layouts/site-nav.ts';

/**
 * Where each channel's articles are listed and read on the portal (SPEC section 2). District ('city') pages carry
 * the district in `city`, like every page of the district site.
 */
const LIST_PATH: Record<ArticleChannel, string> = {
  news: '/news?type=news',
  policy: '/news?type=policy',
  announcement: '/list-announcement',
  guide: '/guide',
  intro: '/intro',
  tech: '/tech/news',
  'countryside-news': '/countryside-develop/news-list-countryside',
  'countryside-policy': '/countryside-develop/policy-list-countryside',
  chain: '/news-list-chain',
  city: '/subsite/cityNews',
};

const DETAIL_PATH: Record<ArticleChannel, string> = {
  news: '/news/newsDetail',
  policy: '/news/newsDetail',
  announcement: '/news/newsDetail',
  guide: '/guide',
  intro: '/news/newsDetail',
  tech: '/tech/news-detail',
  'countryside-news': '/countryside-develop/news-detail-countryside',
  'countryside-policy': '/countryside-develop/news-detail-countryside',
  chain: '/news-detail-chain',
  city: '/subsite/newsDetail',
};

export interface ArticleRef {
  id: number;
  channel: ArticleChannel;
  regionCode: string;
}

/** The list page of a channel; a district's news keeps its district. */
export function channelListPath(channel: ArticleChannel, city?: string | null): string {
  const path = LIST_PATH[channel];
  return channel === 'city' ? withCity(path, city) : path;
}

/** The page that shows one article: its channel's detail page (guides open inside the guide page). */
export function articleHref(a: ArticleRef, city?: string | null): string {
  const path = `${DETAIL_PATH[a.channel]}?id=${a.id}`;
  return a.channel === 'city' ? withCity(path, city ?? a.regionCode) : path;
}
