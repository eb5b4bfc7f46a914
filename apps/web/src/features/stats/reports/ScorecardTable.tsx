import { useTranslation } from 'react-i18next';
import type { TableColumnsType } from 'antd';
import type { BankReport, ReportFigures, Scorecard } from '@phjr/contract/stats/reports';
import { FigureHeader } from './FigureHeader.tsx';
import { BreachesCell, DrillCount, type OpenDrill } from './figure-columns.tsx';
import { ReportTable } from './ReportTable.tsx';
import { showCount, showDays, showScore, showShare, showWan } from './report-model.ts';

type Row = Scorecard['rows'][number];

/**
 * The bank scorecard: each bank (its branches included) side by side, ranked by score, with its share of the scope's
 * acceptances beside it so a small bank is read against its size. The SLA breaches open by kind from the bank's own
 * figures in the bank report (the same head-office row), when that report is at hand.
 */
export function ScorecardTable({
  caption,
  query,
  rows,
  heads,
  open,
}: {
  caption: string;
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch(): unknown };
  rows: Row[];
  heads: BankReport['rows'] | undefined;
  open: OpenDrill;
}) {
  const { t } = useTranslation('stats');
  const figuresOf = new Map<number, ReportFigures>((heads ?? []).map((h) => [h.orgId, h.figures]));
  const head = (key: string) => <FigureHeader label={t(`figures.${key}`)} figure={key} />;
  const num = (key: keyof Row, width: number, show: (r: Row) => string) => ({
    title: head(key),
    key,
    width,
    align: 'right' as const,
    render: (_: unknown, r: Row) => <span data-figure={key}>{show(r)}</span>,
  });
  const drill = (key: 'accepted' | 'granted') => ({
    title: head(key),
    key,
    width: 104,
    align: 'right' as const,
    render: (_: unknown, r: Row) => (
      <span data-figure={key}>
        <DrillCount
          n={r[key]}
          measure={key}
          row={{ label: r.name, orgId: r.bankId }}
          open={open}
          label={t(`figures.${key}`)}
        />
      </span>
    ),
  });
  const columns: TableColumnsType<Row> = [
    {
      title: head('rank'),
      key: 'rank',
      width: 70,
      fixed: 'left',
      align: 'center',
      render: (_: unknown, r) => (
        <span className={`phjr-report-rank${r.rank <= 3 ? ' phjr-report-rank-top' : ''}`}>{r.rank}</span>
      ),
    },
    {
      title: t('report.bank'),
      key: 'name',
      width: 240,
      fixed: 'left',
      className: 'phjr-report-name',
      render: (_: unknown, r) => r.name,
    },
    num('score', 100, (r) => showScore(r.score)),
    num('share', 124, (r) => showShare(r.share)),
    drill('accepted'),
    drill('granted'),
    num('grantedAmount', 120, (r) => showWan(r.grantedAmount)),
    num('acceptRate', 120, (r) => showShare(r.acceptRate)),
    num('grantRate', 100, (r) => showShare(r.grantRate)),
    num('acceptDaysAvg', 96, (r) => showDays(r.acceptDaysAvg)),
    num('acceptDaysP90', 96, (r) => showDays(r.acceptDaysP90, true)),
    num('grantDaysAvg', 96, (r) => showDays(r.grantDaysAvg)),
    num('grantDaysP90', 96, (r) => showDays(r.grantDaysP90, true)),
    {
      title: head('slaBreaches'),
      key: 'slaBreaches',
      width: 110,
      align: 'right',
      render: (_: unknown, r) => {
        const f = figuresOf.get(r.bankId);
        return (
          <span data-figure="slaBreaches">
            {f && f.slaBreaches === r.slaBreaches ? (
              <BreachesCell f={f} row={{ label: r.name, orgId: r.bankId }} open={open} />
            ) : (
              showCount(r.slaBreaches)
            )}
          </span>
        );
      },
    },
    num('breachRate', 90, (r) => showShare(r.breachRate)),
  ];
  return <ReportTable<Row> caption={caption} query={query} columns={columns} rows={rows} rowKey="bankId" />;
}
