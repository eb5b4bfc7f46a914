import { useTranslation } from 'react-i18next';
import type { ShelterDetail, ShelterHistoryDetail } from '@phjr/contract/shelter/shelter';
import { HistoryTimeline } from '../../../components/HistoryTimeline.tsx';
import { useEnum } from '../../../lib/enums.ts';

/**
 * Every history row of a case, oldest first (HistoryTimeline): urges in orange, help recorded in green. What the
 * server composed (the banks of an admission, a measure's figures, an exit's outcome) comes as data and is worded
 * here in the reader's language (issue 30, item 7); what a person wrote follows as it is.
 */
export function ShelterTimeline({ history }: { history: ShelterDetail['history'] }) {
  const { t } = useTranslation('shelter');
  const help = useEnum('ShelterHelp');
  const outcome = useEnum('ShelterExitOutcome');
  const describe = (d: ShelterHistoryDetail | null) => {
    if (!d) return null;
    if (d.kind === 'admit')
      return [
        t('historyDetail.lead', { bank: d.leadBank }),
        d.helperBanks.length
          ? t('historyDetail.helpers', { banks: d.helperBanks.join(t('historyDetail.listSep')) })
          : null,
      ]
        .filter(Boolean)
        .join(t('historyDetail.sep'));
    if (d.kind === 'exit') return t('historyDetail.outcome', { outcome: outcome.label(d.outcome) });
    return [
      help.label(d.type),
      d.amount !== null ? t('historyDetail.amount', { amount: d.amount }) : null,
      d.rateChangeBp !== null
        ? t(d.rateChangeBp > 0 ? 'historyDetail.rateUp' : 'historyDetail.rateDown', { bp: Math.abs(d.rateChangeBp) })
        : null,
      d.newDueDate ? t('historyDetail.newDueDate', { day: d.newDueDate }) : null,
      d.penaltyWaived !== null ? t('historyDetail.penaltyWaived', { amount: d.penaltyWaived }) : null,
      t('historyDetail.givenOn', { day: d.givenOn }),
    ]
      .filter(Boolean)
      .join(t('historyDetail.sep'));
  };
  return (
    <HistoryTimeline
      history={history}
      actionLabel={(action) => t(`history.${action}`, { defaultValue: action })}
      systemLabel={t('history.system')}
      emptyText={t('detail.noHistory')}
      dotTone={(action) => (action === 'urge' ? 'overdue' : action === 'help' ? 'success' : undefined)}
      describe={(h) => describe(h.detail)}
    />
  );
}
