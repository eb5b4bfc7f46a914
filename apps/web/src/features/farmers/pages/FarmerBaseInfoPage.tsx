import { useMemo } from 'react';
import { Alert, Skeleton, Tooltip } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import type { FarmerFigures } from '@phjr/contract/farmers/farmer';
import { SMALL_CELL_MIN } from '@phjr/contract/stats/small-cells';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { SectionLayout } from '../../../components/SectionLayout.tsx';
import { PageEmpty } from '../../../components/PageEmpty.tsx';
import { useEnum } from '../../../lib/enums.ts';
import { formatAmount, formatCount } from '../../../lib/format.ts';
import { usePortalFarmerFigures } from '../api/farmers.ts';
import { EChart } from '../../../components/EChart.tsx';
import { funnelOption, kindsPieOption, placesBarOption } from '../components/farmer-charts.ts';
import { formatShare } from '../components/farmer-model.ts';
import { PlacesTable } from '../components/PlacesTable.tsx';
import '../../../components/portal-blocks.css';
import '../components/farmers.css';

const DISTRICT = /^\d{6}$/;

/**
 * /countryside-develop/farmer-base-info: the public farmer credit figures (docs/farmers.md "Portal"). Aggregates only,
 * from farmerOps.portalFigures: the city's or a district's headline figures (`?district=`), the districts compared,
 * the funnel collected → rated → granted → drawn, the records by kind, and a table of districts (or of the chosen
 * district's villages). No personal row ever reaches this page: the call answers none.
 */
export default function FarmerBaseInfoPage() {
  const { t } = useTranslation('farmers');
  const [params, setParams] = useSearchParams();
  const raw = params.get('district');
  const asked = raw && DISTRICT.test(raw) ? raw : null;
  const q = usePortalFarmerFigures(asked);
  const kind = useEnum('FarmerKind');
  const data = q.data;
  // A code that names no district (an old or mistyped link) shows the city rather than an empty page.
  const district = asked && data && !data.districts.some((d) => d.code === asked) ? null : asked;
  const chosen = district ? data?.districts.find((d) => d.code === district) : undefined;
  // null: withheld (fewer than SMALL_CELL_MIN records, docs/statistics.md "Small cells"); undefined: loading.
  const figures = district ? chosen?.figures : data?.total;
  const scopeName = district ? (chosen?.name ?? '') : t('portal.city');
  const choose = (code: string | null) => setParams(code ? { district: code } : {}, { replace: true });

  const tr = t as unknown as (key: string, opts?: Record<string, unknown>) => string;
  const barOption = useMemo(() => (data ? placesBarOption(data.districts, tr) : null), [data, tr]);
  const funnel = useMemo(() => (figures ? funnelOption(figures, tr) : null), [figures, tr]);
  const kinds = useMemo(() => (figures ? kindsPieOption(figures, kind.label, tr) : null), [figures, kind.label, tr]);

  const rows = district
    ? (data?.villages ?? []).map((v) => ({ code: v.code, name: v.name, parent: v.townshipName, figures: v.figures }))
    : (data?.districts ?? []).map((d) => ({ code: d.code, name: d.name, figures: d.figures }));

  return (
    <RoutePage kind="overview">
      <SectionLayout section="countryside" active="farmers">
        <section className="phjr-panel phjr-farmer-portal-head" aria-labelledby="phjr-farmer-scope">
          <div className="phjr-farmer-section-head">
            <h2 id="phjr-farmer-scope">{t('portal.scopeTitle', { name: scopeName })}</h2>
            <span className="phjr-farmer-privacy">
              <SafetyCertificateOutlined aria-hidden /> {t('portal.privacy')}
            </span>
          </div>
          <ul className="phjr-pills phjr-farmer-districts" aria-label={t('portal.chooseDistrict')}>
            <li>
              <button type="button" aria-pressed={district === null} onClick={() => choose(null)}>
                {t('portal.city')}
              </button>
            </li>
            {(data?.districts ?? []).map((d) => (
              <li key={d.code}>
                <button type="button" aria-pressed={district === d.code} onClick={() => choose(d.code)}>
                  {d.name}
                </button>
              </li>
            ))}
          </ul>
          <FiguresBand figures={figures ?? undefined} />
          {figures === null ? (
            <Alert type="info" showIcon title={t('portal.withheld', { name: scopeName, n: SMALL_CELL_MIN })} />
          ) : null}
        </section>

        {q.isError ? <Alert type="error" showIcon title={t('portal.loadFailed')} /> : null}

        <div className="phjr-farmer-charts">
          <section className="phjr-panel phjr-farmer-chart is-wide" aria-labelledby="phjr-farmer-by-district">
            <h2 id="phjr-farmer-by-district">{t('charts.byDistrict')}</h2>
            {barOption ? (
              <EChart option={barOption} height={300} label={t('charts.byDistrict')} />
            ) : (
              <Skeleton active paragraph={{ rows: 6 }} />
            )}
          </section>
          <section className="phjr-panel phjr-farmer-chart" aria-labelledby="phjr-farmer-funnel">
            <h2 id="phjr-farmer-funnel">{t('charts.funnelOf', { name: scopeName })}</h2>
            {funnel ? (
              <EChart option={funnel} height={260} label={t('charts.funnelOf', { name: scopeName })} />
            ) : (
              <Skeleton active paragraph={{ rows: 5 }} />
            )}
          </section>
          <section className="phjr-panel phjr-farmer-chart" aria-labelledby="phjr-farmer-kinds">
            <h2 id="phjr-farmer-kinds">{t('charts.kindsOf', { name: scopeName })}</h2>
            {kinds ? (
              <EChart option={kinds} height={260} label={t('charts.kindsOf', { name: scopeName })} />
            ) : (
              <Skeleton active paragraph={{ rows: 5 }} />
            )}
          </section>
        </div>

        <section className="phjr-panel" aria-labelledby="phjr-farmer-table">
          <div className="phjr-farmer-section-head">
            <h2 id="phjr-farmer-table">
              {district ? t('portal.villagesOf', { name: scopeName }) : t('portal.districtsTitle')}
            </h2>
          </div>
          {data && rows.length === 0 ? (
            <PageEmpty kind="report" hint={t('places.empty')} />
          ) : (
            <PlacesTable
              rows={rows}
              pageSize={20}
              loading={q.isFetching}
              placeLabel={district ? t('fields.village') : t('fields.district')}
              total={(district ? figures : data?.total) ?? undefined}
            />
          )}
        </section>
      </SectionLayout>
    </RoutePage>
  );
}

