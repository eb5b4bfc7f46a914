import type { ReactNode } from 'react';
import { Button } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CompactArticleList } from '../../../components/CompactArticleList.tsx';
import { ProductRows } from '../../../components/ProductRows.tsx';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { SectionLayout } from '../../../components/SectionLayout.tsx';
import { channelListPath } from '../../../components/article-links.ts';
import { formatCount } from '../../../lib/format.ts';
import { useRuralArticles, useRuralProducts } from '../api/countryside-reads.ts';
import { FarmerFigures } from '../components/FarmerFigures.tsx';
import './countryside-page.css';

const PRODUCTS_PATH = '/countryside-develop/product-list-countryside';
const FARMERS_PATH = '/countryside-develop/farmer-base-info';
const ROWS = 6;

/** A panel's title and its link: "more" of the same, or `moreLabel` where it leads elsewhere. */
function PanelHead({ id, title, more, moreLabel }: { id: string; title: string; more: string; moreLabel?: string }) {
  const { t } = useTranslation('portal');
  return (
    <div className="phjr-rural-panel-head">
      <h2 id={id}>{title}</h2>
      <Link to={more} aria-label={moreLabel ? undefined : t('home.moreOf', { name: title })}>
        {moreLabel ?? t('home.more')} <RightOutlined aria-hidden style={{ fontSize: 11 }} />
      </Link>
    </div>
  );
}

/** One figure of the overview: its value once known (a dash while loading or when the call failed). */
function Figure({ value, unit, label, to }: { value: number | undefined; unit: string; label: string; to: string }) {
  return (
    <li>
      <Link to={to} className="phjr-rural-figure">
        <span className="phjr-rural-figure-value">
          {value === undefined ? '—' : formatCount(value)}
          <small>{unit}</small>
        </span>
        <span className="phjr-rural-figure-label">{label}</span>
      </Link>
    </li>
  );
}

function Section({ id, children }: { id: string; children: ReactNode }) {
  return (
    <section className="phjr-panel phjr-rural-panel" aria-labelledby={id}>
      {children}
    </section>
  );
}

/**
 * /countryside-develop: the rural hub. What the section offers (agricultural loans, news, policies) and the way in:
 * the counts of rural loans for farmers and for new agricultural entities and of rural policies, the most applied-for
 * rural loans, and the latest rural news and policies, each leading to its full list. The farmer figures join the
 * overview with the farmer records (FarmerFigures).
 */
export default function CountrysidePage() {
  const { t } = useTranslation('portal');
  const navigate = useNavigate();
  const products = useRuralProducts({ pageSize: ROWS });
  const forFarmers = useRuralProducts({ customerType: 'FARMER', pageSize: 1 });
  const forEntities = useRuralProducts({ customerType: 'NEW_AGRI_ENTITY', pageSize: 1 });
  const news = useRuralArticles('countryside-news', ROWS);
  const policies = useRuralArticles('countryside-policy', ROWS);
  return (
    <RoutePage kind="overview">
      <SectionLayout section="countryside" active="countryside">
        <section className="phjr-rural-hero" aria-labelledby="phjr-rural-title">
          <h2 id="phjr-rural-title">{t('rural.heroTitle')}</h2>
          <p>{t('rural.heroText')}</p>
          <div className="phjr-rural-actions">
            <Button type="primary" size="large" onClick={() => navigate(PRODUCTS_PATH)}>
              {t('rural.findProducts')}
            </Button>
            <Button size="large" ghost onClick={() => navigate('/financing')}>
              {t('rural.postDemand')}
            </Button>
          </div>
        </section>

        <Section id="phjr-rural-figures">
          <PanelHead
            id="phjr-rural-figures"
            title={t('rural.figuresTitle')}
            more={FARMERS_PATH}
            moreLabel={t('rural.farmerRecords')}
          />
          <ul className="phjr-rural-figures">
            <Figure
              value={forFarmers.data?.total}
              unit={t('rural.units.products')}
              label={t('rural.figures.farmerProducts')}
              to={`${PRODUCTS_PATH}?customerType=FARMER`}
            />
            <Figure
              value={forEntities.data?.total}
              unit={t('rural.units.products')}
              label={t('rural.figures.entityProducts')}
              to={`${PRODUCTS_PATH}?customerType=NEW_AGRI_ENTITY`}
            />
            <Figure
              value={policies.data?.total}
              unit={t('rural.units.articles')}
              label={t('rural.figures.policies')}
              to={channelListPath('countryside-policy')}
            />
          </ul>
          <FarmerFigures />
        </Section>

        <Section id="phjr-rural-products">
          <PanelHead id="phjr-rural-products" title={t('rural.productsTitle')} more={PRODUCTS_PATH} />
          <ProductRows result={products} rows={ROWS} emptyHint={t('rural.productsEmpty')} />
        </Section>

        <div className="phjr-rural-columns">
          <Section id="phjr-rural-news">
            <PanelHead
              id="phjr-rural-news"
              title={t('channel.countryside-news')}
              more={channelListPath('countryside-news')}
            />
            <CompactArticleList result={news} rows={ROWS} emptyHint={t('rural.newsEmpty')} />
          </Section>
          <Section id="phjr-rural-policies">
            <PanelHead
              id="phjr-rural-policies"
              title={t('channel.countryside-policy')}
              more={channelListPath('countryside-policy')}
            />
            <CompactArticleList result={policies} rows={ROWS} emptyHint={t('rural.policyEmpty')} />
          </Section>
        </div>
      </SectionLayout>
    </RoutePage>
  );
}
