import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n.ts';
import { axisAmount, monthLabel, showAmount, showCount, showDays, showRate, type Shown } from './display-format.ts';

const fixed = (locale: string, digits: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * The display's formatters in the active language, for chart labels and tooltips: amounts in 亿元 or 万元 with the
 * unit, counts, rates and days; `axisWan` writes an axis named in 万元, `wan`/`wan0`/`day` numbers under a heading
 * that names the unit.
 */
export function useDisplayFormat() {
  const { t, i18n } = useTranslation('display');
  const locale = currentLocale();
  return useMemo(() => {
    const withUnit = (s: Shown) =>
      s.unit === 'none' || s.unit === 'count' ? s.text : t('withUnit', { value: s.text, unit: t(`unit.${s.unit}`) });
    return {
      locale,
      amount: (v: number) => withUnit(showAmount(v, locale)),
      count: (v: number) => showCount(v, locale).text,
      rate: (v: number | null) => withUnit(showRate(v, locale)),
      days: (v: number | null) => withUnit(showDays(v, locale)),
      axisWan: (v: number) => axisAmount(v, locale),
      /** A number of 万元 with two decimals, no unit (a column headed in 万元). */
      wan: (v: number) => fixed(locale, 2).format(v),
      /** A whole number of 万元, no unit (the map's labels). */
      wan0: (v: number) => fixed(locale, 0).format(v),
      /** Working days with one decimal, no unit (a column headed in days). */
      day: (v: number | null) => (v === null ? '-' : fixed(locale, 1).format(v)),
      month: (m: string) => monthLabel(m, locale),
      wanUnit: t('unit.wan'),
      countUnit: t('unit.count'),
      daysUnit: t('unit.days'),
    };
    // i18n.language: the texts and separators follow a language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, locale, i18n.language]);
}

export type DisplayFormat = ReturnType<typeof useDisplayFormat>;
