import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MakeupRequest } from '@phjr/contract/demands/calls';
import { ZImportFailures, ZImportJobPage, ZImportResult } from '@phjr/contract/orgs/user-import';
import { exportExcel, get, post, upload } from '../../../lib/request.ts';
import { DEMANDS_KEY } from './demands.ts';

/** The operator's makeup (补录): one loan at a time, or an Excel import with its records and failed rows. */

const IMPORT_KEY = [...DEMANDS_KEY, 'makeup-import'] as const;

/** POST /finance/demand/makeup/save.json: one offline loan recorded as GRANTED. */
export function useSaveMakeup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (req: MakeupRequest) => (await post('/finance/demand/makeup/save.json', req)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: DEMANDS_KEY }),
  });
}

/** GET /finance/demand/makeup/import/template.json: the xlsx with the columns of MAKEUP_IMPORT_COLUMNS. */
export function downloadMakeupTemplate(name: string) {
  return exportExcel('/finance/demand/makeup/import/template.json', name);
}

/** POST /finance/demand/makeup/import/upload.json?dryRun= (multipart `file`): a dry run writes nothing. */
export function useUploadMakeup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await upload(`/finance/demand/makeup/import/upload.json?dryRun=${dryRun}`, form, { schema: ZImportResult })).data;
    },
    onSuccess: (r) => {
      if (!r.dryRun) void qc.invalidateQueries({ queryKey: DEMANDS_KEY });
    },
  });
}

/** GET /finance/demand/makeup/import/records.json */
export function useMakeupImportRecords(current: number) {
  return useQuery({
    queryKey: [...IMPORT_KEY, 'records', current],
    queryFn: async ({ signal }) => (await get('/finance/demand/makeup/import/records.json', { current, pageSize: 10 }, { schema: ZImportJobPage, signal })).data,
  });
}

/** GET /finance/demand/makeup/import/failures.json?jobId= */
export function useMakeupImportFailures(jobId: number | null) {
  return useQuery({
    queryKey: [...IMPORT_KEY, 'failures', jobId],
    enabled: jobId !== null,
    queryFn: async ({ signal }) => (await get('/finance/demand/makeup/import/failures.json', { jobId }, { schema: ZImportFailures, signal })).data,
  });
}
