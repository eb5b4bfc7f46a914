import type { ReactNode } from 'react';
import { Skeleton } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import type { Achievement, AchievementMetric } from '@phjr/contract/content/achievement';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { localized } from '../../../lib/localized.ts';
import { PageEmpty } from '../../../components/PageEmpty.tsx';
import { usePortalAchievements } from '../api/portal-achievements.ts';
import { useHomepageOverview } from '../api/portal-overview.ts';
import { useChainTotals, useFarmerPortalFigures, useShelterPortalFigures } from '../api/portal-live-figures.ts';
import { formatAmount, formatCount } from '../../../lib/format.ts';
import './achievement-grid.css';

function CardLink({ link, children }: { link: string | null; children: ReactNode }) {
  if (!link) return <div className="phjr-achievement">{children}</div>;
  if (link.startsWith('/') && !link.startsWith('//')) {
    return (
      <Link to={link} className="phjr-achievement is-link">
        {children}
      </Link>
    );
  }
  return (
    <a href={link} className="phjr-achievement is-link" target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** The live figures of the showcase, each from its public answer (null while loading or withheld as a small cell). */
function useLiveFigures(metrics: ReadonlySet<AchievementMetric>): Partial<Record<AchievementMetric, number | null>> {
  const overview = useHomepageOverview(
    ['amountGranted', 'enterprises', 'banks', 'demands'].some((m) => metrics.has(m as AchievementMetric)),
  );
  const chains = useChainTotals(metrics.has('chains'));
  const shelter = useShelterPortalFigures(metrics.has('shelterApplications'));
  const farmers = useFarmerPortalFigures(metrics.has('farmersCollected'));
  const o = overview.data;
  return {
    amountGranted: o?.amountGranted ?? null,
    enterprises: o?.enterprises ?? null,
    banks: o?.banks ?? null,
    demands: o?.demands ?? null,
    chains: chains.data?.chains ?? null,
    shelterApplications: shelter.data?.total?.applications ?? null,
    farmersCollected: farmers.data?.total?.collected ?? null,
  };
}

/**
 * A live figure: the value from the data (amounts in 亿元 from 1 亿 on, else 万元) and its unit; its definition is a
 * visible note of the card (the card is a link: a tip's button inside it would nest interactive content).
 * `data-metric` / `data-value` name it for tests.
 */
function LiveFigure({ metric, value }: { metric: AchievementMetric; value: number | null | undefined }) {
  const { t } = useTranslation('portal');
  const yi = metric === 'amountGranted' && value !== null && value !== undefined && value >= 10_000;
  const shown =
    value === null || value === undefined
      ? '—'
      : metric === 'amountGranted'
        ? formatAmount(yi ? value / 10_000 : value)
        : formatCount(value);
  return (
    <div className="phjr-achievement-live" data-metric={metric} data-value={value ?? ''}>
      <p className="phjr-achievement-figure">
        {shown}
        <small>{t(yi ? 'achievementLive.unitYi' : `achievementLive.units.${metric}`)}</small>
      </p>
    </div>
  );
}

function AchievementCard({ a, live }: { a: Achievement; live: Partial<Record<AchievementMetric, number | null>> }) {
  const { i18n, t } = useTranslation('portal');
  const lang = i18n.language;
  const unit = a.unit ? localized(lang, a.unit, a.unitEn) : null;
  return (
    <li>
      <CardLink link={a.link}>
        <div className="phjr-achievement-head">
          {a.metric ? (
            <LiveFigure metric={a.metric} value={live[a.metric]} />
          ) : a.figure ? (
            <p className="phjr-achievement-figure">
              {a.figure}
              {unit ? <small>{unit}</small> : null}
            </p>
          ) : (
            <TrophyOutlined className="phjr-achievement-icon" aria-hidden />
          )}
          {a.cover ? <img className="phjr-achievement-cover" src={a.cover} alt="" loading="lazy" /> : null}
        </div>
        <h3>{localized(lang, a.title, a.titleEn)}</h3>
        <p className="phjr-achievement-summary">{localized(lang, a.summary, a.summaryEn)}</p>
        {a.metric ? (
          <p className="phjr-achievement-definition" data-definition={a.metric}>
            {t('achievementLive.definitionNote', { definition: t(`achievementLive.definitions.${a.metric}`) })}
          </p>
        ) : a.figure ? (
          <p className="phjr-achievement-editorial">{t('achievementLive.editorial')}</p>
        ) : null}
      </CardLink>
    </li>
  );
}

/** The public showcase items (/operateClient/door/achievement), as cards: figure, title, summary, in the active language. */
export function AchievementGrid({ limit, emptyHint }: { limit?: number; emptyHint: string }) {
  const { data, isPending } = usePortalAchievements();
  const metrics = new Set((data ?? []).flatMap((a) => (a.metric ? [a.metric] : [])));
  const live = useLiveFigures(metrics);
  if (isPending) {
    return (
      <ul className="phjr-achievements" aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="phjr-achievement">
            <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 3 }} />
          </li>
        ))}
      </ul>
    );
  }
  const items = limit ? (data ?? []).slice(0, limit) : (data ?? []);
  if (!items.length) {
    return (
      <div className="phjr-panel">
        <PageEmpty kind="list" hint={emptyHint} />
      </div>
    );
  }
  return (
    <ul className="phjr-achievements">
      {items.map((a) => (
        <AchievementCard key={a.id} a={a} live={live} />
      ))}
    </ul>
  );
}
