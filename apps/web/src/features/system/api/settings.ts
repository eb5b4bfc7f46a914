import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveHolidayRequest } from '@phjr/contract/system/holidays';
import type { SaveSettingsRequest } from '@phjr/contract/system/save-settings';
import { systemOps } from '@phjr/contract/system/system-ops';
import { callOperation } from '../../../lib/operation-client.ts';

const SETTINGS_KEY = ['system', 'settings'] as const;
const HOLIDAYS_KEY = ['system', 'holidays'] as const;

export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => callOperation(systemOps.settings, {}, { signal }),
  });
}

export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSettingsRequest) => callOperation(systemOps.saveSettings, { body }),
    onSuccess: (data) => {
      qc.setQueryData(SETTINGS_KEY, data);
      // The portal's external links come from the same settings.
      void qc.invalidateQueries({ queryKey: ['externalLinks'] });
    },
  });
}

export function useHolidays(year: number) {
  return useQuery({
    queryKey: [...HOLIDAYS_KEY, year],
    queryFn: ({ signal }) => callOperation(systemOps.holidays, { query: { year } }, { signal }),
  });
}

export function useSaveHoliday() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveHolidayRequest) => callOperation(systemOps.saveHoliday, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: HOLIDAYS_KEY }),
  });
}

export function useRemoveHoliday() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (day: string) => callOperation(systemOps.removeHoliday, { body: { day } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: HOLIDAYS_KEY }),
  });
}