/** The headline figures of the scope: records, households, entities, rated, granted and drawn with amounts. */
function FiguresBand({ figures: f }: { figures: FarmerFigures | undefined }) {
  const { t } = useTranslation('farmers');
  const item = (key: string, value: string | undefined, unit: string, def: string, sub?: string) => (
    <Tooltip key={key} title={def}>
      <div tabIndex={0}>
        <dt>
          {t(`figures.${key}`)}
          {sub ? <small>{sub}</small> : null}
        </dt>
        <dd>
          {value ?? <span className="phjr-farmer-dash">—</span>}
          {value ? <small>{unit}</small> : null}
        </dd>
      </div>
    </Tooltip>
  );
  return (
    <dl className="phjr-figure-band phjr-farmer-band">
      {item('collected', f && formatCount(f.collected), t('units.households'), t('defs.collected'))}
      {item('households', f && formatCount(f.households), t('units.households'), t('defs.households'))}
      {item('entities', f && formatCount(f.entities), t('units.entities'), t('defs.entities'))}
      {item(
        'rated',
        f && formatCount(f.rated),
        t('units.households'),
        t('defs.rated'),
        f ? `${t('figures.ratedRate')} ${formatShare(f.ratedRate)}` : undefined,
      )}
      {item(
        'granted',
        f && formatCount(f.granted),
        t('units.households'),
        t('defs.granted'),
        f ? `${t('figures.grantedRate')} ${formatShare(f.grantedRate)}` : undefined,
      )}
      {item('grantedAmount', f && formatAmount(f.grantedAmount), t('units.wan'), t('defs.grantedAmount'))}
      {item(
        'drawn',
        f && formatCount(f.drawn),
        t('units.households'),
        t('defs.drawn'),
        f ? `${t('figures.drawnRate')} ${formatShare(f.drawnRate)}` : undefined,
      )}
      {item('drawnAmount', f && formatAmount(f.drawnAmount), t('units.wan'), t('defs.drawnAmount'))}
    </dl>
  );
}
