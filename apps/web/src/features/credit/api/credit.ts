import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { creditOps } from '@phjr/contract/credit/credit-ops';
import type {
  ConsentCreateRequest,
  CreditPurpose,
  ZConsentPageQuery,
  ZCreditFiguresQuery,
  ZCreditLogPageQuery,
} from '@phjr/contract/credit/credit';
import { CREDIT_SEARCH_MIN_CHARS } from '@phjr/contract/credit/credit';
import { callOperation } from '../../../lib/operation-client.ts';

/**
 * Every call of `creditOps` (packages/contract/src/credit/credit-ops.ts, docs/credit.md) as a TanStack Query hook or
 * a function, for the portal's credit search and each client's credit page.
 *
 * Keys: one prefix `['credit']`. A consent written (given, revoked) changes the consent lists of both sides; a query
 * made writes a log row and moves the figures, so it refreshes the logs and the figures.
 */

const ROOT = ['credit'] as const;

export const CREDIT_KEYS = {
  all: ROOT,
  portal: [...ROOT, 'portal'] as const,
  consents: [...ROOT, 'consents'] as const,
  logs: [...ROOT, 'logs'] as const,
  figures: [...ROOT, 'figures'] as const,
  mine: [...ROOT, 'mine'] as const,
  pickers: [...ROOT, 'picker'] as const,
} as const;

type ConsentPageQuery = z.input<typeof ZConsentPageQuery>;
type LogPageQuery = z.input<typeof ZCreditLogPageQuery>;
/** A person acting for several enterprises names which one (its own enterprise otherwise). */
type Subject = { creditCode?: string };

// ---------------------------------------------------------------------------------------------------------------------
// The portal (public)

/** creditOps.portalSearch: registry facts and the public record; nothing until the keyword has 2 characters. */
export function useCreditSearch(query: { keyword: string; current: number; pageSize: number }) {
  return useQuery({
    queryKey: [...CREDIT_KEYS.portal, 'search', query],
    enabled: query.keyword.trim().length >= 2,
    queryFn: ({ signal }) => callOperation(creditOps.portalSearch, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// An institution (bank, guarantee company)

/**
 * creditOps.query: the full record under consent. The refusal (CREDIT_NO_CONSENT) is part of the answer the screen
 * shows, not a toast: the caller catches it (the request layer is told not to show it).
 */
/**
 * creditOps.suggest: the query form's type-ahead, names and credit codes of registered enterprises matching `keyword`
 * (at least CREDIT_SEARCH_MIN_CHARS characters; the caller debounces it). Errors (RATE_LIMITED...) are shown once.
 */
export function useCreditSuggest(keyword: string) {
  const enabled = keyword.trim().length >= CREDIT_SEARCH_MIN_CHARS;
  return useQuery({
    queryKey: [...CREDIT_KEYS.all, 'suggest', keyword.trim()],
    enabled,
    queryFn: ({ signal }) => callOperation(creditOps.suggest, { query: { keyword: keyword.trim() } }, { signal }),
    staleTime: 60_000,
    retry: false,
  });
}

export function useCreditQuery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { creditCode: string; purpose: CreditPurpose }) =>
      callOperation(creditOps.query, { query: input }, { skipErrorHandler: true }),
    // Refused or shown, the query was logged.
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: CREDIT_KEYS.logs }),
        qc.invalidateQueries({ queryKey: CREDIT_KEYS.figures }),
      ]),
  });
}

/** creditOps.heldConsents: the consents the institution holds (with expiry and the soon-to-expire flag). */
export function useHeldConsents(query: ConsentPageQuery) {
  return useQuery({
    queryKey: [...CREDIT_KEYS.consents, 'held', query],
    queryFn: ({ signal }) => callOperation(creditOps.heldConsents, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** creditOps.institutionQueries: the institution's own queries. */
export function useInstitutionQueries(query: LogPageQuery) {
  return useQuery({
    queryKey: [...CREDIT_KEYS.logs, 'institution', query],
    queryFn: ({ signal }) => callOperation(creditOps.institutionQueries, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// The subject (an enterprise, its sub-accounts, a person acting for enterprises)

/** creditOps.mySubjects: which enterprises the session reads for, and whether it may give consents. */
export function useMySubjects(enabled = true) {
  return useQuery({
    queryKey: [...CREDIT_KEYS.mine, 'subjects'],
    enabled,
    queryFn: ({ signal }) => callOperation(creditOps.mySubjects, {}, { signal }),
  });
}

/** creditOps.myReport: the enterprise's own full record (not logged). */
export function useMyReport(subject: Subject, enabled = true) {
  return useQuery({
    queryKey: [...CREDIT_KEYS.mine, 'report', subject],
    enabled,
    queryFn: ({ signal }) => callOperation(creditOps.myReport, { query: subject }, { signal }),
  });
}

/** creditOps.myConsents: the consents the enterprise gave (rows carry their actions). */
export function useMyConsents(query: ConsentPageQuery & Subject, enabled = true) {
  return useQuery({
    queryKey: [...CREDIT_KEYS.consents, 'mine', query],
    enabled,
    queryFn: ({ signal }) => callOperation(creditOps.myConsents, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** creditOps.myQueries: who queried the enterprise. */
export function useMyQueries(query: LogPageQuery & Subject, enabled = true) {
  return useQuery({
    queryKey: [...CREDIT_KEYS.logs, 'mine', query],
    enabled,
    queryFn: ({ signal }) => callOperation(creditOps.myQueries, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** creditOps.institutions: the banks and guarantee companies a consent may name. */
export function useConsentInstitutions(enabled = true) {
  return useQuery({
    queryKey: [...CREDIT_KEYS.pickers, 'institutions'],
    enabled,
    queryFn: ({ signal }) => callOperation(creditOps.institutions, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** creditOps.consentCreate */
export function useCreateConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentCreateRequest) => callOperation(creditOps.consentCreate, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: CREDIT_KEYS.consents }),
  });
}

/** creditOps.consentRevoke */
export function useRevokeConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation(creditOps.consentRevoke, { body: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: CREDIT_KEYS.consents }),
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// Supervisors and the operator

/** creditOps.logPage: the whole query log (a district supervisor: its district's subjects). */
export function useCreditLogPage(query: LogPageQuery) {
  return useQuery({
    queryKey: [...CREDIT_KEYS.logs, 'audit', query],
    queryFn: ({ signal }) => callOperation(creditOps.logPage, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** creditOps.logFigures: queries by institution, by purpose and by day, and the refusals. */
export function useCreditFigures(query: z.input<typeof ZCreditFiguresQuery>) {
  return useQuery({
    queryKey: [...CREDIT_KEYS.figures, query],
    queryFn: ({ signal }) => callOperation(creditOps.logFigures, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
