import type { ReactNode } from 'react';
import { Button, Popover, Table, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REJECT_CODES, type RejectCode } from '@phjr/contract/demands/demand';
import type { ReportFigures, ReportMeasure } from '@phjr/contract/stats/reports';
import { useReportLabels } from './labels.ts';
import { FigureHeader } from './FigureHeader.tsx';
import { BREACH_PARTS, showCount, showDays, showPercent, showShare, showWan } from './report-model.ts';

/** Which row a figure belongs to: its label for the drawer, and what narrows the drill-down to it. */
export interface DrillRow {
  label: string;
  regionCode?: string;
  orgId?: number;
}

/** One figure clicked: the measure, its row, the reason (rejected) and the number shown (the drawer's total equals it). */
export interface DrillTarget extends DrillRow {
  measure: ReportMeasure;
  rejectCode?: RejectCode;
  count: number;
}

/** Opens a figure's demands; null where a row's counts have no drill-down of their own (the bank report's total). */
export type OpenDrill = ((target: DrillTarget) => void) | null;

type Cell = (f: ReportFigures, row: DrillRow, open: OpenDrill) => ReactNode;

/** A leaf column: its figure key (also its definition's key), its width and how its cell reads. */
interface Leaf {
  key: keyof ReportFigures;
  width: number;
  cell: Cell;
}

/** A count that opens the demands it counts; 0 is plain text (nothing to list). */
export function DrillCount({
  n,
  measure,
  row,
  open,
  rejectCode,
  label,
}: {
  n: number;
  measure: ReportMeasure;
  row: DrillRow;
  open: OpenDrill;
  rejectCode?: RejectCode;
  label: string;
}) {
  const { t } = useTranslation('stats');
  if (!n) return <span className="phjr-report-zero">0</span>;
  if (!open) return <span>{showCount(n)}</span>;
  return (
    <Button
      type="link"
      size="small"
      className="phjr-report-count"
      aria-label={t('drill.open', { row: row.label, figure: label, n: showCount(n) })}
      onClick={() => open({ ...row, measure, count: n, ...(rejectCode ? { rejectCode } : {}) })}
    >
      {showCount(n)}
    </Button>
  );
}

/** A count with its parts one click away (rejected by reason, SLA breaches by kind), each part a drill-down. */
function CountWithParts({
  total,
  totalMeasure,
  parts,
  row,
  open,
  label,
  partsLabel,
}: {
  total: number;
  totalMeasure: ReportMeasure | null;
  parts: { key: string; label: string; n: number; measure: ReportMeasure; rejectCode?: RejectCode }[];
  row: DrillRow;
  open: OpenDrill;
  label: string;
  partsLabel: string;
}) {
  const { t } = useTranslation('stats');
  const content = (
    <ul className="phjr-report-parts">
      {parts.map((p) => (
        <li key={p.key}>
          <span>{p.label}</span>
          <DrillCount
            n={p.n}
            measure={p.measure}
            rejectCode={p.rejectCode}
            row={row}
            open={open}
            label={`${label} · ${p.label}`}
          />
        </li>
      ))}
    </ul>
  );
  return (
    <span className="phjr-report-with-parts">
      {totalMeasure ? (
        <DrillCount n={total} measure={totalMeasure} row={row} open={open} label={label} />
      ) : (
        <span>{showCount(total)}</span>
      )}
      {total ? (
        <Popover content={content} title={partsLabel} trigger="click">
          <Button
            type="text"
            size="small"
            icon={<UnorderedListOutlined />}
            aria-label={t('report.partsOf', { row: row.label, figure: label })}
            className="phjr-report-parts-btn"
          />
        </Popover>
      ) : null}
    </span>
  );
}

const count = (measure: ReportMeasure & keyof ReportFigures, width = 96): Leaf => ({
  key: measure,
  width,
  cell: (f, row, open) => (
    <Label figure={measure}>
      {(label) => <DrillCount n={f[measure] as number} measure={measure} row={row} open={open} label={label} />}
    </Label>
  ),
});
const leaf = (key: keyof ReportFigures, width: number, show: (f: ReportFigures) => string): Leaf => ({
  key,
  width,
  cell: (f) => show(f),
});

/** Gives a cell its column's translated name (the drill button's accessible name says which figure it opens). */
function Label({ figure, children }: { figure: string; children: (label: string) => ReactNode }) {
  const { t } = useTranslation('stats');
  return <>{children(t(`figures.${figure}`))}</>;
}

function RejectedCell({ f, row, open }: { f: ReportFigures; row: DrillRow; open: OpenDrill }) {
  const { t } = useTranslation('stats');
  const { reason } = useReportLabels();
  return (
    <CountWithParts
      total={f.rejected}
      totalMeasure="rejected"
      parts={REJECT_CODES.map((code) => ({
        key: code,
        label: reason(code),
        n: f.rejectedByCode[code] ?? 0,
        measure: 'rejected' as const,
        rejectCode: code,
      }))}
      row={row}
      open={open}
      label={t('figures.rejected')}
      partsLabel={t('report.byReason')}
    />
  );
}

