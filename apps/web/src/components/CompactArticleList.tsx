import { Skeleton } from 'antd';
import type { ArticleSummary } from '@phjr/contract/content/article';
import type { Page } from '@phjr/contract/envelope';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageEmpty } from './PageEmpty.tsx';
import { articleHref } from './article-links.ts';
import { formatDate } from '../lib/format.ts';
import './compact-article-list.css';

export interface CompactArticleListProps {
  result: { data?: Page<ArticleSummary>; isPending: boolean; isError: boolean };
  /** Rows reserved while loading, so nothing moves when the list arrives. */
  rows?: number;
  emptyHint: string;
  city?: string | null;
}

/** Title and date rows for the home page and section landings: the latest few articles of a channel. */
export function CompactArticleList({ result, rows = 6, emptyHint, city }: CompactArticleListProps) {
  const { t } = useTranslation('portal');
  const { data, isPending } = result;
  if (isPending) {
    return (
      <ul className="phjr-compact-list" aria-busy="true" style={{ minHeight: rows * 44 }}>
        {Array.from({ length: rows }, (_, i) => (
          <li key={i}>
            <Skeleton.Input active size="small" block />
          </li>
        ))}
      </ul>
    );
  }
  const list = data?.list ?? [];
  if (!list.length) {
    return (
      <div style={{ minHeight: rows * 44 }}>
        <PageEmpty kind="list" hint={emptyHint} />
      </div>
    );
  }
  return (
    <ul className="phjr-compact-list">
      {list.slice(0, rows).map((a) => (
        <li key={a.id}>
          {a.pinned ? (
            <span className="phjr-compact-pin">{t('list.pinned')}</span>
          ) : (
            <span className="phjr-compact-dot" aria-hidden />
          )}
          <Link to={articleHref(a, city)} title={a.title}>
            {a.title}
          </Link>
          {a.publishAt ? <time dateTime={a.publishAt}>{formatDate(a.publishAt)}</time> : null}
        </li>
      ))}
    </ul>
  );
}
