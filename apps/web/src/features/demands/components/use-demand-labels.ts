import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEMAND_TYPES, REJECT_CODES } from '@phjr/contract/demands/demand';
import { systemOps } from '@phjr/contract/system/system-ops';
import { ENUM_STALE_MS, enumText, reshapeEnum, useEnum } from '../../../lib/enums.ts';
import { callOperation } from '../../../lib/operation-client.ts';

/**
 * Labels of the demand enums in the active language, from the server's enum catalogue; this namespace's own words
 * stand in for a code the catalogue does not (yet) know, so no screen shows a raw code.
 */

/** One catalogue enum read quietly: a catalogue without it is not an error the user must hear about. */
function useQuietEnum(name: string) {
  const { i18n } = useTranslation();
  const q = useQuery({
    queryKey: ['enum', name],
    queryFn: async ({ signal }) =>
      reshapeEnum(
        name,
        await callOperation(systemOps.enumByName, { params: { name } }, { signal, skipErrorHandler: true }),
      ),
    staleTime: ENUM_STALE_MS,
    gcTime: ENUM_STALE_MS,
    retry: false,
  });
  return (code: string) => {
    const o = q.data?.find((e) => e.code === code);
    return o ? enumText(name, o, i18n.language) : undefined;
  };
}

export function useRejectCodeLabel() {
  const { t } = useTranslation('demands');
  const fromCatalogue = useQuietEnum('RejectCode');
  return (code: string | null | undefined): string => {
    if (!code) return '';
    return fromCatalogue(code) ?? ((REJECT_CODES as readonly string[]).includes(code) ? t(`rejectCode.${code}`) : code);
  };
}

export function useDemandTypeLabel() {
  const { t } = useTranslation('demands');
  const fromCatalogue = useQuietEnum('DemandType');
  return (code: string | null | undefined): string => {
    if (!code) return '';
    return fromCatalogue(code) ?? ((DEMAND_TYPES as readonly string[]).includes(code) ? t(`type.${code}`) : code);
  };
}

/** The enums a demand row shows: guarantee method, industry, applicant type, demand type. */
export function useDemandLabels() {
  const guarantee = useEnum('GuaranteeMethod');
  const industry = useEnum('Industry');
  const customer = useEnum('CustomerType');
  const type = useDemandTypeLabel();
  return { guarantee, industry, customer, type };
}