export function BreachesCell({ f, row, open }: { f: ReportFigures; row: DrillRow; open: OpenDrill }) {
  const { t } = useTranslation('stats');
  return (
    <CountWithParts
      total={f.slaBreaches}
      totalMeasure={null}
      parts={BREACH_PARTS.map((m) => ({ key: m, label: t(`figures.${m}`), n: f[m], measure: m }))}
      row={row}
      open={open}
      label={t('figures.slaBreaches')}
      partsLabel={t('report.byBreach')}
    />
  );
}

/** What antd's sort arrows take in a header, beside the figure's name and its definition icon. */
const SORTER_WIDTH = 24;

/** The figure columns in their groups (UI: group headers keep twenty columns readable). */
export const FIGURE_GROUPS: { group: string; leaves: Leaf[] }[] = [
  {
    group: 'demands',
    leaves: [count('counted'), leaf('countedAmount', 120, (f) => showWan(f.countedAmount)), count('posted', 110)],
  },
  {
    group: 'acceptance',
    leaves: [
      count('accepted'),
      leaf('acceptRate', 120, (f) => showShare(f.acceptRate)),
      leaf('acceptDaysAvg', 96, (f) => showDays(f.acceptDaysAvg)),
      leaf('acceptDaysP90', 96, (f) => showDays(f.acceptDaysP90, true)),
    ],
  },
  {
    group: 'grant',
    leaves: [
      count('granted'),
      leaf('grantedAmount', 120, (f) => showWan(f.grantedAmount)),
      leaf('grantRate', 90, (f) => showShare(f.grantRate)),
      leaf('grantDaysAvg', 96, (f) => showDays(f.grantDaysAvg)),
      leaf('grantDaysP90', 96, (f) => showDays(f.grantDaysP90, true)),
      leaf('grantedRateAvg', 96, (f) => showPercent(f.grantedRateAvg)),
      leaf('creditShare', 96, (f) => showShare(f.creditShare)),
      count('firstLoan'),
      count('makeup'),
    ],
  },
  {
    group: 'outcome',
    leaves: [
      { key: 'rejected', width: 110, cell: (f, row, open) => <RejectedCell f={f} row={row} open={open} /> },
      count('withdrawn'),
      count('expired'),
    ],
  },
  {
    group: 'sla',
    leaves: [
      { key: 'slaBreaches', width: 110, cell: (f, row, open) => <BreachesCell f={f} row={row} open={open} /> },
      count('overdueNow'),
    ],
  },
];

export const FIGURE_LEAVES = FIGURE_GROUPS.flatMap((g) => g.leaves);

/**
 * Orders a report's rows by one figure (issue 30: reports sort where the order means something). A report is every
 * row of its period in one answer (tens of districts or banks, no pages), so ordering the rows it holds gives the
 * order the server would; a figure that does not apply (a rate with nothing to divide) goes last either way.
 */
export function figureSorter<R>(key: keyof ReportFigures, figuresOf: (r: R) => ReportFigures) {
  return (a: R, b: R, order?: SortOrder | null): number => {
    const x = figuresOf(a)[key] as number | null;
    const y = figuresOf(b)[key] as number | null;
    if (x === null || y === null) {
      if (x === y) return 0;
      // antd reverses the result for a descending order: a null stays last both ways.
      return (x === null ? 1 : -1) * (order === 'descend' ? -1 : 1);
    }
    return x - y;
  };
}

/**
 * The report table's columns: the row's name (fixed at the left) then the figure groups, each header with its
 * definition one hover away. `figuresOf` and `rowOf` read a row of whatever shape the table holds.
 */
export function useFigureColumns<R>(opts: {
  nameTitle: string;
  nameOf: (r: R) => ReactNode;
  figuresOf: (r: R) => ReportFigures;
  rowOf: (r: R) => DrillRow;
  open: OpenDrill;
}): TableColumnsType<R> {
  const { t } = useTranslation('stats');
  return [
    {
      title: opts.nameTitle,
      key: 'name',
      fixed: 'left',
      width: 240,
      className: 'phjr-report-name',
      render: (_: unknown, r: R) => opts.nameOf(r),
    },
    ...FIGURE_GROUPS.map((g) => ({
      title: t(`groups.${g.group}`),
      key: g.group,
      children: g.leaves.map((l) => ({
        title: <FigureHeader label={t(`figures.${l.key}`)} figure={l.key} />,
        key: l.key,
        // The sort arrows take their own 24 px beside the name and its definition icon.
        width: l.width + SORTER_WIDTH,
        align: 'right' as const,
        sorter: figureSorter<R>(l.key, opts.figuresOf),
        sortDirections: ['descend', 'ascend'] as SortOrder[],
        render: (_: unknown, r: R) => (
          <span data-figure={l.key}>{l.cell(opts.figuresOf(r), opts.rowOf(r), opts.open)}</span>
        ),
      })),
    })),
  ];
}

/** The total row under the table, cell for cell the same renderers as the rows. */
export function FigureTotalRow({
  total,
  label,
  row,
  open,
}: {
  total: ReportFigures;
  label: string;
  row: DrillRow;
  open: OpenDrill;
}) {
  return (
    <Table.Summary>
      <Table.Summary.Row className="phjr-report-total">
        <Table.Summary.Cell index={0} className="phjr-report-total-name">
          <strong>{label}</strong>
        </Table.Summary.Cell>
        {FIGURE_LEAVES.map((l, i) => (
          <Table.Summary.Cell key={l.key} index={i + 1} align="right">
            <span data-figure={l.key}>{l.cell(total, row, open)}</span>
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}
