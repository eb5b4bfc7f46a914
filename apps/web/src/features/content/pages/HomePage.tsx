import { Button } from 'antd';
import { EditOutlined, RightOutlined, SafetyOutlined, SearchOutlined, ShopOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LightTabs } from '../../../components/LightTabs.tsx';
import { PageEmpty } from '../../../components/PageEmpty.tsx';
import './home-page.css';

/** The homepage overview figures (PRODUCT.md 11), in the order of the band. */
const FIGURES = ['products', 'banks', 'demands', 'amountDemanded', 'amountGranted', 'successRate', 'enterprises'] as const;

const ENTRIES = [
  { key: 'postDemand', to: '/financing', icon: <EditOutlined /> },
  { key: 'findProduct', to: '/supermarket', icon: <ShopOutlined /> },
  { key: 'creditQuery', to: '/creditSearch', icon: <SearchOutlined /> },
  { key: 'shelter', to: '/stowdown', icon: <SafetyOutlined /> },
] as const;

function SectionTitle({ title, more }: { title: string; more?: string }) {
  const { t } = useTranslation('layout');
  return (
    <div className="phjr-home-section-title">
      <h2>{title}</h2>
      {more ? (
        <Link to={more}>
          {t('home.more')} <RightOutlined aria-hidden style={{ fontSize: 11 }} />
        </Link>
      ) : null}
    </div>
  );
}

/**
 * /home: the portal's front page (UI.md). Light on purpose: no charts, nothing the first screen does not show.
 * The figures, products, articles, chains and partner banks fill in as their data is wired.
 */
export default function HomePage() {
  const { t } = useTranslation(['layout', 'routes', 'common']);
  const navigate = useNavigate();
  return (
    <div className="phjr-home">
      <section className="phjr-home-hero" aria-labelledby="phjr-home-hero-title">
        <div className="phjr-home-hero-text">
          <p className="phjr-home-hero-kicker">{t('common:appName')}</p>
          <h1 id="phjr-home-hero-title">{t('home.heroTitle')}</h1>
          <p>{t('home.heroText')}</p>
          <div className="phjr-home-hero-actions">
            <Button type="primary" size="large" onClick={() => navigate('/financing')}>
              {t('home.heroPostDemand')}
            </Button>
            <Button size="large" ghost onClick={() => navigate('/supermarket')}>
              {t('home.heroBrowse')}
            </Button>
          </div>
        </div>
        <svg className="phjr-home-hero-art" viewBox="0 0 360 240" aria-hidden focusable="false">
          <circle cx="250" cy="120" r="104" fill="rgba(255,255,255,0.07)" />
          <circle cx="250" cy="120" r="68" fill="rgba(255,255,255,0.08)" />
          <rect x="150" y="150" width="26" height="60" rx="4" fill="rgba(255,255,255,0.55)" />
          <rect x="190" y="118" width="26" height="92" rx="4" fill="rgba(255,255,255,0.7)" />
          <rect x="230" y="84" width="26" height="126" rx="4" fill="rgba(255,255,255,0.85)" />
          <path d="M290 210V96" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
          <path d="M290 104c0-26 17-44 38-44 0 24-16 42-38 44z" fill="#ff8a4c" />
          <path d="M290 124c0-17-12-29-26-29 0 16 11 28 26 29z" fill="#ffd2b3" />
          <path d="M120 214h250" stroke="rgba(255,255,255,0.4)" strokeWidth="2" />
        </svg>
      </section>

      <section className="phjr-home-figures" aria-label={t('home.figuresTitle')}>
        {FIGURES.map((f) => (
          <div key={f} className="phjr-home-figure">
            <span className="phjr-home-figure-value" aria-label={t('page.empty')}>
              —
            </span>
            <span className="phjr-home-figure-label">{t(`home.figures.${f}`)}</span>
          </div>
        ))}
      </section>

      <nav className="phjr-home-entries" aria-label={t('home.entriesTitle')}>
        {ENTRIES.map((e) => (
          <Link key={e.key} to={e.to} className="phjr-home-entry">
            <span className="phjr-home-entry-icon">{e.icon}</span>
            <span className="phjr-home-entry-text">
              <strong>{t(`home.entries.${e.key}`)}</strong>
              <span>{t(`home.entries.${e.key}Hint`)}</span>
            </span>
          </Link>
        ))}
      </nav>

      <div className="phjr-home-columns">
        <section>
          <SectionTitle title={t('home.featuredProducts')} more="/supermarket" />
          <div className="phjr-panel phjr-home-card">
            <PageEmpty kind="list" hint={t('home.productsEmpty')} />
          </div>
        </section>
        <section>
          <SectionTitle title={t('routes:title.portal.news')} more="/news" />
          <div className="phjr-panel phjr-home-card">
            <LightTabs
              ariaLabel={t('routes:title.portal.news')}
              tabs={(['news', 'policy', 'announcement'] as const).map((k) => ({
                key: k,
                label: t(`home.newsTabs.${k}`),
                content: <PageEmpty kind="list" hint={t('home.articlesEmpty')} />,
              }))}
            />
          </div>
        </section>
      </div>

      <div className="phjr-home-columns">
        <section>
          <SectionTitle title={t('home.chainHighlights')} more="/chain" />
          <div className="phjr-panel phjr-home-card">
            <PageEmpty kind="list" hint={t('home.chainsEmpty')} />
          </div>
        </section>
        <section>
          <SectionTitle title={t('home.partnerBanks')} />
          <div className="phjr-panel phjr-home-card">
            <PageEmpty kind="list" hint={t('home.banksEmpty')} />
          </div>
        </section>
      </div>
    </div>
  );
}
