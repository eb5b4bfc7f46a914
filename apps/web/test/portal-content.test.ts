import { describe, expect, it, vi } from 'vitest';
import { ARTICLE_CHANNELS } from '@phjr/contract/content/channels';
import { RequestError } from '../src/lib/request-error.ts';
import { articleHref, channelListPath } from '../src/components/article-links.ts';
import { imagesOf } from '../src/features/content/components/sys-image-places.ts';
import { isArticleNotFound } from '../src/features/content/api/portal-articles.ts';
import { previewRefusal } from '../src/features/content/api/portal-article-preview.ts';
import { ROUTE_DEFS } from '../src/app/route-defs.ts';

const routePaths = new Set(ROUTE_DEFS.map((d) => d.path));

describe('portal article links', () => {
  it('sends every channel to a page of the route table', () => {
    for (const channel of ARTICLE_CHANNELS) {
      const detail = articleHref({ id: 7, channel, regionCode: '999901' });
      const list = channelListPath(channel, '999901');
      expect(routePaths.has(detail.split('?')[0]!), detail).toBe(true);
      expect(routePaths.has(list.split('?')[0]!), list).toBe(true);
      expect(detail).toContain('id=7');
    }
  });

  it('keeps the district on district news (PRODUCT.md 2)', () => {
    expect(articleHref({ id: 3, channel: 'city', regionCode: '999902' })).toBe('/subsite/newsDetail?id=3&city=999902');
    expect(articleHref({ id: 3, channel: 'city', regionCode: '999902' }, '999901')).toBe(
      '/subsite/newsDetail?id=3&city=999901',
    );
    expect(channelListPath('city', '999903')).toBe('/subsite/cityNews?city=999903');
    expect(articleHref({ id: 3, channel: 'news', regionCode: '999902' }, '999901')).toBe('/news/newsDetail?id=3');
  });

  it('reads chain articles through the chain pages and guides inside the guide page', () => {
    expect(articleHref({ id: 5, channel: 'chain', regionCode: '999900' })).toBe('/news-detail-chain?id=5');
    expect(articleHref({ id: 5, channel: 'guide', regionCode: '999900' })).toBe('/guide?id=5');
    expect(channelListPath('policy')).toBe('/news?type=policy');
  });
});

describe('start-up system images by place', () => {
  const img = (id: number, place: string, sort: number) => ({
    id,
    place,
    title: `t${id}`,
    titleEn: null,
    url: `/b${id}.svg`,
    urlEn: null,
    link: null,
    sort,
  });
  it('picks one place in its order, whatever the spelling of the place', () => {
    const all = [img(1, 'HOME_BANNER', 2), img(2, 'SUBSITE_BANNER', 1), img(3, 'home-banner', 1), img(4, 'QR_CODE', 1)];
    expect(imagesOf(all, 'HOME_BANNER').map((i) => i.id)).toEqual([3, 1]);
    expect(imagesOf(all, 'SUBSITE_BANNER').map((i) => i.id)).toEqual([2]);
    expect(imagesOf([], 'HOME_BANNER')).toEqual([]);
  });
});

describe('article detail answers', () => {
  const business = (errorCode: string, status = 404) => new RequestError('business', '', '/x', status, { errorCode });
  it('treats an unknown or offline article as "not found", not as a failure', () => {
    expect(isArticleNotFound(business('ARTICLE_NOT_FOUND'))).toBe(true);
    expect(isArticleNotFound(business('VALIDATION', 400))).toBe(true);
    expect(isArticleNotFound(new RequestError('http', '', '/x', 404))).toBe(true);
    expect(isArticleNotFound(new RequestError('network', '', '/x'))).toBe(false);
    expect(isArticleNotFound(business('INTERNAL', 500))).toBe(false);
  });

  it('explains a refused preview instead of redirecting the reader', () => {
    expect(previewRefusal(new RequestError('sessionExpired', '', '/x', 401))).toBe('signIn');
    expect(previewRefusal(business('FORBIDDEN', 403))).toBe('forbidden');
    expect(previewRefusal(business('ARTICLE_CHANNEL_FORBIDDEN', 403))).toBe('forbidden');
    expect(previewRefusal(business('ARTICLE_NOT_FOUND'))).toBe('notFound');
    expect(previewRefusal(new RequestError('network', '', '/x'))).toBe(null);
  });
});

describe('locale loading (ENGINEERING.md: the first route under 300 KB)', () => {
  it('bundles the zh-CN portal texts and fetches a client namespace or the other language on demand', async () => {
    // The texts as a fresh page starts with them: the unit files share their worker's modules (vitest.config.ts), and
    // a file before this one may have loaded other namespaces already. Loading the module again starts i18next anew.
    vi.resetModules();
    const { default: i18n, i18nReady } = await import('../src/lib/i18n.ts');
    await i18nReady;
    expect(i18n.hasResourceBundle('zh-CN', 'portal')).toBe(true);
    expect(i18n.hasResourceBundle('zh-CN', 'orgs')).toBe(false);
    expect(i18n.hasResourceBundle('en-US', 'portal')).toBe(false);
    await i18n.loadNamespaces('orgs');
    expect(i18n.hasResourceBundle('zh-CN', 'orgs')).toBe(true);
    await i18n.loadLanguages('en-US');
    expect(i18n.hasResourceBundle('en-US', 'portal')).toBe(true);
    expect(i18n.t('portal:search.submit', { lng: 'en-US' })).toBe('Search');
  });
});
