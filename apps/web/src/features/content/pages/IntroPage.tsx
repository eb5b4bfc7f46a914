import { Skeleton } from 'antd';
import { useQueries } from '@tanstack/react-query';
import type { ArticleSummary } from '@phjr/contract/content/article';
import { useTranslation } from 'react-i18next';
import { PageEmpty } from '../../../components/PageEmpty.tsx';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { portalArticleQuery, usePortalArticles } from '../api/portal-articles.ts';
import { AchievementGrid } from '../components/AchievementGrid.tsx';
import { SectionLayout } from '../../../components/SectionLayout.tsx';
import '../components/article-view.css';
import './intro-page.css';

/** Read as one document: pinned articles first, then in the order they were written (the introduction first). */
function documentOrder(a: ArticleSummary, b: ArticleSummary): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  return (a.publishAt ?? '').localeCompare(b.publishAt ?? '');
}

/**
 * /intro: About the platform. Every article of the intro channel in full, then the achievements the operator
 * showcases (/operateClient/door/achievement).
 */
export default function IntroPage() {
  const { t } = useTranslation('portal');
  const list = usePortalArticles({ channel: 'intro', current: 1, pageSize: 10 });
  const summaries = [...(list.data?.list ?? [])].sort(documentOrder);
  const details = useQueries({ queries: summaries.map((a) => portalArticleQuery(a.id)) });
  return (
    <RoutePage kind="article">
      <SectionLayout section="news" active="intro">
        {list.isPending ? (
          <section className="phjr-panel phjr-intro-article" aria-busy="true">
            <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 9 }} />
          </section>
        ) : summaries.length ? (
          summaries.map((a, i) => {
            const d = details[i]?.data;
            return (
              <article key={a.id} className="phjr-panel phjr-intro-article" aria-busy={!d}>
                <h2 className="phjr-intro-title">{a.title}</h2>
                {d ? (
                  <div className="phjr-article-body" dangerouslySetInnerHTML={{ __html: d.body }} />
                ) : details[i]?.isError ? (
                  <p className="phjr-intro-summary">{a.summary}</p>
                ) : (
                  <Skeleton active title={false} paragraph={{ rows: 6 }} />
                )}
              </article>
            );
          })
        ) : (
          <section className="phjr-panel">
            <PageEmpty kind="article" hint={t('intro.empty')} />
          </section>
        )}
        <section aria-labelledby="phjr-intro-achievements" className="phjr-intro-achievements">
          <h2 id="phjr-intro-achievements" className="phjr-intro-heading">
            {t('intro.achievementsTitle')}
          </h2>
          <AchievementGrid emptyHint={t('home.achievementsEmpty')} />
        </section>
      </SectionLayout>
    </RoutePage>
  );
}
