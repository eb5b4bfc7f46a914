import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ZCreateDemandResponse,
  ZDemandActionResponse,
  ZDemandPageResponse,
  ZDemandWorkbench,
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
import { ZDemandDetail } from '@phjr/contract/demands/demand';
import { exportExcel, get, post, type Params } from '../../../lib/request.ts';

/**
 * The demand calls of packages/contract/src/demands/calls.ts as TanStack Query hooks. Every answer is parsed with
 * the contract's schema; every write refreshes the lists, the details and the workbench (one key prefix).
 */

export const DEMANDS_KEY = ['demands'] as const;

/** Which list: the applicant's, a bank's, a guarantee company's, a supervisor's or the operator's (calls.ts). */
export type DemandListScope = 'my' | 'bank' | 'guarantee' | 'supervise' | 'operate';

/** The filters and page as sent, plus the scope's own parameter (a bank's `scope`, the operator's `view`). */
export type DemandListQuery = DemandPageQuery & { scope?: 'POOL' | 'MINE'; view?: 'public' | 'assigned' | 'guarantee' | 'makeup' };

export const listUrl = (scope: DemandListScope) => `/finance/demand/${scope}/page.json`;
export const exportUrl = (scope: DemandListScope) => `/finance/demand/${scope}/export.json`;

/** GET /finance/demand/{scope}/page.json */
export function useDemandPage(scope: DemandListScope, query: DemandListQuery) {
  return useQuery({
    queryKey: [...DEMANDS_KEY, 'page', scope, query],
    queryFn: async ({ signal }) => (await get(listUrl(scope), { ...query } as Params, { schema: ZDemandPageResponse, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /finance/demand/{scope}/export.json: the same filters, no paging; saved as `name_yyyyMMddhhmmss.xlsx`. */
export function exportDemands(scope: DemandListScope, query: DemandListQuery, name: string): Promise<string> {
  const { current: _c, pageSize: _p, ...filters } = query;
  return exportExcel(exportUrl(scope), name, filters as Params);
}

/** GET /finance/demand/detail.json?id= : the record, its timeline and what the viewer may do now. */
export function useDemandDetail(id: number | null) {
  return useQuery({
    queryKey: [...DEMANDS_KEY, 'detail', id],
    enabled: id !== null,
    queryFn: async ({ signal }) => (await get('/finance/demand/detail.json', { id }, { schema: ZDemandDetail, signal })).data,
  });
}

/** GET /finance/demand/workbench.json: counts by state, deadlines soonest first, the latest demands. */
export function useDemandWorkbench() {
  return useQuery({
    queryKey: [...DEMANDS_KEY, 'workbench'],
    queryFn: async ({ signal }) => (await get('/finance/demand/workbench.json', undefined, { schema: ZDemandWorkbench, signal })).data,
  });
}

/** The body of each action's call (POST /finance/demand/{action}.json). */
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
    mutationFn: async (body: DemandActionBodies[A]) => (await post(`/finance/demand/${action}.json`, body, { schema: ZDemandActionResponse })).data,
    onSettled: () => qc.invalidateQueries({ queryKey: DEMANDS_KEY }),
  });
}

/** POST /finance/demand/create.json (a signed-in person or enterprise). */
export function useCreateDemand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (req: CreateDemandRequest) => (await post('/finance/demand/create.json', req, { schema: ZCreateDemandResponse })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: DEMANDS_KEY }),
  });
}
