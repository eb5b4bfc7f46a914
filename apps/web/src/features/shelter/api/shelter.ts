import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { shelterOps } from '@phjr/contract/shelter/shelter-ops';
import type {
  ShelterDraftContent,
  ShelterApplyRequest,
  ShelterMeasureRequest,
  ZShelterAdmitRequest,
  ZShelterBankPageQuery,
  ZShelterExitRequest,
  ZShelterMyPageQuery,
  ZShelterPageQuery,
  ZShelterRefuseRequest,
  ZShelterUrgeRequest,
  ZShelterWithdrawRequest,
} from '@phjr/contract/shelter/shelter';
import { fileOps, type UploadedFile } from '@phjr/contract/files/upload';
import { callOperation } from '../../../lib/operation-client.ts';

/**
 * Every call of `shelterOps` (packages/contract/src/shelter/shelter-ops.ts) as a TanStack Query hook, for the
 * portal's /stowdown, the enterprise's, the supervisors' and the banks' shelter screens.
 *
 * Keys: one prefix `['shelter']`. Every write (apply, a transition, urge, a measure) changes the lists, the detail,
 * the figures and the bank card at once (a case's state, its counters and the aggregates move together on the
 * server), so a write invalidates the whole prefix: the screens show only a few of these reads at a time.
 */
export const SHELTER_KEY = ['shelter'] as const;

const PICKER_STALE = 60_000;

/** shelterOps.portalFigures: the public aggregates (total and per district). */
export function useShelterPortalFigures() {
  return useQuery({
    queryKey: [...SHELTER_KEY, 'portal-figures'],
    queryFn: ({ signal }) => callOperation(shelterOps.portalFigures, {}, { signal }),
  });
}

/** shelterOps.banks: the active banks of the pickers. */
export function useShelterBanks(enabled = true) {
  return useQuery({
    queryKey: [...SHELTER_KEY, 'banks'],
    enabled,
    staleTime: PICKER_STALE,
    queryFn: ({ signal }) => callOperation(shelterOps.banks, {}, { signal }),
  });
}

/** shelterOps.myPage: the enterprise's own cases. */
export function useMyShelterPage(query: z.input<typeof ZShelterMyPageQuery>, enabled = true) {
  return useQuery({
    queryKey: [...SHELTER_KEY, 'my', query],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => callOperation(shelterOps.myPage, { query }, { signal }),
  });
}

/** shelterOps.supervisePage: a supervisor's list (view UN / IN / ALL and the filters). */
export function useSupervisorShelterPage(query: ShelterPageQueryInput) {
  return useQuery({
    queryKey: [...SHELTER_KEY, 'supervise', query],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => callOperation(shelterOps.supervisePage, { query }, { signal }),
  });
}
export type ShelterPageQueryInput = z.input<typeof ZShelterPageQuery>;

/**
 * shelterOps.superviseFigures: the figures in the supervisor's scope, or of one district of it. A district outside the
 * scope answers 404: the band then shows no figures, without an error message over the list.
 */
export function useSupervisorShelterFigures(regionCode?: string) {
  return useQuery({
    queryKey: [...SHELTER_KEY, 'supervise-figures', regionCode ?? null],
    retry: regionCode ? false : undefined,
    queryFn: ({ signal }) =>
      callOperation(
        shelterOps.superviseFigures,
        { query: regionCode ? { regionCode } : {} },
        { signal, skipErrorHandler: !!regionCode },
      ),
  });
}

/** shelterOps.bankPage: the cases the bank leads or helps. */
export function useBankShelterPage(query: z.input<typeof ZShelterBankPageQuery>) {
  return useQuery({
    queryKey: [...SHELTER_KEY, 'bank', query],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => callOperation(shelterOps.bankPage, { query }, { signal }),
  });
}

/** shelterOps.bankSummary: the bank workbench's card. */
export function useBankShelterSummary(enabled = true) {
  return useQuery({
    queryKey: [...SHELTER_KEY, 'bank-summary'],
    enabled,
    queryFn: ({ signal }) => callOperation(shelterOps.bankSummary, {}, { signal }),
  });
}

/** shelterOps.detail: one case with its plan, measures and timeline. */
export function useShelterDetail(id: number | null) {
  return useQuery({
    queryKey: [...SHELTER_KEY, 'detail', id],
    enabled: id !== null,
    queryFn: ({ signal }) => callOperation(shelterOps.detail, { query: { id: String(id) } }, { signal }),
  });
}

function useShelterWrite<B, R>(fn: (body: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: SHELTER_KEY }) });
}

/** shelterOps.apply */
export function useApplyShelter() {
  return useShelterWrite((body: ShelterApplyRequest) => callOperation(shelterOps.apply, { body }));
}

/** shelterOps.draft: the account's own saved draft (null: none). */
export function useShelterDraft(enabled = true) {
  return useQuery({
    queryKey: [...SHELTER_KEY, 'draft'],
    enabled,
    queryFn: ({ signal }) => callOperation(shelterOps.draft, {}, { signal }),
  });
}

/** shelterOps.draftSave: the form as it is, saved as the account's draft (over the one it had). */
export function useSaveShelterDraft() {
  return useShelterWrite((body: ShelterDraftContent) => callOperation(shelterOps.draftSave, { body }));
}

/** shelterOps.draftDiscard */
export function useDiscardShelterDraft() {
  return useShelterWrite(() => callOperation(shelterOps.draftDiscard, { body: {} }));
}

/** The bodies of the case actions (the transitions and urge). */
export interface ShelterActionBodies {
  startReview: { id: number };
  admit: z.input<typeof ZShelterAdmitRequest>;
  refuse: z.input<typeof ZShelterRefuseRequest>;
  exit: z.input<typeof ZShelterExitRequest>;
  urge: z.input<typeof ZShelterUrgeRequest>;
  withdraw: z.input<typeof ZShelterWithdrawRequest>;
}
export type ShelterActionName = keyof ShelterActionBodies;
/** An action and its body, typed together. */
export type ShelterActionCall = {
  [A in ShelterActionName]: { action: A; body: ShelterActionBodies[A] };
}[ShelterActionName];

/** One hook for every action on a case: startReview, admit, refuse, exit, urge (supervisors) and withdraw (the enterprise). */
export function useShelterAction() {
  return useShelterWrite(({ action, body }: ShelterActionCall) =>
    callOperation(shelterOps[action] as typeof shelterOps.startReview, { body: body as { id: number } }),
  );
}

/** shelterOps.recordHelp (a bank on the case). */
export function useRecordHelp() {
  return useShelterWrite((body: ShelterMeasureRequest) => callOperation(shelterOps.recordHelp, { body }));
}

/** A PRIVATE upload for the application's attachments (fileOps.upload). */
export async function uploadShelterAttachment(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return callOperation(fileOps.upload, { query: { visibility: 'PRIVATE' }, body: form as never });
}
