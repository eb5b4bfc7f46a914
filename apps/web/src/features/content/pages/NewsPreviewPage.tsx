import { Alert, Button, Result } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { redirectToLogin } from '../../../lib/session.ts';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { previewRefusal, useArticlePreview } from '../api/portal-article-preview.ts';
import { ArticleView } from '../components/ArticleView.tsx';
import { useArticleId, viewStatus } from '../components/ArticleDetailScreen.tsx';
import { channelListPath } from '../../../components/article-links.ts';
import { formatDateTime } from '../../../lib/format.ts';

/**
 * /news/newsPreview?id= : an article in any state, exactly as the detail page shows it, under a "not published"
 * notice (PRODUCT.md 9: only to authors). Read through the back office's detail call, so no view is counted;
 * visitors who are not signed in, or may not write in the article's channel, are told so in a sentence.
 */
export default function NewsPreviewPage() {
  const { t } = useTranslation(['portal', 'layout']);
  const navigate = useNavigate();
  const user = useCurrentUser();
  const id = useArticleId();
  const q = useArticlePreview(id, user !== null);
  const refusal = user ? previewRefusal(q.error) : 'signIn';

  if (refusal === 'signIn' || refusal === 'forbidden') {
    const signIn = refusal === 'signIn';
    return (
      <RoutePage kind="detail">
        <section className="phjr-panel">
          <Result
            status={signIn ? 'info' : '403'}
            title={t(signIn ? 'preview.signInTitle' : 'preview.forbiddenTitle')}
            subTitle={t(signIn ? 'preview.signInHint' : 'preview.forbiddenHint')}
            extra={
              signIn ? (
                <Button type="primary" onClick={() => void redirectToLogin('platform')}>
                  {t('preview.signIn')}
                </Button>
              ) : (
                <Button type="primary" onClick={() => navigate('/news')}>
                  {t('preview.toNews')}
                </Button>
              )
            }
          />
        </section>
      </RoutePage>
    );
  }

  const a = q.data;
  const scheduled = a?.status === 'PUBLISHED' && a.publishAt !== null && new Date(a.publishAt).getTime() > Date.now();
  const live = a?.status === 'PUBLISHED' && !scheduled;
  const banner = a ? (
    <Alert
      className="phjr-preview-banner"
      type={live ? 'info' : 'warning'}
      showIcon
      icon={<EyeOutlined />}
      title={t(live ? 'preview.bannerPublishedTitle' : 'preview.bannerTitle')}
      description={
        <>
          {t('preview.bannerText', { status: t(`layout:state.${a.status}`) })}
          {scheduled ? <> {t('preview.scheduled', { time: formatDateTime(a.publishAt) })}</> : null}
        </>
      }
      style={{ marginBottom: 28 }}
    />
  ) : null;
  const channel = a?.channel ?? 'news';
  return (
    <RoutePage kind="detail">
      <ArticleView
        article={a}
        status={viewStatus(id, q)}
        banner={banner}
        back={{ to: channelListPath(channel), label: t('detail.back', { name: t(`channel.${channel}`) }) }}
        onRetry={() => void q.refetch()}
      />
    </RoutePage>
  );
}
