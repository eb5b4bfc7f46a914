import { Table, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShelterFigures, ShelterFiguresResponse } from '@phjr/contract/shelter/shelter';
import { SMALL_CELL_MIN } from '@phjr/contract/stats/small-cells';
import { formatAmount, formatCount, formatNumber } from '../../../lib/format.ts';
import '../../../components/portal-blocks.css';
import './shelter.css';

type Key = keyof ShelterFigures;

/** The headline figures, in the order a reader follows a case: in, out, help given, speed. */
const BAND: readonly { key: Key; unit: string; kind: 'count' | 'amount' | 'bp' | 'days' }[] = [
  { key: 'applications', unit: 'cases', kind: 'count' },
  { key: 'admitted', unit: 'count', kind: 'count' },
  { key: 'inShelter', unit: 'count', kind: 'count' },
  { key: 'exitedRecovered', unit: 'count', kind: 'count' },
  { key: 'newCreditAmount', unit: 'wan', kind: 'amount' },
  { key: 'extendedAmount', unit: 'wan', kind: 'amount' },
  { key: 'renewedAmount', unit: 'wan', kind: 'amount' },
  { key: 'rateCuts', unit: 'cuts', kind: 'count' },
  { key: 'avgRateCutBp', unit: 'bp', kind: 'bp' },
  { key: 'penaltyWaived', unit: 'wan', kind: 'amount' },
  { key: 'avgDaysToAdmission', unit: 'days', kind: 'days' },
  { key: 'avgDaysToFirstHelp', unit: 'days', kind: 'days' },
];

function value(f: ShelterFigures, key: Key, kind: (typeof BAND)[number]['kind']): string {
  const v = f[key];
  if (v === null) return '-';
  if (kind === 'amount') return formatAmount(v);
  if (kind === 'bp' || kind === 'days') return formatNumber(v, 1);
  return formatCount(v);
}

/** The figures as tiles (the portal and the supervisors), each with its definition on hover where it has one. */
export function ShelterFiguresBand({ figures, label }: { figures: ShelterFigures | undefined; label: string }) {
  const { t } = useTranslation('shelter');
  return (
    <dl className="phjr-figure-band phjr-shelter-band" aria-label={label} aria-busy={figures ? undefined : true}>
      {BAND.map(({ key, unit, kind }) => {
        const defKey = `figures.defs.${key}`;
        const def = t(defKey, { defaultValue: '' });
        const term = <dt>{t(`figures.${key}`)}</dt>;
        const unitText = t(`figures.units.${unit}`);
        return (
          <div key={key} data-figure={key}>
            {def ? <Tooltip title={def}>{term}</Tooltip> : term}
            <dd>
              {figures ? value(figures, key, kind) : <span style={{ color: 'rgba(0,0,0,.2)' }}>—</span>}
              {figures && unitText && figures[key] !== null ? <small>{unitText}</small> : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** From application to exit as bars: applications, admitted, in the shelter now, recovered. */
export function ShelterFunnel({ figures }: { figures: ShelterFigures | undefined }) {
  const { t } = useTranslation('shelter');
  const steps: Key[] = ['applications', 'admitted', 'inShelter', 'exitedRecovered'];
  const top = Math.max(1, figures?.applications ?? 0);
  return (
    <ol className="phjr-shelter-funnel" aria-label={t('portal.funnelTitle')}>
      {steps.map((k) => {
        const n = (figures?.[k] as number | undefined) ?? 0;
        return (
          <li key={k}>
            <span>{t(`figures.${k}`)}</span>
            <div className="phjr-shelter-funnel-bar" aria-hidden>
              <span style={{ width: `${Math.round((n / top) * 100)}%` }} />
            </div>
            <strong>{figures ? formatCount(n) : '—'}</strong>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * Per district: applications, in the shelter, recovered, new credit, rate cut. A district withheld by the server
 * (fewer than SMALL_CELL_MIN applications, docs/statistics.md "Small cells") shows a dash with the reason on hover.
 */
export function ShelterDistrictTable({
  data,
  loading,
}: {
  data: ShelterFiguresResponse['byDistrict'] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('shelter');
  const withheld = t('portal.withheld', { n: SMALL_CELL_MIN });
  const cell =
    (show: (f: ShelterFigures) => string) => (_: unknown, r: ShelterFiguresResponse['byDistrict'][number]) =>
      r.figures ? (
        show(r.figures)
      ) : (
        <Tooltip title={withheld}>
          <span tabIndex={0} aria-label={withheld}>
            —
          </span>
        </Tooltip>
      );
  const someWithheld = (data ?? []).some((d) => d.figures === null);
  return (
    <>
      {someWithheld ? (
        <p className="phjr-shelter-muted">{t('portal.districtsWithheld', { n: SMALL_CELL_MIN })}</p>
      ) : null}
      <Table
        size="small"
        rowKey="regionCode"
        loading={loading}
        pagination={false}
        dataSource={data ?? []}
        locale={{ emptyText: t('portal.noDistricts') }}
        scroll={{ x: 760 }}
        columns={[
          { title: t('portal.district'), dataIndex: 'regionName', width: 120 },
          {
            title: t('figures.applications'),
            key: 'a',
            align: 'right',
            render: cell((f) => formatCount(f.applications)),
          },
          { title: t('figures.admitted'), key: 'ad', align: 'right', render: cell((f) => formatCount(f.admitted)) },
          { title: t('figures.inShelter'), key: 'i', align: 'right', render: cell((f) => formatCount(f.inShelter)) },
          {
            title: t('figures.exitedRecovered'),
            key: 'e',
            align: 'right',
            render: cell((f) => formatCount(f.exitedRecovered)),
          },
          {
            title: `${t('figures.newCreditAmount')} (${t('figures.units.wan')})`,
            key: 'n',
            align: 'right',
            render: cell((f) => formatAmount(f.newCreditAmount)),
          },
          {
            title: t('figures.avgRateCutBp'),
            key: 'bp',
            align: 'right',
            render: cell((f) => (f.avgRateCutBp === null ? '-' : `${formatNumber(f.avgRateCutBp, 1)}bp`)),
          },
        ]}
      />
    </>
  );
}
