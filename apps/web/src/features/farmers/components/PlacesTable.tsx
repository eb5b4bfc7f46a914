import type { ReactNode } from 'react';
import { Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { FarmerFigures } from '@phjr/contract/farmers/farmer';
import { useTitleTabIndex } from '../../../components/table-title.ts';
import { formatAmount, formatCount } from '../../../lib/format.ts';
import { SMALL_CELL_MIN } from '@phjr/contract/stats/small-cells';
import { formatShare } from './farmer-model.ts';

/** One place of a figures table: a district, a township or a village, with its figures. */
export interface PlaceRow {
  code: string;
  name: string;
  /** The township (and district) a village belongs to, shown under its name. */
  parent?: string | null;
  /** null: withheld on the portal (fewer than SMALL_CELL_MIN records, docs/statistics.md "Small cells"). */
  figures: FarmerFigures | null;
}

/** A withheld cell: a dash, its reason one hover away. */
function Withheld() {
  const { t } = useTranslation('farmers');
  return (
    <Tooltip title={t('places.withheld', { n: SMALL_CELL_MIN })}>
      <span tabIndex={0} className="phjr-farmer-dash" aria-label={t('places.withheld', { n: SMALL_CELL_MIN })}>
        —
      </span>
    </Tooltip>
  );
}

/** A column title with its definition on hover or focus. */
function HeadTip({ label, def }: { label: string; def: string }) {
  return (
    <Tooltip title={def}>
      <span tabIndex={useTitleTabIndex()}>{label}</span>
    </Tooltip>
  );
}
/**
 * The figures of places, one row each (docs/statistics.md "Farmer credit data"): households and entities, rated,
 * credit granted and drawn with their amounts, and, unless `compact`, the funnel's rates and the financing need.
 * Public on the portal (aggregates only) and in the clients' village view, where `open` drills into a row.
 *
 *   <PlacesTable rows={rows} placeLabel={t('fields.village')} />
 *   <PlacesTable rows={rows} placeLabel={t('fields.district')} rates open={(r) => <Button …/>} total={funnel.total} />
 */
export function PlacesTable({
  rows,
  placeLabel,
  loading,
  rates,
  open,
  total,
  pageSize = 10,
  caption,
}: {
  rows: readonly PlaceRow[];
  placeLabel: string;
  loading?: boolean;
  /** Show the funnel's rates and the financing need (the clients' village view). */
  rates?: boolean;
  /** A cell of the last column: drill into the row. */
  open?: (row: PlaceRow) => ReactNode;
  /** A summary row (the figures over every row). */
  total?: FarmerFigures | null;
  pageSize?: number;
  caption?: string;
}) {
  const { t } = useTranslation('farmers');
  const rate = (key: 'ratedRate' | 'grantedRate' | 'drawnRate') => (f: FarmerFigures) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {formatShare(f[key])}
    </Typography.Text>
  );
  const count = (key: keyof FarmerFigures, rateOf?: (f: FarmerFigures) => ReactNode) => (_: unknown, r: PlaceRow) =>
    r.figures ? (
      <span className="phjr-farmer-num">
        {formatCount(r.figures[key] as number)}
        {rates && rateOf ? <> {rateOf(r.figures)}</> : null}
      </span>
    ) : (
      <Withheld />
    );
  const amount = (key: 'grantedAmount' | 'drawnAmount' | 'needAmount') => (_: unknown, r: PlaceRow) =>
    r.figures ? <span className="phjr-farmer-num">{formatAmount(r.figures[key])}</span> : <Withheld />;
  const head = (label: string, def: string) => <HeadTip label={label} def={def} />;
  const columns: ColumnsType<PlaceRow> = [
    {
      title: placeLabel,
      key: 'name',
      fixed: rates ? 'left' : undefined,
      width: rates ? 150 : 120,
      render: (_: unknown, r) => (
        <div>
          <div>{r.name}</div>
          {r.parent ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.parent}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    ...(rates
      ? [
          {
            title: head(t('figures.collected'), t('defs.collected')),
            key: 'collected',
            align: 'right' as const,
            width: 90,
            render: count('collected'),
          },
        ]
      : []),
    {
      title: head(t('figures.households'), t('defs.households')),
      key: 'households',
      align: 'right',
      width: 105,
      render: count('households'),
    },
    {
      title: head(t('figures.entities'), t('defs.entities')),
      key: 'entities',
      align: 'right',
      width: 110,
      render: count('entities'),
    },
    {
      title: head(t('figures.rated'), t('defs.rated')),
      key: 'rated',
      align: 'right',
      width: rates ? 120 : 90,
      render: count('rated', rate('ratedRate')),
    },
    {
      title: head(t('figures.granted'), t('defs.granted')),
      key: 'granted',
      align: 'right',
      width: rates ? 120 : 90,
      render: count('granted', rate('grantedRate')),
    },
    {
      title: head(t('figures.grantedAmountWan'), t('defs.grantedAmount')),
      key: 'grantedAmount',
      align: 'right',
      width: 130,
      render: amount('grantedAmount'),
    },
    {
      title: head(t('figures.drawn'), t('defs.drawn')),
      key: 'drawn',
      align: 'right',
      width: rates ? 120 : 90,
      render: count('drawn', rate('drawnRate')),
    },
    {
      title: head(t('figures.drawnAmountWan'), t('defs.drawnAmount')),
      key: 'drawnAmount',
      align: 'right',
      width: 130,
      render: amount('drawnAmount'),
    },
    ...(rates
      ? [
          {
            title: head(t('figures.withNeed'), t('defs.withNeed')),
            key: 'withNeed',
            align: 'right' as const,
            width: 100,
            render: count('withNeed'),
          },
          {
            title: head(t('figures.needAmountWan'), t('defs.needAmount')),
            key: 'needAmount',
            align: 'right' as const,
            width: 130,
            render: amount('needAmount'),
          },
        ]
      : []),
    ...(open
      ? [
          {
            title: t('actions.column'),
            key: 'open',
            width: 110,
            fixed: 'right' as const,
            render: (_: unknown, r: PlaceRow) => open(r),
          },
        ]
      : []),
  ];
  return (
    <Table<PlaceRow>
      size="small"
      rowKey="code"
      loading={loading}
      dataSource={rows as PlaceRow[]}
      columns={columns}
      // Wider than a phone, the table scrolls inside its box rather than widening the page.
      scroll={{ x: rates ? 1300 : 'max-content' }}
      pagination={
        rows.length > pageSize
          ? { pageSize, showSizeChanger: false, showTotal: (n) => t('places.total', { n }) }
          : false
      }
      locale={{ emptyText: t('places.empty') }}
      caption={caption}
      summary={
        total
          ? () => (
              <Table.Summary fixed="bottom">
                <Table.Summary.Row className="phjr-farmer-total-row">
                  <Table.Summary.Cell index={0}>{t('places.sum')}</Table.Summary.Cell>
                  {columns.slice(1).map((c, i) => (
                    <Table.Summary.Cell key={String(c.key)} index={i + 1} align={c.key === 'open' ? 'left' : 'right'}>
                      {c.key === 'open'
                        ? null
                        : (c.render?.(undefined, { code: 'total', name: '', figures: total }, 0) as ReactNode)}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            )
          : undefined
      }
    />
  );
}
