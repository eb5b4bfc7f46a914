import { useState, type FormEvent } from 'react';
import { DownOutlined, EnvironmentOutlined, ExportOutlined, PhoneOutlined, SearchOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSearchParams } from '../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { LoginButton } from '../features/auth/components/LoginButton.tsx';
import { useExternalLinks } from '../app/external-links.ts';
import { ElderModeSwitch } from '../components/ElderModeSwitch.tsx';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { LogoMark } from '../components/LogoMark.tsx';
import { MenuButton, type MenuButtonItem } from '../components/MenuButton.tsx';
import { RouteOutlet } from '../components/RouteOutlet.tsx';
import { PORTAL_NAV, SUBSITE_NAV, activeNavKey, withCity } from './site-nav.ts';
import { districtsOf, regionLabel, regionName, useRegions } from '../components/use-regions.ts';
import { useSysImages } from '../lib/session-hooks.ts';
import { localizedImage } from '../lib/localized.ts';
import { beijingYear } from '../lib/format.ts';
import { SITE_CONTACT } from '../lib/site-contact.ts';
import './site.css';

function CitySwitcher({ city }: { city: string | null }) {
  const { t, i18n } = useTranslation('layout');
  const { data: regions, isError } = useRegions();
  const districts = districtsOf(regions);
  const linkItem = (key: string, to: string, label: string, current: boolean): MenuButtonItem => ({
    key,
    label,
    current,
    render: (props) => (
      <Link to={to} {...props}>
        {label}
      </Link>
    ),
  });
  const items: MenuButtonItem[] = [
    linkItem('city', '/home', t('site.cityPlatform'), !city),
    ...districts.map((d) =>
      linkItem(d.code, withCity('/subsite/home', d.code), regionLabel(d, i18n.language), d.code === city),
    ),
  ];
  if (!districts.length) {
    items.push({
      key: 'none',
      label: t(isError ? 'site.districtsFailed' : 'site.districtsLoading'),
      render: ({ className }) => (
        <span className={className}>{t(isError ? 'site.districtsFailed' : 'site.districtsLoading')}</span>
      ),
    });
  }
  return (
    <MenuButton
      items={items}
      label={
        <>
          <EnvironmentOutlined aria-hidden /> {t('site.switchDistrict')}{' '}
          <DownOutlined aria-hidden style={{ fontSize: 10 }} />
        </>
      }
    />
  );
}

/**
 * The header's search box: it searches the news (`/news?keyword=`), where the reader can switch to the policies
 * with the same keyword. Plain DOM: antd's Input would add to every portal page's first load.
 */
function SiteSearch() {
  const { t } = useTranslation('portal');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === '/news' ? (params.get('keyword') ?? '') : '';
  const [value, setValue] = useState(current);
  const [shownFor, setShownFor] = useState(current);
  if (shownFor !== current) {
    // The address changed (another search, a cleared one): show what the page shows.
    setShownFor(current);
    setValue(current);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const keyword = value.trim().slice(0, 50);
    navigate(keyword ? `/news?keyword=${encodeURIComponent(keyword)}` : '/news');
  };
  return (
    <form role="search" className="phjr-site-search" onSubmit={submit} aria-label={t('search.label')}>
      <input
        type="search"
        name="keyword"
        value={value}
        maxLength={50}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
      />
      <button type="submit" aria-label={t('search.submit')}>
        <SearchOutlined aria-hidden />
      </button>
    </form>
  );
}

export interface SiteFrameProps {
  /** True on the district site (its navigation and header), false on the city portal. */
  district: boolean;
  /** The district's region code (`city` query); null when none was chosen. */
  city: string | null;
}

/**
 * The public chrome of UI.md: thin top bar (district switcher, sign-in, language), header with the product name
 * and the mark, the main navigation, 1200 px content and the footer. The district site uses the same frame with
 * the district's name, its own navigation and every link carrying `city`.
 */
