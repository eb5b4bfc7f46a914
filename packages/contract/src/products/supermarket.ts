import { z } from 'zod';
import { ZIdListText, ZIdText, ZTerm } from '../bounds.ts';
import { ZPageQuery, page } from '../envelope.ts';
import { ZCustomerType, ZGuaranteeMethod, ZIndustry, ZLoanType, ZProductCard } from './product.ts';

export const PRODUCT_SORTS = ['DEFAULT', 'RATE', 'AMOUNT', 'POPULAR', 'NEWEST'] as const;
export const ZProductSort = z.enum(PRODUCT_SORTS);
export type ProductSort = z.infer<typeof ZProductSort>;

/**
 * GET /finance/portal/product/page.json (SPEC section 7): LISTED products only. `sourceValue=supermarket` gives
 * loans, `sourceValue=guarantee` the guarantee services. Filters combine with AND; `amount` and `term` keep the
 * products whose range contains them. Sorts: RATE lowest rate first, AMOUNT highest ceiling first, POPULAR most
 * applications then views, NEWEST latest listed; DEFAULT is NEWEST. Ties: the newer product (higher id) first. A product
 * with no industries serves every industry.
 */
export const ZPortalProductPageQuery = ZPageQuery.extend({
  sourceValue: z.enum(['supermarket', 'guarantee']).default('supermarket'),
  keyword: z.string().trim().max(40).optional(),
  /** The head office: its products and its units'. */
  bankId: ZIdText.optional(),
  loanType: ZLoanType.optional(),
  guaranteeMethod: ZGuaranteeMethod.optional(),
  customerType: ZCustomerType.optional(),
  industry: ZIndustry.optional(),
  /** The district (`city` of the district site): products serving it (or the whole city). */
  regionCode: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  amount: z.coerce.number().positive().max(100_000).optional(),
  term: z.coerce.number().int().min(1).max(360).optional(),
  /** Comma-separated (`industrialChainIds=1,2`). */
  industrialChainIds: ZIdListText.optional(),
  /** `true`: the countryside list (/countryside-develop/product-list-countryside), products for farmers or new agricultural entities. */
  countryside: z.enum(['true', 'false']).optional(),
  sort: ZProductSort.default('DEFAULT'),
});
export type PortalProductPageQuery = z.input<typeof ZPortalProductPageQuery>;
export const ZPortalProductPageResponse = page(ZProductCard);

/** GET /finance/portal/product/detail.json?id= : a LISTED product; each call counts one view. */

/**
 * GET /finance/product/queryProductList.json (SPEC section 7): a short list of LISTED loans for pickers (the demand
 * form, chain pages): by bank, chain or name, at most 50.
 */
export const ZQueryProductListQuery = z.object({
  bankId: ZIdText.optional(),
  industrialChainId: ZIdText.optional(),
  keyword: z.string().trim().max(40).optional(),
});
export const ZProductOption = z.object({
  id: z.number().int(),
  name: z.string(),
  orgId: z.number().int(),
  bankName: z.string(),
});
export const ZQueryProductListResponse = z.array(ZProductOption);

/**
 * GET /finance/portal/product/banks.json?regionCode= : the head offices with LISTED loans, for the bank filter; with a
 * region, only those with loans serving it (a loan serving the whole city serves every district), counted there.
 */
export const ZProductBanksQuery = z.object({
  regionCode: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});
export const ZProductBank = z.object({ id: z.number().int(), name: z.string(), products: z.number().int() });
export const ZProductBanksResponse = z.array(ZProductBank);

/**
 * POST /finance/portal/product/match.json ("match me"): a borrower's need; every given condition is checked
 * against every LISTED loan, and the loans are ranked by the number of conditions met (then by rate).
 */
export const ZMatchRequest = z.strictObject({
  amount: z.number().positive().max(100_000).optional(),
  term: ZTerm.optional(),
  guaranteeMethod: ZGuaranteeMethod.optional(),
  regionCode: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  customerType: ZCustomerType.optional(),
  industry: ZIndustry.optional(),
  /** How many to return (best first). */
  limit: z.number().int().min(1).max(50).default(10),
});
export type MatchRequest = z.input<typeof ZMatchRequest>;
export const MATCH_CONDITIONS = [
  'amount',
  'term',
  'guaranteeMethod',
  'regionCode',
  'customerType',
  'industry',
] as const;
export type MatchCondition = (typeof MATCH_CONDITIONS)[number];
export const ZMatchResult = z.object({
  product: ZProductCard,
  /** Conditions the product meets and does not meet (only the ones the borrower gave). */
  matched: z.array(z.enum(MATCH_CONDITIONS)),
  failed: z.array(z.enum(MATCH_CONDITIONS)),
  /** matched / given, 0-100. */
  score: z.number(),
});
export type MatchResult = z.infer<typeof ZMatchResult>;
export const ZMatchResponse = z.array(ZMatchResult);
