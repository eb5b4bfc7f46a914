import { Form, Input, Select, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ArticleSummary } from '@phjr/contract/content/article';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { ListFilter, ListTable, defineList, field, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { useChainNews } from '../api/chain-related.ts';
import { useChainOptions } from './chain-records.tsx';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

const articleList = defineList({ filters: { industrialChainId: field.number(), keyword: field.text(50) } });

/**
 * /financialChain/chain/article: the published articles of the chains the bank takes part in, by chain and title,
 * each opening on the portal. Banks hold no article permission (article:write is the government's and the
 * operator's), so this page reads: the chain's departments and the operator publish.
 */
export default function FinChainArticlePage() {
  const { t } = useTranslation('chains');
  const list = useListQuery(articleList);
  const chains = useChainOptions();
  const mine = new Map(chains.options.map((o) => [o.value, o.label]));
  const chainId = list.query.industrialChainId;
  // Without a chain picked, the bank's first chain: the public list holds every chain's articles, not only its own.
  const shown = chainId ?? chains.options[0]?.value;
  const page = useChainNews({ ...list.query, industrialChainId: shown }, { enabled: shown !== undefined });
  return (
    <RoutePage>
      <ListFilter list={list} name="chain-articles">
        <Form.Item name="industrialChainId" label={t('fields.chain')}>
          <Select
            notFoundContent={pickerEmpty(t('common:pickers.noChain'), chains.loading)}
            showSearch={{ optionFilterProp: 'label' }}
            loading={chains.loading}
            options={chains.options}
            placeholder={chains.options[0]?.label ?? t('placeholders.chain')}
            style={{ minWidth: 200 }}
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('client.articleTitle')}>
          <Input allowClear maxLength={50} />
        </Form.Item>
      </ListFilter>
      <ListTable<ArticleSummary>
        list={list}
        data={shown === undefined ? [] : page.data}
        loading={page.isFetching || chains.loading}
        rowKey="id"
        size="middle"
        emptyText={t('client.articlesEmpty')}
        columns={[
          {
            title: t('client.articleTitle'),
            key: 'title',
            render: (_: unknown, a) => (
              <span>
                {a.pinned ? <Tag color="volcano">{t('client.pinned')}</Tag> : null}
                <Link to={`/news-detail-chain?id=${a.id}`} target="_blank" rel="noopener">
                  {a.title}
                </Link>
              </span>
            ),
          },
          {
            title: t('fields.chain'),
            key: 'chain',
            width: 180,
            render: (_: unknown, a) => (a.industrialChainId ? (mine.get(a.industrialChainId) ?? '-') : '-'),
          },
          {
            title: t('client.articleSource'),
            key: 'source',
            width: 200,
            ellipsis: true,
            render: (_: unknown, a) => a.source ?? a.author ?? '-',
          },
          {
            title: t('client.publishedAt'),
            dataIndex: 'publishAt',
            width: 120,
            render: (d: string | null) => formatDate(d),
          },
          {
            title: t('client.views'),
            dataIndex: 'views',
            width: 90,
            align: 'right',
            render: (n: number) => formatCount(n),
          },
        ]}
      />
    </RoutePage>
  );
}
