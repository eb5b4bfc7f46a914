import type { ReactNode } from 'react';
import { Button, Skeleton } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ArticleChannel } from '@phjr/contract/content/channels';
import type { ArticleSummary } from '@phjr/contract/content/article';
import type { Page } from '@phjr/contract/envelope';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePortalArticles } from '../api/portal-articles.ts';
import { articleHref } from '../../../components/article-links.ts';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { LIST_PAGE_SIZE, useListParams, type ListParams } from './use-list-params.ts';
import { CardListBody, CardListPages, KeywordSearch } from '../../../components/list-page/CardList.tsx';
import './article-list.css';

export interface ArticleListProps {
  result: UseQueryResult<Page<ArticleSummary>>;
  params: ListParams;
  /** The district carried by the district site's links. */
  city?: string | null;
  /** A heading over the list (the page band already names the section). */
  title?: ReactNode;
  searchable?: boolean;
}

function ItemDate({ iso }: { iso: string | null }) {
  const date = formatDate(iso, '');
  if (!date) return <span className="phjr-article-date" aria-hidden />;
  return (
    // Read as the whole date; drawn as the day over the month (a <time> may not carry aria-label).
    <time className="phjr-article-date" dateTime={date}>
      <span className="phjr-visually-hidden">{date}</span>
      <strong aria-hidden>{date.slice(8, 10)}</strong>
      <span aria-hidden>{date.slice(0, 7)}</span>
    </time>
  );
}

function ArticleItem({ a, city }: { a: ArticleSummary; city?: string | null }) {
  const { t } = useTranslation('portal');
  return (
    <li className="phjr-article-item">
      <ItemDate iso={a.publishAt} />
      <div className="phjr-article-item-main">
        <h3 className="phjr-article-item-title">
          {a.pinned ? <span className="phjr-pin-tag">{t('list.pinned')}</span> : null}
          <Link to={articleHref(a, city)}>{a.title}</Link>
        </h3>
        {a.summary ? <p className="phjr-article-item-summary">{a.summary}</p> : null}
        <div className="phjr-article-item-meta">
          {a.source ? <span>{t('list.source', { source: a.source })}</span> : null}
          <span>
            <EyeOutlined aria-hidden /> {t('list.views', { n: formatCount(a.views) })}
          </span>
        </div>
      </div>
      {a.cover ? (
        <img
          className="phjr-article-item-cover"
          src={a.cover}
          alt={t('list.coverAlt', { title: a.title })}
          loading="lazy"
        />
      ) : null}
    </li>
  );
}

function ListSkeleton() {
  return (
    <ul className="phjr-article-items" aria-hidden>
      {Array.from({ length: 5 }, (_, i) => (
        <li key={i} className="phjr-article-item">
          <Skeleton.Button active style={{ width: 64, height: 64 }} />
          <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 2, width: ['100%', '40%'] }} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The one article list of the portal (UI.md "Lists"): search box and page in the URL, 10 a page, title, date,
 * summary, views and the pinned mark; a skeleton while the first page loads, Empty with a sentence when nothing.
 */
export function ArticleList({ result, params, city, title, searchable = true }: ArticleListProps) {
  const { t } = useTranslation('portal');
  const { data, refetch } = result;
  const { current, keyword, setPage, setKeyword } = params;
  const total = data?.total ?? 0;
  const beyond = total > 0 && current > 1;

  return (
    <section className="phjr-panel phjr-article-list" aria-label={typeof title === 'string' ? title : undefined}>
      <div className="phjr-article-list-bar">
        <div className="phjr-article-list-heading">
          {title ? <h2>{title}</h2> : null}
          {data ? (
            <span className="phjr-article-list-total" role="status">
              {keyword
                ? t('list.resultFor', { keyword, total: formatCount(total) })
                : t('list.total', { total: formatCount(total) })}
            </span>
          ) : null}
        </div>
        {searchable ? (
          <KeywordSearch
            className="phjr-article-list-search"
            keyword={keyword}
            onSearch={setKeyword}
            placeholder={t('list.searchPlaceholder')}
            aria-label={t('list.searchLabel')}
            maxLength={50}
            enterButton
          />
        ) : null}
      </div>
      <CardListBody
        result={result}
        className="phjr-article-items"
        emptyClassName="phjr-article-list-empty"
        skeleton={<ListSkeleton />}
        failed={{
          title: t('list.loadFailedTitle'),
          hint: t('list.loadFailedHint'),
          actions: <Button onClick={() => void refetch()}>{t('list.retry')}</Button>,
        }}
        empty={{
          ...(keyword && !beyond
            ? { title: t('list.noMatchTitle', { keyword }), hint: t('list.noMatchHint') }
            : beyond
              ? { title: t('list.pageBeyondTitle'), hint: t('list.pageBeyondHint') }
              : { title: t('list.emptyTitle'), hint: t('list.emptyHint') }),
          actions: beyond ? (
            <Button onClick={() => setPage(1)}>{t('list.firstPage')}</Button>
          ) : keyword ? (
            <Button onClick={() => setKeyword('')}>{t('list.clearSearch')}</Button>
          ) : null,
        }}
        renderItem={(a) => <ArticleItem key={a.id} a={a} city={city} />}
      />
      <CardListPages
        current={current}
        pageSize={LIST_PAGE_SIZE}
        total={total}
        label={t('list.pagination')}
        onChange={setPage}
      />
    </section>
  );
}

/** The list of one portal channel (optionally of one district), wired to the URL. */
export function ChannelArticleList({
  channel,
  regionCode,
  city,
  title,
}: {
  channel: ArticleChannel;
  regionCode?: string;
  city?: string | null;
  title?: ReactNode;
}) {
  const params = useListParams();
  const result = usePortalArticles({
    channel,
    regionCode,
    current: params.current,
    pageSize: LIST_PAGE_SIZE,
    keyword: params.keyword,
  });
  return <ArticleList result={result} params={params} city={city} title={title} />;
}
