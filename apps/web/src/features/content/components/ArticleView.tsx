import type { ReactNode } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ArticleDetail } from '@phjr/contract/content/article';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { articleHref } from '../../../components/article-links.ts';
import { formatCount, formatDate } from '../../../lib/format.ts';
import '../../../components/page-empty.css';
import './article-view.css';

export type ArticleViewStatus = 'loading' | 'ready' | 'notFound' | 'error';

export interface ArticleViewProps {
  article: ArticleDetail | undefined;
  status: ArticleViewStatus;
  /** The list the reader came from (or the article's own channel list). */
  back: { to: string; label: string };
  /** The district carried by the district site's links. */
  city?: string | null;
  /** Shown above the title (the preview's notice). */
  banner?: ReactNode;
  onRetry?: () => void;
  /** Hide the related column (the guide page has its own table of contents). */
  hideRelated?: boolean;
}

function BackLink({ back }: { back: ArticleViewProps['back'] }) {
  return (
    <Link to={back.to} className="phjr-article-back">
      <ArrowLeftOutlined aria-hidden /> {back.label}
    </Link>
  );
}

function Meta({ article }: { article: ArticleDetail }) {
  const { t } = useTranslation('portal');
  const items: [string, ReactNode][] = [];
  if (article.source) items.push([t('detail.source'), article.source]);
  if (article.author) items.push([t('detail.author'), article.author]);
  items.push([
    t('detail.publishedAt'),
    article.publishAt ? (
      <time dateTime={article.publishAt}>{formatDate(article.publishAt)}</time>
    ) : (
      t('detail.unpublished')
    ),
  ]);
  items.push([t('detail.views'), formatCount(article.views)]);
  return (
    <dl className="phjr-article-meta">
      {items.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Related({ article, city }: { article: ArticleDetail; city?: string | null }) {
  const { t } = useTranslation('portal');
  return (
    <section className="phjr-panel phjr-article-related" aria-labelledby="phjr-article-related-title">
      <h2 id="phjr-article-related-title">{t('detail.related')}</h2>
      {article.related.length ? (
        <ul>
          {article.related.map((r) => (
            <li key={r.id}>
              <Link to={articleHref(r, city)}>{r.title}</Link>
              {r.publishAt ? <time dateTime={r.publishAt}>{formatDate(r.publishAt)}</time> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="phjr-article-related-empty">{t('detail.relatedEmpty')}</p>
      )}
    </section>
  );
}

/**
 * The one article view of the portal (UI.md "Detail pages"): title, meta line (source, author, date, views), the
 * body, related articles and the way back. The body is sanitized by the server before it is stored (PRODUCT.md
 * 9), so it is rendered as it is inside `.phjr-article-body`, which styles headings, lists, tables and images.
 */
export function ArticleView({ article, status, back, city, banner, onRetry, hideRelated }: ArticleViewProps) {
  const { t } = useTranslation('portal');
  const navigate = useNavigate();
  if (status === 'notFound' || status === 'error') {
    const notFound = status === 'notFound';
    return (
      <section className="phjr-panel">
        <Result
          status={notFound ? '404' : 'warning'}
          title={t(notFound ? 'detail.notFoundTitle' : 'detail.errorTitle')}
          subTitle={t(notFound ? 'detail.notFoundHint' : 'detail.errorHint')}
          extra={
            <>
              {!notFound && onRetry ? (
                <Button type="primary" onClick={onRetry}>
                  {t('detail.reload')}
                </Button>
              ) : null}
              <Button type={notFound ? 'primary' : 'default'} onClick={() => navigate(back.to)}>
                {back.label}
              </Button>
            </>
          }
        />
      </section>
    );
  }
  return (
    <div className={hideRelated ? 'phjr-article-layout is-single' : 'phjr-article-layout'}>
      <article className="phjr-panel phjr-article" aria-busy={status === 'loading'}>
        {banner}
        {status === 'loading' || !article ? (
          <div className="phjr-article-skeleton">
            <Skeleton active title={{ width: '70%' }} paragraph={{ rows: 1, width: '50%' }} />
            <Skeleton active title={false} paragraph={{ rows: 10 }} />
          </div>
        ) : (
          <>
            <header className="phjr-article-head">
              <h2 className="phjr-article-title">{article.title}</h2>
              <Meta article={article} />
            </header>
            <div className="phjr-article-body" dangerouslySetInnerHTML={{ __html: article.body }} />
            <footer className="phjr-article-foot">
              <BackLink back={back} />
            </footer>
          </>
        )}
      </article>
      {hideRelated ? null : (
        <aside className="phjr-article-aside">
          {article && status === 'ready' ? (
            <Related article={article} city={city} />
          ) : (
            <section className="phjr-panel phjr-article-related">
              <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 5 }} />
            </section>
          )}
        </aside>
      )}
    </div>
  );
}
