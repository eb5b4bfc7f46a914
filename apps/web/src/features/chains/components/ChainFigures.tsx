import type { ReactNode } from 'react';
import { Card, Skeleton, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ChainFigures } from '@phjr/contract/chains/chain';
import { formatAmount, formatCount } from '../../../lib/format.ts';
import { formatShare, funnelSteps } from './chain-model.ts';
import './chains.css';

/**
 * A chain's figures (docs/chains.md "Figures"): the headline numbers and the service funnel.
 *
 *   <ChainFiguresCard figures={chain.figures} title={chain.name} />           // a card: numbers + funnel
 *   <ChainFiguresCard figures={total} loading={q.isLoading} extra={<Select …/>} />
 *   <ChainFunnel figures={bank.figures} compact />                            // the funnel alone (per bank rows)
 *
 * `figures` undefined shows a skeleton of the same height (no layout shift). Rates come from the server (0..1, null
 * when the base is 0) and show as "—" then.
 */

const NUMBERS = ['enterprises', 'banks', 'visits', 'loans'] as const;

export function ChainFiguresCard({
  figures,
  title,
  extra,
  loading,
}: {
  figures: ChainFigures | undefined;
  title?: ReactNode;
  extra?: ReactNode;
  loading?: boolean;
}) {
  const { t } = useTranslation('chains');
  return (
    <Card
      variant="borderless"
      className="phjr-page-card phjr-chain-figures"
      title={title ?? t('fields.figures')}
      extra={extra}
    >
      {!figures || loading ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : (
        <div className="phjr-chain-figures-body">
          <dl className="phjr-chain-numbers">
            {NUMBERS.map((k) => (
              <div key={k}>
                <dt>{t(`figures.${k}`)}</dt>
                <dd>{formatCount(figures[k])}</dd>
              </div>
            ))}
            <div>
              <dt>{t('figures.loanAmount')}</dt>
              <dd>
                {formatAmount(figures.loanAmount)}
                <small> {t('units.wan')}</small>
              </dd>
            </div>
          </dl>
          <ChainFunnel figures={figures} />
        </div>
      )}
    </Card>
  );
}

/** The funnel members → visited → with intention → financed, each bar with its count and the rate from the step before. */
export function ChainFunnel({ figures, compact }: { figures: ChainFigures; compact?: boolean }) {
  const { t } = useTranslation('chains');
  const steps = funnelSteps(figures);
  return (
    <figure className={compact ? 'phjr-chain-funnel is-compact' : 'phjr-chain-funnel'} aria-label={t('figures.funnel')}>
      {compact ? null : <figcaption>{t('figures.funnel')}</figcaption>}
      <ol>
        {steps.map((s) => (
          <li key={s.key}>
            <span className="phjr-chain-funnel-label">{t(`figures.${s.key}`)}</span>
            <span className="phjr-chain-funnel-track">
              <span className="phjr-chain-funnel-bar" style={{ width: `${Math.max(s.width * 100, 1.5)}%` }} />
            </span>
            <span className="phjr-chain-funnel-value">{formatCount(s.value)}</span>
            <span className="phjr-chain-funnel-rate">
              {s.rateKey ? (
                <Tooltip title={t(`figures.${s.rateKey}Def`)}>
                  <span tabIndex={0}>
                    {t(`figures.${s.rateKey}`)} {formatShare(s.rate, t('figures.noRate'))}
                  </span>
                </Tooltip>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

/** One taking-part bank of a chain with its own figures (the figures-by-id call's `byBank`). */
export type BankFiguresRow = { orgId: number; name: string; role: string; figures: ChainFigures };

/** The chain's banks, one row each: the caller's columns (the bank, its counts), then the bank's compact funnel. */
export function BankFiguresTable({
  rows,
  loading,
  scrollX,
  columns,
}: {
  rows: BankFiguresRow[];
  loading: boolean;
  scrollX: number;
  columns: ColumnsType<BankFiguresRow>;
}) {
  const { t } = useTranslation('chains');
  return (
    <Table<BankFiguresRow>
      size="small"
      rowKey="orgId"
      loading={loading}
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: t('client.noBanks') }}
      scroll={{ x: scrollX }}
      columns={[
        ...columns,
        {
          title: t('figures.funnel'),
          key: 'funnel',
          render: (_: unknown, b) => <ChainFunnel figures={b.figures} compact />,
        },
      ]}
    />
  );
}
