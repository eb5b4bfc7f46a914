import type { ReactNode } from 'react';
import { Skeleton } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import type { Achievement } from '@phjr/contract/content/achievement';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { localized } from '../../../lib/localized.ts';
import { PageEmpty } from '../../../components/PageEmpty.tsx';
import { usePortalAchievements } from '../api/portal-achievements.ts';
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

function AchievementCard({ a }: { a: Achievement }) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const unit = a.unit ? localized(lang, a.unit, a.unitEn) : null;
  return (
    <li>
      <CardLink link={a.link}>
        <div className="phjr-achievement-head">
          {a.figure ? (
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
      </CardLink>
    </li>
  );
}

/** The public showcase items (/operateClient/door/achievement), as cards: figure, title, summary, in the active language. */
export function AchievementGrid({ limit, emptyHint }: { limit?: number; emptyHint: string }) {
  const { data, isPending } = usePortalAchievements();
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
        <AchievementCard key={a.id} a={a} />
      ))}
    </ul>
  );
}
