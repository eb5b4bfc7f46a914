import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useChainArticles } from '../api/portal-chain-articles.ts';
import { ArticleList } from '../components/ArticleList.tsx';
import { SectionLayout } from '../../../components/SectionLayout.tsx';
import { LIST_PAGE_SIZE, useListParams } from '../components/use-list-params.ts';

/**
 * /news-list-chain: chain news through the chain call of SPEC 7 (/article/api/chain/pageData); a chain's page
 * links here with `industrialChainId` to show that chain's news only.
 */
export default function ChainNewsListPage() {
  const { t } = useTranslation('portal');
  const [search] = useSearchParams();
  const raw = search.get('industrialChainId') ?? '';
  const industrialChainId = /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
  const params = useListParams();
  const result = useChainArticles({ industrialChainId, current: params.current, pageSize: LIST_PAGE_SIZE, keyword: params.keyword });
  return (
    <RoutePage>
      <SectionLayout section="chain" active="chainNews">
        {industrialChainId ? (
          <p className="phjr-panel phjr-section-note" role="status">
            {t('chain.filtered')} <Link to="/news-list-chain">{t('chain.showAll')}</Link>
          </p>
        ) : null}
        <ArticleList result={result} params={params} title={t('channel.chain')} />
      </SectionLayout>
    </RoutePage>
  );
}
