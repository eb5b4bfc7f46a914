import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Holiday, SaveHolidayRequest } from '@phjr/contract/system/holidays';
import type { SaveSettingsRequest } from '@phjr/contract/system/save-settings';
import type { SystemSettings } from '@phjr/contract/system/settings';
import { get, post } from '../../../lib/request.ts';

const SETTINGS_KEY = ['system', 'settings'] as const;
const HOLIDAYS_KEY = ['system', 'holidays'] as const;

export function useSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: async () => (await get<SystemSettings>('/finance/system/config/get.json')).data });
}

export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveSettingsRequest) => (await post<SystemSettings>('/finance/system/config/save.json', body)).data,
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
    queryFn: async () => (await get<Holiday[]>('/finance/system/holiday/list.json', { year })).data,
  });
}

export function useSaveHoliday() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveHolidayRequest) => (await post<null>('/finance/system/holiday/save.json', body)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: HOLIDAYS_KEY }),
  });
}

export function useRemoveHoliday() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (day: string) => (await post<null>('/finance/system/holiday/remove.json', { day })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: HOLIDAYS_KEY }),
  });
}