export function SiteFrame({ district: isDistrict, city }: SiteFrameProps) {
  const { t, i18n } = useTranslation(['layout', 'common']);
  const { pathname } = useLocation();
  const { data: regions } = useRegions();
  const district = isDistrict ? (regionName(regions, city, i18n.language) ?? t('site.districtFallback')) : null;
  const nav = isDistrict ? SUBSITE_NAV : PORTAL_NAV;
  const active = activeNavKey(nav, pathname);
  const link = (to: string) => (city ? withCity(to, city) : to);
  const { firstLoanCentreUrl } = useExternalLinks();
  return (
    <div className="phjr-site">
      <a className="phjr-skip-link" href="#phjr-main">
        {t('site.skipToContent')}
      </a>
      <div className="phjr-topbar">
        <div className="phjr-wrap phjr-topbar-inner">
          <span className="phjr-topbar-welcome">{t('site.welcome')}</span>
          <CitySwitcher city={city} />
          <span className="phjr-topbar-spacer" />
          <a className="phjr-topbar-link" href={firstLoanCentreUrl} target="_blank" rel="noopener noreferrer">
            {t('routes:title.portal.firstLoanCentre')} <ExportOutlined aria-hidden style={{ fontSize: 11 }} />
          </a>
          <span className="phjr-topbar-sep" aria-hidden />
          <LoginButton />
          <span className="phjr-topbar-sep" aria-hidden />
          <ElderModeSwitch />
          <span className="phjr-topbar-sep" aria-hidden />
          <LanguageSwitch />
        </div>
      </div>
      <header className="phjr-header">
        <div className="phjr-wrap phjr-header-inner">
          <Link to={link(isDistrict ? '/subsite/home' : '/home')} className="phjr-brand">
            <LogoMark size={48} />
            <span className="phjr-brand-text">
              <span className="phjr-brand-name">{t('common:appName')}</span>
              <span className="phjr-brand-sub">{t('site.subtitle')}</span>
            </span>
          </Link>
          {district ? (
            <span className="phjr-district-badge">
              <EnvironmentOutlined aria-hidden /> {t('site.districtSite', { name: district })}
            </span>
          ) : null}
          <span className="phjr-header-spacer" />
          <SiteSearch />
          <div className="phjr-hotline">
            <PhoneOutlined aria-hidden className="phjr-hotline-icon" />
            <span>
              <span className="phjr-hotline-label">{t('site.hotline')}</span>
              <strong>{SITE_CONTACT.hotline}</strong>
            </span>
          </div>
        </div>
      </header>
      <nav className="phjr-nav" aria-label={t('site.mainNav')}>
        <ul className={isDistrict ? 'phjr-wrap phjr-nav-list is-district' : 'phjr-wrap phjr-nav-list'}>
          {nav.map((item) => (
            <li key={item.key}>
              <Link
                to={link(item.to)}
                className={item.key === active ? 'phjr-nav-link is-active' : 'phjr-nav-link'}
                aria-current={item.key === active ? 'page' : undefined}
              >
                {t(`nav.${item.key}`)}
              </Link>
            </li>
          ))}
          {isDistrict ? (
            <li className="phjr-nav-end">
              <Link to="/home" className="phjr-nav-link">
                {t('nav.backToCity')}
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
      <main id="phjr-main" className="phjr-main" tabIndex={-1}>
        <div className="phjr-wrap">
          <RouteOutlet />
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

/** Public institutions a finance portal points its readers to (their official sites, opened in a new window). */
const RELATED_SITES = [
  ['pbc', 'http://www.pbc.gov.cn/'],
  ['nfra', 'https://www.nfra.gov.cn/'],
  ['creditChina', 'https://www.creditchina.gov.cn/'],
  ['gsxt', 'https://www.gsxt.gov.cn/'],
] as const;

function SiteFooter() {
  const { t, i18n } = useTranslation(['layout', 'common', 'routes', 'portal']);
  const year = beijingYear();
  const { firstLoanCentreUrl } = useExternalLinks();
  const { data: regions } = useRegions();
  const districts = districtsOf(regions);
  const qrImage = useSysImages().find((i) => i.place.toUpperCase().replace(/-/g, '_') === 'QR_CODE');
  const qr = qrImage ? localizedImage(qrImage, i18n.language) : null;
  const about = [
    ['/intro', 'title.portal.intro'],
    ['/guide', 'title.portal.guide'],
    ['/list-announcement', 'title.portal.announcements'],
    ['/pact', 'title.portal.pact'],
  ] as const;
  const services = [
    ['/supermarket', 'title.portal.supermarket'],
    ['/financing', 'title.portal.financing'],
    ['/creditSearch', 'title.portal.creditSearch'],
    ['/stowdown', 'title.portal.stowdown'],
  ] as const;
  return (
    <footer className="phjr-footer">
      <div className="phjr-wrap phjr-footer-grid">
        <section className="phjr-footer-brand">
          <div className="phjr-footer-logo">
            <LogoMark size={36} />
            <span>{t('common:appName')}</span>
          </div>
          <p>{t('footer.mission')}</p>
          {qr ? (
            <figure className="phjr-footer-qr">
              <img src={qr.url} alt={qr.title} width={88} height={88} loading="lazy" />
              <figcaption>{t('portal:footer.followUs')}</figcaption>
            </figure>
          ) : null}
        </section>
        <section aria-labelledby="phjr-footer-about">
          <h2 id="phjr-footer-about">{t('footer.about')}</h2>
          <ul>
            {about.map(([to, key]) => (
              <li key={to}>
                <Link to={to}>{t(`routes:${key}`)}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="phjr-footer-services">
          <h2 id="phjr-footer-services">{t('footer.services')}</h2>
          <ul>
            {services.map(([to, key]) => (
              <li key={to}>
                <Link to={to}>{t(`routes:${key}`)}</Link>
              </li>
            ))}
            <li>
              <a href={firstLoanCentreUrl} target="_blank" rel="noopener noreferrer">
                {t('routes:title.portal.firstLoanCentre')} <ExportOutlined aria-hidden style={{ fontSize: 11 }} />
              </a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="phjr-footer-contact">
          <h2 id="phjr-footer-contact">{t('footer.contact')}</h2>
          <dl className="phjr-footer-contact">
            <dt>{t('footer.hotline')}</dt>
            <dd>
              <a href={`tel:${SITE_CONTACT.hotline}`}>{SITE_CONTACT.hotline}</a>
            </dd>
            <dt>{t('footer.hours')}</dt>
            <dd>{t('footer.hoursValue')}</dd>
            <dt>{t('footer.email')}</dt>
            <dd>
              <a href={`mailto:${SITE_CONTACT.email}`}>{SITE_CONTACT.email}</a>
            </dd>
            <dt>{t('footer.address')}</dt>
            <dd>{t('footer.addressValue')}</dd>
          </dl>
        </section>
      </div>
      <div className="phjr-wrap phjr-footer-links">
        <nav aria-labelledby="phjr-footer-related">
          <h2 id="phjr-footer-related">{t('portal:footer.links')}</h2>
          <ul>
            {RELATED_SITES.map(([key, href]) => (
              <li key={key}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {t(`portal:footer.${key}`)}
                  <span className="phjr-visually-hidden">{t('portal:footer.externalHint')}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {districts.length ? (
          <nav aria-labelledby="phjr-footer-districts">
            <h2 id="phjr-footer-districts">{t('portal:footer.districts')}</h2>
            <ul>
              {districts.map((d) => (
                <li key={d.code}>
                  <Link to={withCity('/subsite/home', d.code)}>{regionLabel(d, i18n.language)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <div className="phjr-footer-bottom">
        <div className="phjr-wrap">
          <span>{t('footer.copyright', { year })}</span>
          <span>{t('footer.sponsor')}</span>
          <span>{t('footer.demoNotice')}</span>
        </div>
      </div>
    </footer>
  );
}
