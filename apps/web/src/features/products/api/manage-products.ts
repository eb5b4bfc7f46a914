import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZManageProductPageQuery, SaveProductRequest } from '@phjr/contract/products/manage';
import { productOps } from '@phjr/contract/products/product-ops';
import type { OrgKind } from '@phjr/contract/orgs/org-admin';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import type { z } from 'zod';
import { callOperation } from '../../../lib/operation-client.ts';

/** The list's filters and page, as the screens hold them (page and size always set). */
export type ManageProductPageQuery = z.infer<typeof ZManageProductPageQuery>;

/**
 * The back office's product calls (providers: product:manage; the operator: product:review), as TanStack Query
 * hooks. Every write answers `{ id }` and refreshes the lists, the details and the portal's product queries.
 */

const KEY = ['products-admin'] as const;

/** The caller's subtree (providers) or every product (the operator). */
export function useManageProducts(query: ManageProductPageQuery, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...KEY, 'page', query],
    queryFn: ({ signal }) => callOperation(productOps.managePage, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
  });
}

/** A product in any state, with its history. */
export function useManageProduct(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    enabled: id !== null,
    queryFn: ({ signal }) => callOperation(productOps.manageDetail, { query: { id } }, { signal }),
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
    queryFn: ({ signal }) => callOperation(orgsOps.staffOrgs, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The operator's organisation filter: every bank unit or guarantee company, as the flat tree of the orgs screens. */
export function useProviderOrgs(kind: Extract<OrgKind, 'BANK' | 'GUARANTEE'>, enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'orgs', kind],
    enabled,
    queryFn: ({ signal }) => callOperation(orgsOps.orgTree, { query: { kind } }, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** After any write: the back office's lists and details, and the portal's product queries. */
function useRefreshAfterWrite() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: KEY }), qc.invalidateQueries({ queryKey: ['portal'] })]).then(
      () => undefined,
    );
}

/** A new DRAFT (no id) or an edit. */
export function useSaveProduct() {
  const onSuccess = useRefreshAfterWrite();
  return useMutation({ mutationFn: (body: SaveProductRequest) => callOperation(productOps.save, { body }), onSuccess });
}

/** The one-click actions, by who takes them (PRODUCT_TRANSITIONS), and the remove of a never-listed product: `{ id }`. */
const PRODUCT_ACTION_OPS = {
  submit: productOps.submit,
  withdraw: productOps.withdraw,
  delist: productOps.delist,
  remove: productOps.remove,
  approve: productOps.approve,
  reviewDelist: productOps.reviewDelist,
} as const;
export type ProductActionKey = keyof typeof PRODUCT_ACTION_OPS;

export function useProductAction() {
  const onSuccess = useRefreshAfterWrite();
  return useMutation({
    mutationFn: ({ action, id }: { action: ProductActionKey; id: number }) =>
      callOperation(PRODUCT_ACTION_OPS[action], { body: { id } }),
    onSuccess,
  });
}

/** The operator's rejection, with its reason. */
export function useRejectProduct() {
  const onSuccess = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (body: { id: number; reason: string }) => callOperation(productOps.reject, { body }),
    onSuccess,
  });
}
