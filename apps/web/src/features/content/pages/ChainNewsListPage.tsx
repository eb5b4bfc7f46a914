import { Select } from 'antd';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useChainArticles } from '../api/portal-chain-articles.ts';
import { usePortalChainOptions } from '../api/portal-chain-options.ts';
import { ArticleList } from '../components/ArticleList.tsx';
import { SectionLayout } from '../../../components/SectionLayout.tsx';
import { LIST_PAGE_SIZE, useListParams } from '../components/use-list-params.ts';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

/**
 * /news-list-chain: chain news through the chain call of SPEC 7 (/article/api/chain/pageData), with a chain selector
 * (the portal's chains, chainOps.portalList) kept in the address as `industrialChainId`, the parameter a chain's page
 * links here with; choosing a chain starts again at page 1, clearing it shows every chain's news.
 */
export default function ChainNewsListPage() {
  const { t } = useTranslation('portal');
  const [search, setSearch] = useSearchParams();
  const raw = search.get('industrialChainId') ?? '';
  const industrialChainId = /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
  const params = useListParams();
  const chains = usePortalChainOptions();
  const result = useChainArticles({
    industrialChainId,
    current: params.current,
    pageSize: LIST_PAGE_SIZE,
    keyword: params.keyword,
  });

  function choose(id: number | undefined) {
    const next = new URLSearchParams(search);
    if (id === undefined) next.delete('industrialChainId');
    else next.set('industrialChainId', String(id));
    next.delete('current');
    setSearch(next);
  }

  return (
    <RoutePage>
      <SectionLayout section="chain" active="chainNews">
        <div className="phjr-panel phjr-section-note phjr-chain-news-picker">
          <label htmlFor="phjr-chain-news-chain">{t('chain.pick')}</label>
          <Select
            notFoundContent={pickerEmpty(t('common:pickers.noChain'), chains.isPending)}
            id="phjr-chain-news-chain"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={industrialChainId}
            onChange={(v: number | undefined) => choose(v)}
            loading={chains.isPending}
            options={chains.data ?? []}
            placeholder={t('chain.all')}
            style={{ minWidth: 220, maxWidth: '100%' }}
          />
        </div>
        <ArticleList result={result} params={params} title={t('channel.chain')} />
      </SectionLayout>
    </RoutePage>
  );
}
