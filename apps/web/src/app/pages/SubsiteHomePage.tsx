import {
  EditOutlined,
  EnvironmentOutlined,
  ReadOutlined,
  RightOutlined,
  SafetyOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useSearchParams } from '../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../components/RoutePage.tsx';
import { districtsOf, regionLabel, regionName, useRegions } from '../../components/use-regions.ts';
import { withCity } from '../../layouts/site-nav.ts';
import { useSysImages } from '../../lib/session-hooks.ts';
import { usePortalArticles } from '../../features/content/api/portal-articles.ts';
import { FeaturedProducts } from '../../features/products/components/FeaturedProducts.tsx';
import { BannerCarousel } from '../../features/content/components/BannerCarousel.tsx';
import { CompactArticleList } from '../../components/CompactArticleList.tsx';
import { DistrictChooser, isRegionCode } from '../../components/DistrictChooser.tsx';
import { imagesOf } from '../../features/content/components/sys-image-places.ts';
import './subsite-home-page.css';

const ENTRIES = [
  { key: 'supermarket', to: '/supermarket', icon: <ShopOutlined /> },
  { key: 'credit', to: '/credit', icon: <SafetyOutlined /> },
  { key: 'cityNews', to: '/subsite/cityNews', icon: <ReadOutlined /> },
  { key: 'financing', to: '/financing', icon: <EditOutlined /> },
] as const;

/** The district pages carry `city`; the financing demand is the city portal's own page. */
const CITY_SCOPED = new Set(['supermarket', 'credit', 'cityNews']);
const LATEST = 8;

function PanelTitle({ id, title, more }: { id: string; title: string; more?: string }) {
  const { t } = useTranslation('portal');
  return (
    <div className="phjr-subsite-panel-title">
      <h2 id={id}>{title}</h2>
      {more ? (
        <Link to={more} aria-label={t('home.moreOf', { name: title })}>
          {t('home.more')} <RightOutlined aria-hidden style={{ fontSize: 11 }} />
        </Link>
      ) : null}
    </div>
  );
}

/**
 * /subsite/home?city=<regionCode>: the district's front page (PRODUCT.md 2): its banners (SUBSITE_BANNER), its
 * name, entries to its supermarket and credit pages, its own news, and the other district sites. Without a known
 * district it offers the list of them.
 */
export default function SubsiteHomePage() {
  const { t, i18n } = useTranslation(['portal', 'layout']);
  const [params] = useSearchParams();
  const city = params.get('city');
  const { data: regions } = useRegions();
  const name = regionName(regions, city, i18n.language);
  const banners = imagesOf(useSysImages(), 'SUBSITE_BANNER');
  const valid = isRegionCode(city) && !(regions && !name);
  const news = usePortalArticles(
    { channel: 'city', regionCode: valid ? city : undefined, current: 1, pageSize: LATEST },
    { enabled: valid },
  );
  if (!valid) {
    return (
      <RoutePage kind="overview">
        <DistrictChooser unknown={city !== null} to="/subsite/home" />
      </RoutePage>
    );
  }
  const title = t('subsite.heroTitle', { name: name ?? t('layout:site.districtFallback') });
  const others = districtsOf(regions).filter((d) => d.code !== city);
  return (
    <div className="phjr-subsite-home">
      {banners.length ? <BannerCarousel images={banners} label={t('home.banners')} city={city} /> : null}
      <section
        className={banners.length ? 'phjr-subsite-hero is-compact' : 'phjr-subsite-hero'}
        aria-labelledby="phjr-subsite-title"
      >
        <div>
          <h1 id="phjr-subsite-title">
            <EnvironmentOutlined aria-hidden /> {title}
          </h1>
          <p>{t('subsite.heroText')}</p>
        </div>
      </section>
      <nav className="phjr-subsite-entries" aria-label={t('home.entriesTitle')}>
        {ENTRIES.map((e) => (
          <Link key={e.key} to={CITY_SCOPED.has(e.key) ? withCity(e.to, city) : e.to} className="phjr-subsite-entry">
            <span className="phjr-subsite-entry-icon" aria-hidden>
              {e.icon}
            </span>
            <span className="phjr-subsite-entry-text">
              <strong>{t(`subsite.entries.${e.key}`)}</strong>
              <span>{t(`subsite.entries.${e.key}Hint`)}</span>
            </span>
          </Link>
        ))}
      </nav>
      <div className="phjr-subsite-columns">
        <section className="phjr-panel phjr-subsite-panel" aria-labelledby="phjr-subsite-news">
          <PanelTitle
            id="phjr-subsite-news"
            title={t('subsite.newsTitle', { name: name ?? '' })}
            more={withCity('/subsite/cityNews', city)}
          />
          <CompactArticleList result={news} rows={LATEST} emptyHint={t('subsite.newsEmpty')} city={city} />
        </section>
        <section className="phjr-panel phjr-subsite-panel" aria-labelledby="phjr-subsite-products">
          <PanelTitle id="phjr-subsite-products" title={t('subsite.products')} more={withCity('/supermarket', city)} />
          <FeaturedProducts city={city} columns="rows" emptyHint={t('subsite.productsEmpty')} />
        </section>
      </div>
      {others.length ? (
        <nav className="phjr-panel phjr-subsite-others" aria-labelledby="phjr-subsite-others">
          <h2 id="phjr-subsite-others">{t('subsite.otherDistricts')}</h2>
          <ul>
            {others.map((d) => (
              <li key={d.code}>
                <Link to={withCity('/subsite/home', d.code)}>{regionLabel(d, i18n.language)}</Link>
              </li>
            ))}
            <li>
              <Link to="/home" className="is-city">
                {t('subsite.cityPlatform')}
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
