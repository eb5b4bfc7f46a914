import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DemandHistory } from '@phjr/contract/demands/demand';
import { StateTag } from '../../../components/StateTag.tsx';
import { stateTone, type StateTone } from '../../../components/state-tone.ts';
import { formatDateTime } from '../../../lib/format.ts';

/** The dot of each history row in the colour of the state it led to (UI.md state colours). */
const DOT: Record<StateTone, string> = {
  pending: '#1677ff',
  accepted: '#13c2c2',
  review: '#722ed1',
  success: '#52c41a',
  rejected: '#ff4d4f',
  closed: '#8c8c8c',
  overdue: '#fa8c16',
};

/** Every history row of a demand, oldest first: what happened, who did it, when, the states and the reason. */
export function DemandTimeline({ history }: { history: readonly DemandHistory[] }) {
  const { t } = useTranslation('demands');
  const rows = [...history].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
  if (!rows.length) return <Typography.Text type="secondary">{t('detail.noHistory')}</Typography.Text>;
  return (
    <Timeline
      className="phjr-demand-timeline"
      items={rows.map((h) => ({
        key: h.id,
        color: h.action === 'urge' || h.action === 'warn' ? DOT.overdue : h.toStatus ? DOT[stateTone(h.toStatus)] : DOT.closed,
        content: (
          <div className="phjr-demand-history">
            <div className="phjr-demand-history-head">
              <strong>{t(`history.${h.action}`, { defaultValue: h.action })}</strong>
              {h.toStatus && h.toStatus !== h.fromStatus ? (
                <span className="phjr-demand-history-states">
                  {h.fromStatus ? <StateTag state={h.fromStatus} /> : null}
                  {h.fromStatus ? <span aria-hidden>→</span> : null}
                  <StateTag state={h.toStatus} />
                </span>
              ) : null}
            </div>
            <div className="phjr-demand-history-meta">
              <time dateTime={h.at}>{formatDateTime(h.at)}</time>
              <span>{h.actorName ? [h.actorName, h.actorOrgName].filter(Boolean).join(' · ') : t('history.system')}</span>
            </div>
            {h.reason ? <p className="phjr-demand-history-reason">{h.reason}</p> : null}
          </div>
        ),
      }))}
    />
  );
}
