import { useTranslation } from 'react-i18next';
import type { ShelterDetail } from '@phjr/contract/shelter/shelter';
import { HistoryTimeline } from '../../../components/HistoryTimeline.tsx';

/** Every history row of a case, oldest first (HistoryTimeline): urges in orange, help recorded in green. */
export function ShelterTimeline({ history }: { history: ShelterDetail['history'] }) {
  const { t } = useTranslation('shelter');
  return (
    <HistoryTimeline
      history={history}
      actionLabel={(action) => t(`history.${action}`, { defaultValue: action })}
      systemLabel={t('history.system')}
      emptyText={t('detail.noHistory')}
      dotTone={(action) => (action === 'urge' ? 'overdue' : action === 'help' ? 'success' : undefined)}
    />
  );
}
