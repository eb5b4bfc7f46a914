import { Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { CHAIN_CATEGORIES, type ChainCard as PortalChainCard, type ChainCategory } from '@phjr/contract/chains/chain';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { SectionLayout } from '../../../components/SectionLayout.tsx';
import { PageEmpty } from '../../../components/PageEmpty.tsx';
import { useEnum } from '../../../lib/enums.ts';
import { formatAmount, formatCount } from '../../../lib/format.ts';
import { useChainCategoryData, useChainTotalFigures, usePortalChains } from '../api/chains.ts';
import { formatShare } from '../components/chain-model.ts';
import { ChainCover } from './chain-portal.tsx';
import '../../../components/portal-blocks.css';
import './chain-portal.css';

/**
 * /chain: industrial-chain finance on the portal (docs/chains.md "Web"): the figures over every active chain, the
 * categories with their chain counts (`?category=` filters), and the chains as cards with their own figures, each
 * opening its page (/chainChildren?industrialChainId=). Members are not public: counts only.
 */
export default function ChainPage() {
  const { t } = useTranslation('chains');
  const [params, setParams] = useSearchParams();
  const chains = usePortalChains();
  const categories = useChainCategoryData();
  const category = useEnum('ChainCategory');
  const raw = params.get('category');
  const chosen = (CHAIN_CATEGORIES as readonly string[]).includes(raw ?? '') ? (raw as ChainCategory) : null;
  const shown = (chains.data ?? []).filter((c) => !chosen || c.category === chosen);
  const counts = new Map((categories.data ?? []).map((c) => [c.category, c.chains]));
  const choose = (c: ChainCategory | null) => setParams(c ? { category: c } : {}, { replace: true });
  return (
    <RoutePage kind="overview">
      <SectionLayout section="chain" active="chain">
        <TotalBand />
        <section className="phjr-panel" aria-labelledby="phjr-chain-list-title">
          <div className="phjr-chain-section-head">
            <h2 id="phjr-chain-list-title">{t('portal.chainsTitle')}</h2>
          </div>
          <ul className="phjr-pills phjr-chain-cats" aria-label={t('fields.category')}>
            <li>
              <button type="button" aria-pressed={chosen === null} onClick={() => choose(null)}>
                {t('portal.allCategories')}
                <small>{chains.data ? chains.data.length : ''}</small>
              </button>
            </li>
            {CHAIN_CATEGORIES.filter((c) => (counts.get(c) ?? 0) > 0 || c === chosen).map((c) => (
              <li key={c}>
                <button type="button" aria-pressed={chosen === c} onClick={() => choose(c)}>
                  {category.label(c)}
                  <small>{counts.get(c) ?? 0}</small>
                </button>
              </li>
            ))}
          </ul>
          {chains.isPending ? (
            <ul className="phjr-chain-cards" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <li key={i} className="phjr-chain-card" style={{ padding: 16, minHeight: 260 }}>
                  <Skeleton active />
                </li>
              ))}
            </ul>
          ) : shown.length === 0 ? (
            <PageEmpty kind="list" hint={t('portal.noChains')} />
          ) : (
            <ul className="phjr-chain-cards">
              {shown.map((c) => (
                <ChainCard key={c.id} chain={c} categoryLabel={category.label(c.category)} />
              ))}
            </ul>
          )}
        </section>
      </SectionLayout>
    </RoutePage>
  );
}

/** The figures over every active chain (an enterprise in two chains counts in each). */
function TotalBand() {
  const { t } = useTranslation('chains');
  const q = useChainTotalFigures();
  const f = q.data;
  const item = (key: string, value: string | undefined) => (
    <div key={key}>
      <dt>{t(`portal.total.${key}`)}</dt>
      <dd>{value ?? <span style={{ color: 'rgba(0,0,0,.2)' }}>—</span>}</dd>
    </div>
  );
  return (
    <section className="phjr-panel" aria-label={t('portal.totalTitle')} style={{ padding: 0 }}>
      <dl className="phjr-figure-band phjr-chain-band">
        {item('chains', f && formatCount(f.chains))}
        {item('enterprises', f && formatCount(f.enterprises))}
        {item('banks', f && formatCount(f.banks))}
        {item('enterprisesVisited', f && formatCount(f.enterprisesVisited))}
        {item('enterprisesFinanced', f && formatCount(f.enterprisesFinanced))}
        {item('loanAmount', f && formatAmount(f.loanAmount))}
      </dl>
    </section>
  );
}

function ChainCard({ chain: c, categoryLabel }: { chain: PortalChainCard; categoryLabel: string }) {
  const { t } = useTranslation('chains');
  const href = `/chainChildren?industrialChainId=${c.id}`;
  return (
    <li className="phjr-chain-card">
      <ChainCover url={c.coverUrl}>
        <h3>
          <Link to={href}>{c.name}</Link>
        </h3>
      </ChainCover>
      <div className="phjr-chain-card-body">
        <div>
          <Tag color="blue">{categoryLabel}</Tag>
          {c.regionName ? <Tag>{c.regionName}</Tag> : null}
        </div>
        <p className="phjr-chain-card-meta">
          {t('fields.leadBank')}：{c.leadBankName ?? '-'}
          <br />
          {t('fields.chiefDepartment')}：{c.chiefDepartmentName ?? '-'}
        </p>
        <dl className="phjr-chain-card-figures">
          <div>
            <dt>{t('figures.enterprises')}</dt>
            <dd>{formatCount(c.figures.enterprises)}</dd>
          </div>
          <div>
            <dt>{t('figures.enterprisesFinanced')}</dt>
            <dd>{formatCount(c.figures.enterprisesFinanced)}</dd>
          </div>
          <div>
            <dt>{t('portal.loanAmountWan')}</dt>
            <dd>{formatAmount(c.figures.loanAmount)}</dd>
          </div>
        </dl>
        <p className="phjr-chain-card-meta">
          {t('figures.visitRate')} {formatShare(c.figures.visitRate)} · {t('figures.financedRate')}{' '}
          {formatShare(c.figures.financedRate)}
        </p>
        <Link to={href} aria-label={t('portal.openChain', { name: c.name })}>
          {t('portal.viewChain')} →
        </Link>
      </div>
    </li>
  );
}
