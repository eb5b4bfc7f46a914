import { useMemo, useState, type ReactNode } from 'react';
import { Breadcrumb, Button, Segmented, Skeleton, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FarmerFunnel } from '@phjr/contract/farmers/farmer';
import { formatAmount, formatCount } from '../../../lib/format.ts';
import { useFarmerFunnel } from '../api/farmers.ts';
import { EChart } from '../../../components/EChart.tsx';
import { amountsBarOption, funnelOption, placesBarOption } from './farmer-charts.ts';
import { formatShare, funnelSteps } from './farmer-model.ts';
import { PlacesTable, type PlaceRow } from './PlacesTable.tsx';
import './farmers.css';

type Level = FarmerFunnel['level'];
interface Where {
  level: Level;
  district?: { code: string; name: string };
  township?: { code: string; name: string };
}

/**
 * The village view (docs/farmers.md "Lists, funnel, portal"): the funnel collected → rated → granted → drawn with its rates,
 * per district, then (drilling into a row) per township of a district and per village of a township, within the
 * caller's scope (farmerOps.funnel). The total as a funnel, the places as grouped bars (counts or amounts) and a
 * table with the same numbers.
 */
export function VillageFunnel() {
  const { t } = useTranslation('farmers');
  const [where, setWhere] = useState<Where>({ level: 'DISTRICT' });
  const [measure, setMeasure] = useState<'counts' | 'amounts'>('counts');
  const q = useFarmerFunnel({
    level: where.level,
    districtCode: where.district?.code,
    townshipCode: where.township?.code,
  });
  const data = q.data;
  const tr = t as unknown as (key: string, opts?: Record<string, unknown>) => string;
  // The breadcrumb names the district and township of the rows: no parent line under each.
  const rows: PlaceRow[] = useMemo(
    () => (data?.rows ?? []).map((r) => ({ code: r.code, name: r.name, figures: r.figures })),
    [data],
  );
  const funnel = useMemo(() => (data ? funnelOption(data.total, tr) : null), [data, tr]);
  const bars = useMemo(
    () => (data ? (measure === 'counts' ? placesBarOption(rows, tr) : amountsBarOption(rows, tr)) : null),
    [data, rows, measure, tr],
  );
  const scopeName = where.township?.name ?? where.district?.name ?? t('funnel.allDistricts');
  const placeLabel = t(`funnel.levels.${where.level}`);

  const drill = (r: PlaceRow) => {
    if (where.level === 'DISTRICT') setWhere({ level: 'TOWNSHIP', district: { code: r.code, name: r.name } });
    else if (where.level === 'TOWNSHIP')
      setWhere({ level: 'VILLAGE', district: where.district, township: { code: r.code, name: r.name } });
  };

  return (
    <section aria-labelledby="phjr-farmer-funnel-title">
      <div className="phjr-farmer-section-head">
        <h2 id="phjr-farmer-funnel-title">{t('funnel.titleOf', { name: scopeName })}</h2>
        <Breadcrumb
          items={[
            {
              key: 'all',
              title:
                where.level === 'DISTRICT' ? (
                  t('funnel.allDistricts')
                ) : (
                  <CrumbButton onClick={() => setWhere({ level: 'DISTRICT' })}>{t('funnel.allDistricts')}</CrumbButton>
                ),
            },
            ...(where.district
              ? [
                  {
                    key: 'd',
                    title:
                      where.level === 'TOWNSHIP' ? (
                        where.district.name
                      ) : (
                        <CrumbButton onClick={() => setWhere({ level: 'TOWNSHIP', district: where.district })}>
                          {where.district.name}
                        </CrumbButton>
                      ),
                  },
                ]
              : []),
            ...(where.township ? [{ key: 't', title: where.township.name }] : []),
          ]}
        />
      </div>
      {!data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <ol className="phjr-farmer-steps" aria-label={t('funnel.title')}>
            {funnelSteps(data.total).map((s) => (
              <li key={s.key}>
                <span>{t(`funnel.${s.key}`)}</span>
                <strong>{formatCount(s.value)}</strong>
                <span>
                  {s.rateKey ? (
                    <Tooltip title={t(`defs.${s.rateKey}`)}>
                      <span tabIndex={0}>
                        {t(`figures.${s.rateKey}`)} {formatShare(s.rate)}
                      </span>
                    </Tooltip>
                  ) : (
                    t('funnel.base')
                  )}
                  {s.amount !== null ? ` · ${formatAmount(s.amount)} ${t('units.wan')}` : ''}
                </span>
              </li>
            ))}
          </ol>
          <div className="phjr-farmer-funnel-view">
            <div>
              {funnel ? <EChart option={funnel} height={280} label={t('funnel.titleOf', { name: scopeName })} /> : null}
            </div>
            <div>
              <Segmented
                size="small"
                value={measure}
                onChange={(v) => setMeasure(v as 'counts' | 'amounts')}
                options={[
                  { value: 'counts', label: t('funnel.counts') },
                  { value: 'amounts', label: t('funnel.amounts') },
                ]}
                style={{ marginBottom: 8 }}
              />
              {bars ? <EChart option={bars} height={248} label={t('funnel.byPlace', { place: placeLabel })} /> : null}
            </div>
          </div>
        </>
      )}
      <PlacesTable
        rows={rows}
        loading={q.isFetching}
        placeLabel={placeLabel}
        rates
        total={data?.total}
        open={
          where.level === 'VILLAGE'
            ? undefined
            : (r) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => drill(r)}
                  aria-label={t('funnel.drillOf', { name: r.name })}
                >
                  {where.level === 'DISTRICT' ? t('funnel.toTownships') : t('funnel.toVillages')}
                </Button>
              )
        }
      />
    </section>
  );
}

/** A step back up the breadcrumb: a real button, reachable by keyboard. */
function CrumbButton({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={onClick}>
      {children}
    </Button>
  );
}
