import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  demandOps,
  type CreateDemandRequest,
  type ZDispatchDemandRequest,
  type ZGrantDemandRequest,
  type ZGuaranteeDemandRequest,
  type ZHandToBankRequest,
  type ZReassignDemandRequest,
  type ZRejectDemandRequest,
  type ZUrgeDemandRequest,
  type ZWithdrawDemandRequest,
  type DemandPageQuery,
} from '@phjr/contract/demands/calls';
import { callOperation } from '../../../lib/operation-client.ts';

/**
 * The demand calls of packages/contract/src/demands/calls.ts (`demandOps`) as TanStack Query hooks. Every answer is
 * parsed with the contract's schema; every write refreshes the lists, the details and the workbench (one key prefix).
 */

export const DEMANDS_KEY = ['demands'] as const;

/** Which list: the applicant's, a bank's, a guarantee company's, a supervisor's or the operator's (calls.ts). */
export type DemandListScope = 'my' | 'bank' | 'guarantee' | 'supervise' | 'operate';

/** The filters and page as sent, plus the scope's own parameter (a bank's `scope`, the operator's `view`). */
export type DemandListQuery = DemandPageQuery & {
  scope?: 'POOL' | 'MINE';
  view?: 'public' | 'assigned' | 'guarantee' | 'makeup';
};

/** Each list and its Excel twin. The lists answer alike; only their own parameter differs, so they share one type. */
const LIST_OPS = {
  my: { page: demandOps.myPage, export: demandOps.myExport },
  bank: { page: demandOps.bankPage, export: demandOps.bankExport },
  guarantee: { page: demandOps.guaranteePage, export: demandOps.guaranteeExport },
  supervise: { page: demandOps.supervisePage, export: demandOps.superviseExport },
  operate: { page: demandOps.operatePage, export: demandOps.operateExport },
} satisfies Record<DemandListScope, { page: unknown; export: unknown }>;

/** A list of the given scope (demandOps.myPage, bankPage, ...). */
export function useDemandPage(scope: DemandListScope, query: DemandListQuery) {
  return useQuery({
    queryKey: [...DEMANDS_KEY, 'page', scope, query],
    queryFn: ({ signal }) => callOperation(LIST_OPS[scope].page as typeof demandOps.operatePage, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The list's Excel twin (demandOps.myExport, ...): the list-page block sends it the same filters, no paging. */
export function demandExportOperation(scope: DemandListScope) {
  return LIST_OPS[scope].export;
}

/** demandOps.detail: the record, its timeline and what the viewer may do now. */
export function useDemandDetail(id: number | null) {
  return useQuery({
    queryKey: [...DEMANDS_KEY, 'detail', id],
    enabled: id !== null,
    queryFn: ({ signal }) => callOperation(demandOps.detail, { query: { id } }, { signal }),
  });
}

/** demandOps.workbench: counts by state, deadlines soonest first, the latest demands. */
export function useDemandWorkbench() {
  return useQuery({
    queryKey: [...DEMANDS_KEY, 'workbench'],
    queryFn: ({ signal }) => callOperation(demandOps.workbench, {}, { signal }),
  });
}

/** The body of each action's call (demandOps[action]). */
export interface DemandActionBodies {
  accept: { id: number };
  guaranteeAccept: { id: number };
  returnToPool: { id: number };
  withdraw: z.input<typeof ZWithdrawDemandRequest>;
  grant: z.input<typeof ZGrantDemandRequest>;
  reject: z.input<typeof ZRejectDemandRequest>;
  guaranteeReject: z.input<typeof ZRejectDemandRequest>;
  guarantee: z.input<typeof ZGuaranteeDemandRequest>;
  handToBank: z.input<typeof ZHandToBankRequest>;
  dispatch: z.input<typeof ZDispatchDemandRequest>;
  reassign: z.input<typeof ZReassignDemandRequest>;
  urge: z.input<typeof ZUrgeDemandRequest>;
}
export type DemandActionName = keyof DemandActionBodies;

/**
 * One action on a demand. Lists are refetched whether it succeeded or not: a refusal usually means the demand moved
 * meanwhile (another bank was faster), and the user should see where it is now.
 */
export function useDemandAction<A extends DemandActionName>(action: A) {
  const qc = useQueryClient();
  return useMutation({
    // Every action answers ZDemandActionResponse; the body's type follows `action` (DemandActionBodies).
    mutationFn: (body: DemandActionBodies[A]) =>
      callOperation(demandOps[action] as typeof demandOps.accept, { body: body as { id: number } }),
    onSettled: () => qc.invalidateQueries({ queryKey: DEMANDS_KEY }),
  });
}

/** demandOps.create (a signed-in person or enterprise). */
export function useCreateDemand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: CreateDemandRequest) => callOperation(demandOps.create, { body: req }),
    onSuccess: () => qc.invalidateQueries({ queryKey: DEMANDS_KEY }),
  });
}
