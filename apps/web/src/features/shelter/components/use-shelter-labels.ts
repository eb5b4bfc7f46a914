import { useTranslation } from 'react-i18next';
import { useEnum } from '../../../lib/enums.ts';
import { formatAmount } from '../../../lib/format.ts';

/** The labels every shelter screen shows: help types and industries from the enum catalog, amounts in 万元. */
export function useShelterLabels() {
  const { t } = useTranslation('shelter');
  const help = useEnum('ShelterHelp');
  const industry = useEnum('Industry');
  return {
    help,
    industry,
    wan: (n: number | null | undefined) =>
      n === null || n === undefined ? '-' : t('units.wanValue', { n: formatAmount(n) }),
  };
}
