import { Link } from 'react-router';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { usePortalArticles } from '../api/portal-articles.ts';
import { ArticleList } from '../components/ArticleList.tsx';
import { SectionLayout } from '../../../components/SectionLayout.tsx';
import { LIST_PAGE_SIZE, useListParams } from '../components/use-list-params.ts';
import '../components/channel-switch.css';

const TYPES = ['news', 'policy'] as const;
type NewsType = (typeof TYPES)[number];

/**
 * /news: News & policies. `type` switches between the news and policy channels (news by default); the page and
 * the keyword are in the URL too, so the header's search box lands here with `keyword`.
 */
export default function NewsPage() {
  const { t } = useTranslation('portal');
  const [search] = useSearchParams();
  const type: NewsType = search.get('type') === 'policy' ? 'policy' : 'news';
  const params = useListParams();
  const result = usePortalArticles({
    channel: type,
    current: params.current,
    pageSize: LIST_PAGE_SIZE,
    keyword: params.keyword,
  });
  // Switching channel keeps the keyword (a search looks in both) and starts at page 1.
  const switchTo = (k: NewsType) => {
    const next = new URLSearchParams();
    next.set('type', k);
    if (params.keyword) next.set('keyword', params.keyword);
    return `/news?${next.toString()}`;
  };
  return (
    <RoutePage>
      <SectionLayout section="news" active={type}>
        <nav className="phjr-channel-switch" aria-label={t('section.navLabel')}>
          {TYPES.map((k) => (
            <Link
              key={k}
              to={switchTo(k)}
              className={k === type ? 'is-active' : undefined}
              aria-current={k === type ? 'page' : undefined}
            >
              {t(`channel.${k}`)}
            </Link>
          ))}
        </nav>
        <ArticleList result={result} params={params} />
      </SectionLayout>
    </RoutePage>
  );
}
