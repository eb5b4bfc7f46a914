import { useTranslation } from 'react-i18next';
import type { DemandHistory } from '@phjr/contract/demands/demand';
import { HistoryTimeline } from '../../../components/HistoryTimeline.tsx';

/** Every history row of a demand, oldest first (HistoryTimeline); urges and warnings in orange. */
export function DemandTimeline({ history }: { history: readonly DemandHistory[] }) {
  const { t } = useTranslation('demands');
  return (
    <HistoryTimeline
      history={history.map((h) => ({ ...h, fromState: h.fromStatus, toState: h.toStatus }))}
      actionLabel={(action) => t(`history.${action}`, { defaultValue: action })}
      systemLabel={t('history.system')}
      emptyText={t('detail.noHistory')}
      dotTone={(action) => (action === 'urge' || action === 'warn' ? 'overdue' : undefined)}
    />
  );
}
