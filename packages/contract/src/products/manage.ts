import { z } from 'zod';
import { ZId, ZIdText } from '../bounds.ts';
import { ZPageQuery, page } from '../envelope.ts';
import { sortShape } from '../list-sort.ts';
import { PRODUCT_FIELDS, ZProductDetail, ZProductKind, ZProductStatus, withRangeChecks } from './product.ts';

/**
 * The back office's calls. Providers (banks and guarantee companies, permission product:manage) see and change the
 * products of their organisation and its sub-units; the operator (product:review) sees every product, reviews,
 * delists and edits.
 */

/**
 * The back office's product lists' sortable fields (list-sort.ts; issue 30): the lowest rate, the highest amount, the
 * longest term, the applications received, the last change and the submission (no submission sorts below every one).
 * Without a sort: last changed first.
 */
export const MANAGE_PRODUCT_SORT = [
  'rateMin',
  'amountMax',
  'termMax',
  'applications',
  'updatedAt',
  'submittedAt',
] as const;

/** GET /finance/product/manage/page.json */
export const ZManageProductPageQuery = ZPageQuery.extend({
  ...sortShape(MANAGE_PRODUCT_SORT),
  kind: ZProductKind.optional(),
  status: ZProductStatus.optional(),
  keyword: z.string().trim().max(40).optional(),
  /** A unit of the caller's subtree (providers) or any organisation (operator). */
  orgId: ZIdText.optional(),
});
export type ManageProductPageQuery = z.input<typeof ZManageProductPageQuery>;
export const ZManageProductPageResponse = page(ZProductDetail);

/** GET /finance/product/manage/detail.json?id= */
export const ZProductIdQuery = z.object({ id: ZIdText });

/**
 * POST /finance/product/manage/save.json: creates a DRAFT (no id) for the caller's organisation or a unit of its
 * subtree (`orgId`), or edits one (a provider's edit of a REJECTED or DELISTED product puts it back to DRAFT).
 */
export const ZSaveProductRequest = withRangeChecks(
  z.strictObject({ ...PRODUCT_FIELDS, id: ZId.optional(), orgId: ZId.optional() }),
);
export type SaveProductRequest = z.input<typeof ZSaveProductRequest>;
export const ZSaveProductResponse = z.object({ id: z.number().int() });

/**
 * POST /finance/product/manage/{submit,withdraw,delist,remove}.json and /finance/product/review/{approve,delist}.json:
 * `{ id }`. POST /finance/product/review/reject.json: `{ id, reason }`.
 */
export const ZProductIdRequest = z.strictObject({ id: ZId });
export const ZRejectProductRequest = z.strictObject({
  id: ZId,
  reason: z.string().trim().min(2, '请填写驳回原因').max(300),
});
