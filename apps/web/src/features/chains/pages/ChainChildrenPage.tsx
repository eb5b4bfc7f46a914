import type { ReactNode } from 'react';
import { Result, Skeleton, Tag, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { CHAIN_TIERS, type ChainFigures, type ChainOrgRole, type PortalChain } from '@phjr/contract/chains/chain';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { SectionLayout } from '../../../components/SectionLayout.tsx';
import { PageEmpty } from '../../../components/PageEmpty.tsx';
import { BankBadge } from '../../../components/BankBadge.tsx';
import { useEnum } from '../../../lib/enums.ts';
import { RequestError } from '../../../lib/request.ts';
import { formatAmount, formatDate, formatNumber } from '../../../lib/format.ts';
import { useChainFiguresById, usePortalChain } from '../api/chains.ts';
import { useChainNews, useChainProducts } from '../api/chain-related.ts';
import { BankFiguresTable, ChainFiguresCard } from '../components/ChainFigures.tsx';
import { idParam } from '../components/chain-model.ts';
import { ChainCover } from './chain-portal.tsx';
import './chain-portal.css';

/**
 * /chainChildren?industrialChainId=: one chain's public page (docs/chains.md "Web"): what it is (category, region,
 * description, lead enterprises), its tiers with their member counts, the lead bank, chief department and the
 * other banks and departments, its figures (in total and per bank), its listed products (the supermarket filtered by
 * the chain) and its news. No member list and no managers: those are not public. An archived or unknown chain
 * answers 404.
 */
export default function ChainChildrenPage() {
  const { t } = useTranslation('chains');
  const [params] = useSearchParams();
  const id = idParam(params.get('industrialChainId'));
  const q = usePortalChain(id);
  let body: ReactNode;
  if (id === null) body = <Problem status="warning" title={t('portal.missingChain')} />;
  else if (q.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (q.data) body = <ChainView chain={q.data} />;
  else {
    const e = q.error;
    const notFound =
      e instanceof RequestError &&
      ((e.kind === 'http' && e.status === 404) || /NOT_FOUND/.test(e.info?.errorCode ?? ''));
    body = (
      <Problem status={notFound ? '404' : 'error'} title={t(notFound ? 'portal.chainNotFound' : 'portal.loadFailed')} />
    );
  }
  return (
    <RoutePage kind="detail">
      <SectionLayout section="chain" active="chain">
        {body}
      </SectionLayout>
    </RoutePage>
  );
}

function Problem({ status, title }: { status: '404' | 'error' | 'warning'; title: string }) {
  const { t } = useTranslation('chains');
  return (
    <section className="phjr-panel">
      <Result status={status} title={title} extra={<Link to="/chain">{t('portal.backToChains')}</Link>} />
    </section>
  );
}

const ORG_ROLES: readonly ChainOrgRole[] = ['LEAD_BANK', 'CHIEF_DEPARTMENT', 'MEMBER_BANK', 'MEMBER_DEPARTMENT'];
const BANK_ROLES: readonly ChainOrgRole[] = ['LEAD_BANK', 'MEMBER_BANK'];

function ChainView({ chain: c }: { chain: PortalChain }) {
  const { t } = useTranslation('chains');
  const category = useEnum('ChainCategory');
  const role = useEnum('ChainOrgRole');
  const tier = useEnum('ChainTier');
  return (
    <>
      <section className="phjr-panel phjr-chain-hero" aria-labelledby="phjr-chain-name">
        <ChainCover url={c.coverUrl}>
          <h3>{category.label(c.category)}</h3>
        </ChainCover>
        <div>
          <h2 id="phjr-chain-name">{c.name}</h2>
          <div>
            <Tag color="blue">{category.label(c.category)}</Tag>
            {c.regionName ? <Tag>{c.regionName}</Tag> : null}
          </div>
          {c.description ? <p>{c.description}</p> : null}
          {c.leadEnterprises.length ? (
            <p>
              <Typography.Text type="secondary">{t('fields.leadEnterprises')}：</Typography.Text>
              {c.leadEnterprises.join('、')}
            </p>
          ) : null}
        </div>
      </section>

      <section className="phjr-panel" aria-labelledby="phjr-chain-tiers">
        <div className="phjr-chain-section-head">
          <h2 id="phjr-chain-tiers">{t('fields.tiers')}</h2>
        </div>
        <ul className="phjr-chain-tiers-row">
          {CHAIN_TIERS.map((k) => (
            <li key={k}>
              <h3>
                {tier.label(k)}
                <small>{t('portal.tierMembers', { n: c.tierCounts[k] })}</small>
              </h3>
              <p>{c.tiers[k] || t('portal.tierEmpty')}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="phjr-panel" aria-labelledby="phjr-chain-orgs">
        <div className="phjr-chain-section-head">
          <h2 id="phjr-chain-orgs">{t('fields.orgs')}</h2>
        </div>
        <dl className="phjr-chain-orgs">
          {ORG_ROLES.map((r) => {
            const orgs = c.orgs.filter((o) => o.role === r);
            if (orgs.length === 0) return null;
            return (
              <div key={r} style={{ display: 'contents' }}>
                <dt>{role.label(r)}</dt>
                <dd>
                  {orgs.map((o) => (
                    <span key={o.name} className="phjr-chain-org">
                      {BANK_ROLES.includes(r) ? (
                        <BankBadge name={o.name} shortName={o.shortName ?? undefined} size={28} />
                      ) : null}
                      {o.name}
                    </span>
                  ))}
                </dd>
              </div>
            );
          })}
        </dl>
      </section>

      <ChainFiguresSection chainId={c.id} fallback={c.figures} />
      <ChainProducts chainId={c.id} />
      <ChainNews chainId={c.id} />
    </>
  );
}

function ChainFiguresSection({ chainId, fallback }: { chainId: number; fallback: ChainFigures }) {
  const { t } = useTranslation('chains');
  const role = useEnum('ChainOrgRole');
  const q = useChainFiguresById(chainId);
  return (
    <>
      <ChainFiguresCard figures={q.data?.total ?? fallback} title={t('fields.figures')} />
      <section className="phjr-panel" aria-labelledby="phjr-chain-banks">
        <div className="phjr-chain-section-head">
          <h2 id="phjr-chain-banks">{t('client.byBank')}</h2>
        </div>
        <BankFiguresTable
          rows={q.data?.byBank ?? []}
          loading={q.isLoading}
          scrollX={760}
          columns={[
            {
              title: t('client.bank'),
              key: 'name',
              width: 230,
              render: (_: unknown, b) => (
                <span className="phjr-chain-org">
                  <BankBadge name={b.name} size={28} />
                  <span>
                    {b.name}
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                      {role.label(b.role)}
                    </Typography.Text>
                  </span>
                </span>
              ),
            },
            {
              title: t('figures.loanAmount'),
              key: 'amount',
              width: 120,
              align: 'right',
              render: (_: unknown, b) => t('units.wanValue', { n: formatAmount(b.figures.loanAmount) }),
            },
          ]}
        />
      </section>
    </>
  );
}

function range(min: number, max: number, digits: number): string {
  const a = formatNumber(min, digits);
  return min === max ? a : `${a}–${formatNumber(max, digits)}`;
}

/** The chain's listed loans (the supermarket filtered by the chain), each opening its product page. */
function ChainProducts({ chainId }: { chainId: number }) {
  const { t } = useTranslation('chains');
  const q = useChainProducts(chainId, 6);
  const list = q.data?.list ?? [];
  return (
    <section className="phjr-panel" aria-labelledby="phjr-chain-products">
      <div className="phjr-chain-section-head">
        <h2 id="phjr-chain-products">{t('portal.products')}</h2>
        {q.data && q.data.total > 0 ? (
          <Link to={`/supermarket?industrialChainIds=${chainId}`}>
            {t('portal.allProducts', { n: q.data.total })} <RightOutlined aria-hidden style={{ fontSize: 11 }} />
          </Link>
        ) : null}
      </div>
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.length === 0 ? (
        <PageEmpty kind="list" hint={t('portal.noProducts')} />
      ) : (
        <ul className="phjr-chain-products">
          {list.map((p) => (
            <li key={p.id}>
              <BankBadge name={p.bankName} size={40} />
              <div style={{ minWidth: 0 }}>
                <h3>
                  <Link to={`/product/${p.id}`}>{p.name}</Link>
                </h3>
                <p>{p.orgName}</p>
                <p>
                  <span className="is-rate">{range(p.rateMin, p.rateMax, 2)}%</span> ·{' '}
                  {t('units.wanValue', { n: range(p.amountMin, p.amountMax, 0) })} ·{' '}
                  {t('units.monthsValue', { n: range(p.termMin, p.termMax, 0) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The chain's latest published articles; "more" lists them all (/news-list-chain?industrialChainId=). */
function ChainNews({ chainId }: { chainId: number }) {
  const { t } = useTranslation('chains');
  const q = useChainNews({ industrialChainId: chainId, current: 1, pageSize: 6 });
  const list = q.data?.list ?? [];
  return (
    <section className="phjr-panel" aria-labelledby="phjr-chain-news">
      <div className="phjr-chain-section-head">
        <h2 id="phjr-chain-news">{t('portal.news')}</h2>
        {q.data && q.data.total > 0 ? (
          <Link to={`/news-list-chain?industrialChainId=${chainId}`}>
            {t('portal.moreNews')} <RightOutlined aria-hidden style={{ fontSize: 11 }} />
          </Link>
        ) : null}
      </div>
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : list.length === 0 ? (
        <PageEmpty kind="list" hint={t('portal.noNews')} />
      ) : (
        <ul className="phjr-chain-news">
          {list.map((a) => (
            <li key={a.id}>
              <Link to={`/news-detail-chain?id=${a.id}`} title={a.title}>
                {a.title}
              </Link>
              {a.publishAt ? <time dateTime={a.publishAt}>{formatDate(a.publishAt)}</time> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
