import { useTranslation } from 'react-i18next';
import { CREDIT_PURPOSES, CREDIT_QUERY_OUTCOMES } from '@phjr/contract/credit/credit';

/** The purposes of a query as Select options, in the contract's order. */
export function usePurposeOptions() {
  const { t } = useTranslation('credit');
  return CREDIT_PURPOSES.map((p) => ({ value: p, label: t(`purpose.${p}`) }));
}

/** The outcomes of a query as Select options. */
export function useOutcomeOptions() {
  const { t } = useTranslation('credit');
  return CREDIT_QUERY_OUTCOMES.map((o) => ({ value: o, label: t(`outcome.${o}`) }));
}
