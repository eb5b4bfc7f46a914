import type { ReactNode } from 'react';
import { Timeline, Typography } from 'antd';
import { StateTag } from './StateTag.tsx';
import { stateTone, type StateTone } from './state-tone.ts';
import { formatDateTime } from '../lib/format.ts';
import './history-timeline.css';

/** The dot of each history row in the colour of the state it led to (UI.md state colours). */
export const HISTORY_DOT: Record<StateTone, string> = {
  pending: '#1677ff',
  accepted: '#13c2c2',
  review: '#722ed1',
  success: '#52c41a',
  rejected: '#ff4d4f',
  closed: '#8c8c8c',
  overdue: '#fa8c16',
};

/** One history row of a record (a demand, a shelter case...): the same shape for every feature's history. */
export interface HistoryRow {
  id: number;
  at: string;
  action: string;
  fromState: string | null;
  toState: string | null;
  actorName: string | null;
  actorOrgName: string | null;
  reason: string | null;
}

/**
 * Every history row of a record, oldest first: what happened, who did it, when, the states and the reason. The
 * feature names the actions (`actionLabel`), the system actor and the empty text, and may colour actions that change
 * no state (`dotTone`, e.g. an urge in orange); otherwise the dot has the colour of the state the row led to.
 */
export function HistoryTimeline<R extends HistoryRow>({
  history,
  actionLabel,
  systemLabel,
  emptyText,
  dotTone,
  describe,
}: {
  history: readonly R[];
  actionLabel: (action: string) => string;
  systemLabel: string;
  emptyText: string;
  dotTone?: (action: string) => StateTone | undefined;
  /** What the server composed for a row, as data the feature words in the reader's language (shown before the reason). */
  describe?: (row: R) => ReactNode;
}) {
  const rows = [...history].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
  if (!rows.length) return <Typography.Text type="secondary">{emptyText}</Typography.Text>;
  return (
    <Timeline
      className="phjr-history-timeline"
      items={rows.map((h) => {
        const tone = dotTone?.(h.action) ?? (h.toState ? stateTone(h.toState) : 'closed');
        return {
          key: h.id,
          color: HISTORY_DOT[tone],
          content: (
            <div>
              <div className="phjr-history-head">
                <strong>{actionLabel(h.action)}</strong>
                {h.toState && h.toState !== h.fromState ? (
                  <span className="phjr-history-states">
                    {h.fromState ? <StateTag state={h.fromState} /> : null}
                    {h.fromState ? <span aria-hidden>→</span> : null}
                    <StateTag state={h.toState} />
                  </span>
                ) : null}
              </div>
              <div className="phjr-history-meta">
                <time dateTime={h.at}>{formatDateTime(h.at)}</time>
                <span>{h.actorName ? [h.actorName, h.actorOrgName].filter(Boolean).join(' · ') : systemLabel}</span>
              </div>
              {describe?.(h) ? <p className="phjr-history-reason">{describe(h)}</p> : null}
              {h.reason ? <p className="phjr-history-reason">{h.reason}</p> : null}
            </div>
          ),
        };
      })}
    />
  );
}
