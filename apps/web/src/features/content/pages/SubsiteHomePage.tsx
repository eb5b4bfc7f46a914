import { Card, Col, Row } from 'antd';
import { EnvironmentOutlined, ReadOutlined, SafetyOutlined, ShopOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageEmpty } from '../../../components/PageEmpty.tsx';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { districtsOf, regionName, useRegions } from '../../../components/use-regions.ts';
import { withCity } from '../../../layouts/site-nav.ts';
import './subsite-home-page.css';

const ENTRIES = [
  { key: 'supermarket', to: '/supermarket', icon: <ShopOutlined /> },
  { key: 'credit', to: '/credit', icon: <SafetyOutlined /> },
  { key: 'cityNews', to: '/subsite/cityNews', icon: <ReadOutlined /> },
] as const;

/** /subsite/home?city=<regionCode>: the district's front page; without a district it offers the list of them. */
export default function SubsiteHomePage() {
  const { t } = useTranslation(['layout', 'routes']);
  const [params] = useSearchParams();
  const city = params.get('city');
  const { data: regions } = useRegions();
  const name = regionName(regions, city);
  if (!city) {
    const districts = districtsOf(regions);
    return (
      <RoutePage kind="overview">
        <Card variant="borderless" className="phjr-page-card" title={t('subsite.chooseDistrict')}>
          {districts.length ? (
            <ul className="phjr-subsite-districts">
              {districts.map((d) => (
                <li key={d.code}>
                  <Link to={withCity('/subsite/home', d.code)}>
                    <EnvironmentOutlined aria-hidden /> {d.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <PageEmpty kind="overview" hint={t('subsite.noDistricts')} />
          )}
        </Card>
      </RoutePage>
    );
  }
  // The district's own banner stands in for the page head: its name is the title of this page.
  return (
    <div className="phjr-subsite-home">
      <section className="phjr-subsite-hero" aria-labelledby="phjr-subsite-title">
        <h1 id="phjr-subsite-title">{t('subsite.heroTitle', { name: name ?? t('site.districtFallback') })}</h1>
        <p>{t('subsite.heroText')}</p>
      </section>
      <nav className="phjr-subsite-entries" aria-label={t('home.entriesTitle')}>
        {ENTRIES.map((e) => (
          <Link key={e.key} to={withCity(e.to, city)} className="phjr-subsite-entry">
            <span className="phjr-subsite-entry-icon">{e.icon}</span>
            <span>{t(`nav.${e.key}`)}</span>
          </Link>
        ))}
      </nav>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <Card variant="borderless" className="phjr-page-card" title={t('subsite.products')}>
            <PageEmpty kind="list" hint={t('subsite.productsEmpty')} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card variant="borderless" className="phjr-page-card" title={t('routes:title.subsite.cityNews')}>
            <PageEmpty kind="list" hint={t('home.articlesEmpty')} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
