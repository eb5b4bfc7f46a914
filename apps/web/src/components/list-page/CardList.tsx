/**
 * The portal's side of the list-page block: a list of cards (articles, products) rather than a table, its page in
 * the address of the screen's own hook. What every such list shows alike lives here: a skeleton while the first page
 * loads, an error with retry, an empty list with a sentence and a way out, the cards (dimmed while the next page
 * loads), the pagination, and the search box that follows the address. Light on purpose: no Form, no Table, no zod
 * (portal pages load it; the first route /home does not).
 */
import { useState, type ComponentProps, type ReactNode } from 'react';
import { Empty, Input, Pagination } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import '../page-empty.css';
import './card-list.css';

/** An empty state's sentence: a title and a hint (page-empty.css). */
export function EmptyText({ title, hint }: { title: string; hint: string }) {
  return (
    <>
      <span className="phjr-page-empty-title">{title}</span>
      <span className="phjr-page-empty-hint">{hint}</span>
    </>
  );
}

export interface CardListBodyProps<T> {
  result: UseQueryResult<{ list: readonly T[]; total: number }>;
  /** The cards' list class (`phjr-pcards`); `is-stale` is added while another page loads. */
  className: string;
  /** The Empty's class (both the failed and the empty state). */
  emptyClassName: string;
  skeleton: ReactNode;
  /** The failed state (nothing loaded yet): its sentence and its buttons (retry, ...). */
  failed: { title: string; hint: string; actions: ReactNode };
  /** The empty state: its sentence and its way out (the first page, clear the search). */
  empty: { title: string; hint: string; actions?: ReactNode };
  renderItem(item: T): ReactNode;
}

/** The list's body in its four states: loading, failed, empty, the cards. */
export function CardListBody<T>({
  result,
  className,
  emptyClassName,
  skeleton,
  failed,
  empty,
  renderItem,
}: CardListBodyProps<T>) {
  const { data, isPending, isError, isFetching, isPlaceholderData } = result;
  if (isPending) return <>{skeleton}</>;
  if (isError && !data) {
    return (
      <Empty className={emptyClassName} description={<EmptyText title={failed.title} hint={failed.hint} />}>
        {failed.actions}
      </Empty>
    );
  }
  if (!data?.list.length) {
    return (
      <Empty
        className={emptyClassName}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<EmptyText title={empty.title} hint={empty.hint} />}
      >
        {empty.actions}
      </Empty>
    );
  }
  return (
    <ul className={isFetching && isPlaceholderData ? `${className} is-stale` : className} aria-busy={isFetching}>
      {data.list.map(renderItem)}
    </ul>
  );
}

/** The pagination under the cards, shown when there is more than one page. */
export function CardListPages({
  current,
  pageSize,
  total,
  label,
  onChange,
}: {
  current: number;
  pageSize: number;
  total: number;
  label: string;
  onChange(page: number): void;
}) {
  if (total <= pageSize) return null;
  return (
    <nav aria-label={label} className="phjr-card-list-pages">
      <Pagination
        current={current}
        pageSize={pageSize}
        total={total}
        showSizeChanger={false}
        onChange={(p) => onChange(p)}
      />
    </nav>
  );
}

/**
 * The list's search box: shows the address's keyword (back, forward, cleared elsewhere) while the reader types,
 * and searches on enter or the button.
 */
export function KeywordSearch({
  keyword,
  onSearch,
  ...rest
}: { keyword: string | undefined; onSearch(keyword: string): void } & Omit<
  ComponentProps<typeof Input.Search>,
  'value' | 'onChange' | 'onSearch'
>) {
  const [value, setValue] = useState(keyword ?? '');
  const [shownFor, setShownFor] = useState(keyword);
  if (shownFor !== keyword) {
    setShownFor(keyword);
    setValue(keyword ?? '');
  }
  return (
    <Input.Search
      allowClear
      {...rest}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onSearch={(k) => onSearch(k)}
    />
  );
}
