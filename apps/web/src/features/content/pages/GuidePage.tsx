import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { usePortalArticle } from '../api/portal-articles.ts';
import { ChannelArticleList } from '../components/ArticleList.tsx';
import { ArticleView } from '../components/ArticleView.tsx';
import { useArticleId, viewStatus } from '../components/ArticleDetailScreen.tsx';
import { SectionLayout } from '../../../components/SectionLayout.tsx';

/**
 * /guide: Service guide. The guide channel's list; `?id=` opens a guide in the shared article view, with the other
 * guides beside it and the way back to the list.
 */
export default function GuidePage() {
  const { t } = useTranslation('portal');
  const id = useArticleId();
  const q = usePortalArticle(id);
  if (id !== null) {
    return (
      <RoutePage kind="article">
        <ArticleView
          article={q.data}
          status={viewStatus(id, q)}
          back={{ to: '/guide', label: t('detail.back', { name: t('channel.guide') }) }}
          onRetry={() => void q.refetch()}
        />
      </RoutePage>
    );
  }
  return (
    <RoutePage kind="article">
      <SectionLayout section="news" active="guide">
        <ChannelArticleList channel="guide" title={t('guide.listTitle')} />
      </SectionLayout>
    </RoutePage>
  );
}
