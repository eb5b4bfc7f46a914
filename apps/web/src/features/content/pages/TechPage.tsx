import { Button } from 'antd';
import { BulbOutlined, FileProtectOutlined, RightOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { usePortalArticles } from '../api/portal-articles.ts';
import { CompactArticleList } from '../../../components/CompactArticleList.tsx';
import { SectionLayout } from '../../../components/SectionLayout.tsx';
import './tech-page.css';

const FEATURES = [
  { key: 'ipPledge', icon: <FileProtectOutlined /> },
  { key: 'techCredit', icon: <BulbOutlined /> },
  { key: 'policy', icon: <SafetyCertificateOutlined /> },
] as const;

/**
 * /tech: Tech finance. What the corner offers (IP pledge and tech credit loans, support policies), the ways in
 * (supermarket, financing demand) and the latest tech finance news.
 */
export default function TechPage() {
  const { t } = useTranslation('portal');
  const navigate = useNavigate();
  const news = usePortalArticles({ channel: 'tech', current: 1, pageSize: 8 });
  return (
    <RoutePage kind="overview">
      <SectionLayout section="tech" active="tech">
        <section className="phjr-tech-hero" aria-labelledby="phjr-tech-title">
          <h2 id="phjr-tech-title">{t('tech.heroTitle')}</h2>
          <p>{t('tech.heroText')}</p>
          <div className="phjr-tech-actions">
            <Button type="primary" size="large" onClick={() => navigate('/supermarket')}>
              {t('tech.findProducts')}
            </Button>
            <Button size="large" ghost onClick={() => navigate('/financing')}>
              {t('tech.postDemand')}
            </Button>
          </div>
        </section>
        <section aria-labelledby="phjr-tech-features">
          <h2 id="phjr-tech-features" className="phjr-visually-hidden">
            {t('tech.featuresTitle')}
          </h2>
          <ul className="phjr-tech-features">
            {FEATURES.map((f) => (
              <li key={f.key} className="phjr-panel">
                <span className="phjr-tech-feature-icon" aria-hidden>
                  {f.icon}
                </span>
                <h3>{t(`tech.features.${f.key}`)}</h3>
                <p>{t(`tech.features.${f.key}Text`)}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className="phjr-panel phjr-tech-news" aria-labelledby="phjr-tech-news">
          <div className="phjr-tech-news-head">
            <h2 id="phjr-tech-news">{t('tech.newsTitle')}</h2>
            <Link to="/tech/news">
              {t('home.more')} <RightOutlined aria-hidden style={{ fontSize: 11 }} />
            </Link>
          </div>
          <CompactArticleList result={news} rows={8} emptyHint={t('list.emptyHint')} />
        </section>
      </SectionLayout>
    </RoutePage>
  );
}
