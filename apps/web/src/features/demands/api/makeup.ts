import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { demandOps, type MakeupRequest } from '@phjr/contract/demands/calls';
import { callOperation } from '../../../lib/operation-client.ts';
import { exportExcel } from '../../../lib/request.ts';
import { DEMANDS_KEY } from './demands.ts';

/** The operator's makeup (补录): one loan at a time, or an Excel import with its records and failed rows. */

const IMPORT_KEY = [...DEMANDS_KEY, 'makeup-import'] as const;

/** demandOps.makeupSave: one offline loan recorded as GRANTED. */
export function useSaveMakeup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: MakeupRequest) => callOperation(demandOps.makeupSave, { body: req }),
    onSuccess: () => qc.invalidateQueries({ queryKey: DEMANDS_KEY }),
  });
}

/** demandOps.makeupTemplate: the xlsx with the columns of MAKEUP_IMPORT_COLUMNS. */
export function downloadMakeupTemplate(name: string) {
  return exportExcel(demandOps.makeupTemplate.path, name);
}

/** demandOps.makeupUpload (multipart `file`, `?dryRun=`): a dry run writes nothing. */
export function useUploadMakeup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      // A multipart operation declares no body schema (the server streams the file): the form goes as it is.
      return callOperation(demandOps.makeupUpload, {
        query: { dryRun: dryRun ? 'true' : 'false' },
        body: form as never,
      });
    },
    onSuccess: (r) => {
      if (!r.dryRun) void qc.invalidateQueries({ queryKey: DEMANDS_KEY });
    },
  });
}

/** demandOps.makeupRecords */
export function useMakeupImportRecords(query: { current: number; pageSize: number }) {
  return useQuery({
    queryKey: [...IMPORT_KEY, 'records', query],
    queryFn: ({ signal }) => callOperation(demandOps.makeupRecords, { query }, { signal }),
  });
}

/** demandOps.makeupFailures */
export function useMakeupImportFailures(jobId: number | null) {
  return useQuery({
    queryKey: [...IMPORT_KEY, 'failures', jobId],
    enabled: jobId !== null,
    queryFn: ({ signal }) => callOperation(demandOps.makeupFailures, { query: { jobId } }, { signal }),
  });
}
