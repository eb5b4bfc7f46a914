import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZProductDetail } from '@phjr/contract/products/product';
import {
  ZManageProductPageResponse,
  ZSaveProductResponse,
  type ZManageProductPageQuery,
  type SaveProductRequest,
} from '@phjr/contract/products/manage';
import { ZOrgTreeResponse, type OrgKind } from '@phjr/contract/orgs/org-admin';
import { ZStaffOrgsResponse } from '@phjr/contract/orgs/staff';
import type { z } from 'zod';
import { get, post } from '../../../lib/request.ts';

/** The list's filters and page, as the screens hold them (page and size always set). */
export type ManageProductPageQuery = z.infer<typeof ZManageProductPageQuery>;

/**
 * The back office's product calls (providers: product:manage; the operator: product:review), as TanStack Query
 * hooks. Every write answers `{ id }` and refreshes the lists, the details and the portal's product queries.
 */

const KEY = ['products-admin'] as const;

/** GET /finance/product/manage/page.json: the caller's subtree (providers) or every product (the operator). */
export function useManageProducts(query: ManageProductPageQuery, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...KEY, 'page', query],
    queryFn: async ({ signal }) => (await get('/finance/product/manage/page.json', { ...query }, { schema: ZManageProductPageResponse, signal })).data,
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
  });
}

/** GET /finance/product/manage/detail.json?id= : any state, with its history. */
export function useManageProduct(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    enabled: id !== null,
    queryFn: async ({ signal }) => (await get('/finance/product/manage/detail.json', { id }, { schema: ZProductDetail, signal })).data,
  });
}

/**
 * The units a provider may publish for: its organisation and, for a head office, every branch and sub-branch
 * (the staff call answers exactly that subtree for an institution admin).
 */
export function useProviderUnits(enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'units'],
    enabled,
    queryFn: async ({ signal }) => (await get('/finance/org/staff/orgs.json', undefined, { schema: ZStaffOrgsResponse, signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** The operator's organisation filter: every bank unit or guarantee company, as the flat tree of the orgs screens. */
export function useProviderOrgs(kind: Extract<OrgKind, 'BANK' | 'GUARANTEE'>, enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'orgs', kind],
    enabled,
    queryFn: async ({ signal }) => (await get('/finance/org/tree.json', { kind }, { schema: ZOrgTreeResponse, signal })).data,
    staleTime: 5 * 60_000,
  });
}

function useProductWrite<B>(url: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: B) => (await post(url, body, { schema: ZSaveProductResponse })).data,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: KEY }), qc.invalidateQueries({ queryKey: ['portal'] })]).then(() => undefined),
  });
}

/** POST /finance/product/manage/save.json: a new DRAFT (no id) or an edit. */
export const useSaveProduct = () => useProductWrite<SaveProductRequest>('/finance/product/manage/save.json');

/** The one-click actions, by who takes them (PRODUCT_TRANSITIONS) and the remove of a never-listed product. */
export const PRODUCT_ACTION_URLS = {
  submit: '/finance/product/manage/submit.json',
  withdraw: '/finance/product/manage/withdraw.json',
  delist: '/finance/product/manage/delist.json',
  remove: '/finance/product/manage/remove.json',
  approve: '/finance/product/review/approve.json',
  reviewDelist: '/finance/product/review/delist.json',
} as const;
export type ProductActionKey = keyof typeof PRODUCT_ACTION_URLS;

/** POST one action with `{ id }`. */
export function useProductAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, id }: { action: ProductActionKey; id: number }) =>
      (await post(PRODUCT_ACTION_URLS[action], { id }, { schema: ZSaveProductResponse })).data,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: KEY }), qc.invalidateQueries({ queryKey: ['portal'] })]).then(() => undefined),
  });
}

/** POST /finance/product/review/reject.json `{ id, reason }`. */
export const useRejectProduct = () => useProductWrite<{ id: number; reason: string }>('/finance/product/review/reject.json');
