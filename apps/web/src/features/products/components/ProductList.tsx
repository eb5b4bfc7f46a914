import type { ReactNode } from 'react';
import { Button, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@phjr/contract/envelope';
import type { ProductCard } from '@phjr/contract/products/product';
import type { ProductSort } from '@phjr/contract/products/supermarket';
import { useTranslation } from 'react-i18next';
import { useEnum } from '../../../lib/enums.ts';
import { formatCount } from '../../../lib/format.ts';
import { ProductCardItem } from './ProductCardItem.tsx';
import { PRODUCT_PAGE_SIZE, type ProductParams } from './use-product-params.ts';
import { CardListBody, CardListPages } from '../../../components/list-page/CardList.tsx';
import './product-list.css';

const SORTS: readonly ProductSort[] = ['DEFAULT', 'RATE', 'AMOUNT', 'POPULAR', 'NEWEST'];

export interface ProductListProps {
  result: UseQueryResult<Page<ProductCard>>;
  params: Pick<ProductParams, 'current' | 'sort' | 'setSort' | 'setPage' | 'clear' | 'active'>;
  city?: string | null;
  /** A heading over the list. */
  title?: ReactNode;
  /** Show the sort switch (off where the order is fixed). */
  sortable?: boolean;
  /** What the empty list says when no filter is set. */
  emptyHint?: string;
}

function ListSkeleton() {
  return (
    <ul className="phjr-pcards" aria-hidden>
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="phjr-pcard">
          <Skeleton.Avatar active shape="square" size={56} />
          <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 2, width: ['70%', '90%'] }} />
          <Skeleton.Input active block style={{ height: 62 }} />
          <Skeleton.Button active block />
        </li>
      ))}
    </ul>
  );
}

/**
 * The product list of the portal: total and sort, the cards, pagination at 10; a skeleton while the first page
 * loads, Empty with a sentence (and a way out) when nothing is found, an error state with retry.
 */
export function ProductList({ result, params, city, title, sortable = true, emptyHint }: ProductListProps) {
  const { t } = useTranslation('products');
  const sortEnum = useEnum('ProductSort');
  const { data, refetch } = result;
  const total = data?.total ?? 0;
  const beyond = total > 0 && params.current > 1;
  const clear = params.active ? (
    <Button type="link" onClick={params.clear}>
      {t('list.clearFilters')}
    </Button>
  ) : null;

  return (
    <section className="phjr-panel phjr-plist" aria-label={typeof title === 'string' ? title : t('list.label')}>
      <div className="phjr-plist-bar">
        <div className="phjr-plist-heading">
          {title ? <h2>{title}</h2> : null}
          <span className="phjr-plist-total" role="status">
            {data ? t('list.total', { total: formatCount(total) }) : null}
          </span>
        </div>
        {sortable ? (
          <div className="phjr-plist-sorts" role="group" aria-label={t('list.sortLabel')}>
            {SORTS.map((s) => (
              <button
                key={s}
                type="button"
                className="phjr-plist-sort"
                aria-pressed={params.sort === s}
                onClick={() => params.setSort(s)}
              >
                {sortEnum.label(s) || s}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <CardListBody
        result={result}
        className="phjr-pcards"
        emptyClassName="phjr-plist-empty"
        skeleton={<ListSkeleton />}
        failed={{
          title: t('list.loadFailedTitle'),
          hint: t('list.loadFailedHint'),
          actions: (
            <>
              <Button onClick={() => void refetch()}>{t('actions.retry')}</Button>
              {clear}
            </>
          ),
        }}
        empty={{
          ...(beyond
            ? { title: t('list.pageBeyondTitle'), hint: t('list.pageBeyondHint') }
            : params.active
              ? { title: t('list.noMatchTitle'), hint: t('list.noMatchHint') }
              : { title: t('list.emptyTitle'), hint: emptyHint ?? t('list.emptyHint') }),
          actions: beyond ? (
            <Button onClick={() => params.setPage(1)}>{t('list.firstPage')}</Button>
          ) : params.active ? (
            <Button onClick={params.clear}>{t('list.clearFilters')}</Button>
          ) : null,
        }}
        renderItem={(p) => <ProductCardItem key={p.id} product={p} city={city} />}
      />
      <CardListPages
        current={params.current}
        pageSize={PRODUCT_PAGE_SIZE}
        total={total}
        label={t('list.pagination')}
        onChange={params.setPage}
      />
    </section>
  );
}
