import { Button } from 'antd';
import {
  ApartmentOutlined,
  EditOutlined,
  RightOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SearchOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import type { ArticleChannel } from '@phjr/contract/content/channels';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LightTabs } from '../../components/LightTabs.tsx';
import { useSysImages } from '../../lib/session-hooks.ts';
import { usePortalArticles } from '../../features/content/api/portal-articles.ts';
import { useChainArticles } from '../../features/content/api/portal-chain-articles.ts';
import { FeaturedProducts } from '../../features/products/components/FeaturedProducts.tsx';
import { AchievementGrid } from '../../features/content/components/AchievementGrid.tsx';
import { BannerCarousel } from '../../features/content/components/BannerCarousel.tsx';
import { CompactArticleList } from '../../components/CompactArticleList.tsx';
import { FigureBand } from '../../features/content/components/FigureBand.tsx';
import { PartnerBankWall } from '../../features/content/components/PartnerBankWall.tsx';
import { channelListPath } from '../../components/article-links.ts';
import { imagesOf } from '../../features/content/components/sys-image-places.ts';
import { BANKS } from '@phjr/contract/orgs/banks';
import './home-page.css';

const ENTRIES = [
  { key: 'financing', to: '/financing', icon: <EditOutlined /> },
  { key: 'supermarket', to: '/supermarket', icon: <ShopOutlined /> },
  { key: 'credit', to: '/creditSearch', icon: <SearchOutlined /> },
  { key: 'chain', to: '/chain', icon: <ApartmentOutlined /> },
  { key: 'shelter', to: '/stowdown', icon: <SafetyOutlined /> },
  { key: 'guarantee', to: '/guarantee', icon: <SafetyCertificateOutlined /> },
] as const;

/** The latest articles of each tab of the news block. */
const NEWS_TABS = ['news', 'policy', 'announcement'] as const satisfies readonly ArticleChannel[];
const LATEST = 6;

function SectionTitle({ id, title, hint, more }: { id: string; title: string; hint?: string; more?: string }) {
  const { t } = useTranslation('portal');
  return (
    <div className="phjr-home-section-title">
      <h2 id={id}>{title}</h2>
      {hint ? <span className="phjr-home-section-hint">{hint}</span> : null}
      {more ? (
        <Link to={more} className="phjr-home-more" aria-label={t('home.moreOf', { name: title })}>
          {t('home.more')} <RightOutlined aria-hidden style={{ fontSize: 11 }} />
        </Link>
      ) : null}
    </div>
  );
}

/** The drawn hero, shown while the operator has no home banner active. */
function Hero() {
  const { t } = useTranslation(['portal', 'common']);
  const navigate = useNavigate();
  return (
    <section className="phjr-home-hero" aria-labelledby="phjr-home-hero-title">
      <div className="phjr-home-hero-text">
        <p className="phjr-home-hero-kicker">{t('common:appName')}</p>
        <h2 id="phjr-home-hero-title">{t('home.heroTitle')}</h2>
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
  );
}

function NewsTab({ channel }: { channel: (typeof NEWS_TABS)[number] }) {
  const { t } = useTranslation('portal');
  const result = usePortalArticles({ channel, current: 1, pageSize: LATEST });
  const name = t(`channel.${channel}`);
  return (
    <>
      <CompactArticleList result={result} rows={LATEST} emptyHint={t('list.emptyHint')} />
      <div className="phjr-home-card-foot">
        <Link to={channelListPath(channel)}>
          {t('home.moreOf', { name })} <RightOutlined aria-hidden style={{ fontSize: 11 }} />
        </Link>
      </div>
    </>
  );
}

function ChainHighlights() {
  const { t } = useTranslation('portal');
  const result = useChainArticles({ current: 1, pageSize: LATEST });
  return <CompactArticleList result={result} rows={LATEST} emptyHint={t('home.chainEmpty')} />;
}

/**
 * /home: the portal's front page (UI.md): banners, the headline figures with their definitions, quick entries,
 * news / policy / announcements, chain highlights, featured products, achievements and the partner banks. Light
 * on purpose: plain-DOM carousel, tabs and tooltips, no chart, nothing the page does not show.
 */
export default function HomePage() {
  const { t } = useTranslation(['portal', 'common', 'routes']);
  const banners = imagesOf(useSysImages(), 'HOME_BANNER');
  return (
    <div className="phjr-home">
      <h1 className="phjr-visually-hidden">{t('common:appName')}</h1>
      {banners.length ? <BannerCarousel images={banners} label={t('home.banners')} /> : <Hero />}

      <FigureBand />

      <nav className="phjr-home-entries" aria-label={t('home.entriesTitle')}>
        {ENTRIES.map((e) => (
          <Link key={e.key} to={e.to} className="phjr-home-entry">
            <span className="phjr-home-entry-icon" aria-hidden>
              {e.icon}
            </span>
            <strong>{t(`home.entries.${e.key}`)}</strong>
            <span>{t(`home.entries.${e.key}Hint`)}</span>
          </Link>
        ))}
      </nav>

      <div className="phjr-home-columns">
        <section aria-labelledby="phjr-home-news">
          <SectionTitle id="phjr-home-news" title={t('home.newsTitle')} more="/news" />
          <div className="phjr-panel phjr-home-card">
            <LightTabs
              ariaLabel={t('home.newsTitle')}
              tabs={NEWS_TABS.map((k) => ({ key: k, label: t(`channel.${k}`), content: <NewsTab channel={k} /> }))}
            />
          </div>
        </section>
        <section aria-labelledby="phjr-home-chain">
          <SectionTitle id="phjr-home-chain" title={t('home.chainHighlights')} more="/news-list-chain" />
          <div className="phjr-panel phjr-home-card">
            <ChainHighlights />
          </div>
        </section>
      </div>

      <section aria-labelledby="phjr-home-products">
        <SectionTitle id="phjr-home-products" title={t('home.featuredProducts')} more="/supermarket" />
        <FeaturedProducts columns={3} panel emptyHint={t('home.productsEmpty')} />
      </section>

      <section aria-labelledby="phjr-home-achievements">
        <SectionTitle
          id="phjr-home-achievements"
          title={t('home.achievements')}
          hint={t('home.achievementsHint')}
          more="/intro"
        />
        <AchievementGrid limit={8} emptyHint={t('home.achievementsEmpty')} />
      </section>

      <section aria-labelledby="phjr-home-banks">
        <SectionTitle
          id="phjr-home-banks"
          title={t('home.partnerBanks')}
          hint={t('home.partnerBanksHint', { n: BANKS.length })}
        />
        <PartnerBankWall />
      </section>
    </div>
  );
}
