import type { ReactNode } from 'react';
import { Button } from 'antd';
import { PhoneOutlined, RightOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SITE_CONTACT } from '../lib/site-contact.ts';
import { withCity } from '../layouts/site-nav.ts';
import './page-empty.css';
import './section-layout.css';

export type SectionKey = 'news' | 'tech' | 'countryside' | 'chain' | 'subsite';

interface SectionLink {
  key: string;
  to: string;
  /** A key of the `portal` or `routes` namespace. */
  label: string;
}

/** The pages of each portal section, as its side navigation lists them. */
const SECTIONS: Record<SectionKey, readonly SectionLink[]> = {
  news: [
    { key: 'news', to: '/news?type=news', label: 'portal:channel.news' },
    { key: 'policy', to: '/news?type=policy', label: 'portal:channel.policy' },
    { key: 'announcement', to: '/list-announcement', label: 'portal:channel.announcement' },
    { key: 'guide', to: '/guide', label: 'portal:channel.guide' },
    { key: 'intro', to: '/intro', label: 'portal:channel.intro' },
    { key: 'pact', to: '/pact', label: 'routes:title.portal.pact' },
  ],
  tech: [
    { key: 'tech', to: '/tech', label: 'portal:section.techHome' },
    { key: 'techNews', to: '/tech/news', label: 'portal:tech.newsTitle' },
  ],
  countryside: [
    { key: 'countryside', to: '/countryside-develop', label: 'portal:section.countrysideHome' },
    {
      key: 'products',
      to: '/countryside-develop/product-list-countryside',
      label: 'portal:section.countrysideProducts',
    },
    {
      key: 'countryside-news',
      to: '/countryside-develop/news-list-countryside',
      label: 'portal:channel.countryside-news',
    },
    {
      key: 'countryside-policy',
      to: '/countryside-develop/policy-list-countryside',
      label: 'portal:channel.countryside-policy',
    },
    { key: 'farmers', to: '/countryside-develop/farmer-base-info', label: 'portal:section.farmerBaseInfo' },
  ],
  chain: [
    { key: 'chain', to: '/chain', label: 'portal:section.chainHome' },
    { key: 'chainNews', to: '/news-list-chain', label: 'portal:channel.chain' },
  ],
  subsite: [
    { key: 'home', to: '/subsite/home', label: 'portal:section.subsiteHome' },
    { key: 'cityNews', to: '/subsite/cityNews', label: 'portal:channel.city' },
    { key: 'supermarket', to: '/supermarket', label: 'portal:section.supermarket' },
    { key: 'credit', to: '/credit', label: 'portal:section.credit' },
  ],
};

export interface SectionLayoutProps {
  section: SectionKey;
  /** The key of the current page in the section's navigation. */
  active: string;
  /** The district site: its name heads the navigation and every link carries `city`. */
  city?: string | null;
  districtName?: string | null;
  children: ReactNode;
}

/**
 * A portal section page: the section's navigation and a help card on the left, the page on the right (the
 * classic two-column layout of government portals; UI.md "Portal and district site").
 */
export function SectionLayout({ section, active, city, districtName, children }: SectionLayoutProps) {
  const { t } = useTranslation(['portal', 'routes']);
  const navigate = useNavigate();
  const heading = section === 'subsite' ? t('section.subsite', { name: districtName ?? '' }) : t(`section.${section}`);
  return (
    <div className="phjr-section">
      <aside className="phjr-section-aside">
        <nav className="phjr-panel phjr-section-nav" aria-label={t('section.navLabel')}>
          <h2>{heading}</h2>
          <ul>
            {SECTIONS[section].map((l) => (
              <li key={l.key}>
                <Link
                  to={city ? withCity(l.to, city) : l.to}
                  className={l.key === active ? 'is-active' : undefined}
                  aria-current={l.key === active ? 'page' : undefined}
                >
                  {t(l.label)}
                  <RightOutlined aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="phjr-panel phjr-section-help" aria-labelledby="phjr-section-help-title">
          <h2 id="phjr-section-help-title">{t('section.hotlineTitle')}</h2>
          <p className="phjr-section-help-phone">
            <PhoneOutlined aria-hidden /> {SITE_CONTACT.hotline}
          </p>
          <p>{t('section.hotlineText')}</p>
          <Button type="primary" block onClick={() => navigate('/financing')}>
            {t('section.postDemand')}
          </Button>
        </section>
      </aside>
      <div className="phjr-section-main">{children}</div>
    </div>
  );
}
