import { z } from 'zod';
import { ZAmount, ZId, ZRate, ZTerm } from '../bounds.ts';
import { PHONE_RE } from '../auth/sms.ts';
import { ZFileId } from '../files/upload.ts';

/** A product's contact: the one mobile rule (PHONE_RE) or a landline with its area code (0999-6123456). */
export const CONTACT_PHONE_RE = new RegExp(`^(?:${PHONE_RE.source.slice(1, -1)}|0\\d{2,3}-?\\d{7,8})$`);

/**
 * Products of the financial supermarket (PRODUCT.md section 5) and the guarantee services of guarantee companies
 * (section 8): one record type, `kind` tells them apart. Amounts in 万元, terms in months, rates in % a year (for a
 * guarantee service: the guarantee fee rate).
 */
export const PRODUCT_KINDS = ['LOAN', 'GUARANTEE_SERVICE'] as const;
export const ZProductKind = z.enum(PRODUCT_KINDS);
export type ProductKind = z.infer<typeof ZProductKind>;

export const PRODUCT_STATUSES = ['DRAFT', 'PENDING_REVIEW', 'LISTED', 'DELISTED', 'REJECTED'] as const;
export const ZProductStatus = z.enum(PRODUCT_STATUSES);
export type ProductStatus = z.infer<typeof ZProductStatus>;

/** Who moves a product: the provider (a bank or guarantee company, within its subtree) or the operator's review. */
export type ProductActor = 'provider' | 'reviewer';

/**
 * The lifecycle as data: action → allowed source states, target state and who may do it. Editing (save) is allowed
 * to the provider in DRAFT, REJECTED and DELISTED (the product goes back to DRAFT) and to the reviewer in any state
 * (the state stays). The service and its tests read this one table.
 */
export const PRODUCT_TRANSITIONS = {
  submit: { from: ['DRAFT'], to: 'PENDING_REVIEW', by: ['provider'] },
  withdraw: { from: ['PENDING_REVIEW'], to: 'DRAFT', by: ['provider'] },
  approve: { from: ['PENDING_REVIEW'], to: 'LISTED', by: ['reviewer'] },
  reject: { from: ['PENDING_REVIEW'], to: 'REJECTED', by: ['reviewer'] },
  delist: { from: ['LISTED'], to: 'DELISTED', by: ['provider', 'reviewer'] },
} as const satisfies Record<string, { from: readonly ProductStatus[]; to: ProductStatus; by: readonly ProductActor[] }>;
export type ProductAction = keyof typeof PRODUCT_TRANSITIONS;
export const PRODUCT_ACTIONS = Object.keys(PRODUCT_TRANSITIONS) as ProductAction[];
/** States in which the provider may edit; an edit moves the product back to DRAFT. */
export const PROVIDER_EDITABLE: readonly ProductStatus[] = ['DRAFT', 'REJECTED', 'DELISTED'];
/** A draft (never listed) may be deleted by its provider. */
export const PROVIDER_REMOVABLE: readonly ProductStatus[] = ['DRAFT', 'REJECTED'];
/**
 * What a back-office user may do to a product, in the order screens show it: the transitions of their role, edit
 * (save) and remove. The back office's rows and details carry the ones the server allows their viewer now.
 */
export const PRODUCT_USER_ACTIONS = ['submit', 'withdraw', 'approve', 'reject', 'delist', 'edit', 'remove'] as const;
export const ZProductUserAction = z.enum(PRODUCT_USER_ACTIONS);
export type ProductUserAction = z.infer<typeof ZProductUserAction>;

export const LOAN_TYPES = ['CREDIT', 'MORTGAGE', 'PLEDGE', 'GUARANTEE'] as const;
/**
 * Policy programmes a product may belong to (products.policy; none: null). CYDBD: 创业担保贷, entrepreneurship
 * guarantee loans followed by the HR bureau (RENSHEJUE); a demand posted through such a product is counted in the
 * 创业担保贷 figures (docs/statistics.md "创业担保贷").
 */
export const PRODUCT_POLICIES = ['CYDBD'] as const;
export const ZProductPolicy = z.enum(PRODUCT_POLICIES);
export type ProductPolicy = z.infer<typeof ZProductPolicy>;
export const ZLoanType = z.enum(LOAN_TYPES);
export type LoanType = z.infer<typeof ZLoanType>;

export const GUARANTEE_METHODS = ['CREDIT', 'MORTGAGE', 'PLEDGE', 'GUARANTOR', 'GUARANTEE_COMPANY'] as const;
export const ZGuaranteeMethod = z.enum(GUARANTEE_METHODS);
export type GuaranteeMethod = z.infer<typeof ZGuaranteeMethod>;

export const CUSTOMER_TYPES = ['PERSON', 'ENTERPRISE', 'FARMER', 'NEW_AGRI_ENTITY'] as const;
export const ZCustomerType = z.enum(CUSTOMER_TYPES);
export type CustomerType = z.infer<typeof ZCustomerType>;

export const INDUSTRIES = [
  'AGRICULTURE',
  'FORESTRY_ANIMAL',
  'AGRI_PROCESSING',
  'MANUFACTURING',
  'WHOLESALE_RETAIL',
  'TOURISM_CATERING',
  'LOGISTICS',
  'TECH',
  'CONSTRUCTION',
  'SERVICES',
  'OTHER',
] as const;
export const ZIndustry = z.enum(INDUSTRIES);
export type Industry = z.infer<typeof ZIndustry>;

const ZRegionCode = z.string().regex(/^\d{6}$/);

/** What a borrower sees on a card of the supermarket. */
export const ZProductCard = z.object({
  id: z.number().int(),
  kind: ZProductKind,
  name: z.string(),
  orgId: z.number().int(),
  /** The providing unit (a branch, say). */
  orgName: z.string(),
  /** The head office of the providing unit (for a guarantee service: the guarantee company): the `bankId` filter. */
  bankId: z.number().int(),
  /** Full name of the head office: the key of the bank-logo map (SPEC section 3). */
  bankName: z.string(),
  loanType: ZLoanType,
  guaranteeMethods: z.array(ZGuaranteeMethod),
  amountMin: z.number(),
  amountMax: z.number(),
  termMin: z.number().int(),
  termMax: z.number().int(),
  rateMin: z.number(),
  rateMax: z.number(),
  customerTypes: z.array(ZCustomerType),
  industries: z.array(ZIndustry),
  regionCodes: z.array(z.string()),
  industrialChainIds: z.array(z.number().int()),
  /** Short selling points, one per line. */
  features: z.string(),
  /** The product's own logo (its uploaded image's view link), or null: screens then draw the bank's badge. */
  logo: z.string().nullable(),
  views: z.number().int(),
  applications: z.number().int(),
  grants: z.number().int(),
  listedAt: z.string().nullable(),
});
export type ProductCard = z.infer<typeof ZProductCard>;

/** One row of a product's history: who did what, when, from which state to which (and why, for a rejection). */
export const ZProductHistoryEntry = z.object({
  /** `create`, `save` (an edit), or an action of PRODUCT_TRANSITIONS. */
  action: z.string(),
  fromStatus: ZProductStatus.nullable(),
  toStatus: ZProductStatus,
  reason: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export type ProductHistoryEntry = z.infer<typeof ZProductHistoryEntry>;

export const ZProductDetail = ZProductCard.extend({
  /** The logo's file (a PUBLIC image), which the form sends back; `logo` is its view link. */
  logoFileId: z.string().nullable(),
  conditions: z.string(),
  materials: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  status: ZProductStatus,
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  /** Who last decided on it as the operator (approved, rejected or delisted it), and when (back office only; null on the portal). */
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** The policy programme it belongs to (PRODUCT_POLICIES), or null. */
  policy: ZProductPolicy.nullable(),
  /** Every change of the product, oldest first (back-office detail only). */
  history: z.array(ZProductHistoryEntry).optional(),
  /**
   * The back office's viewer's allowed actions now (PRODUCT_USER_ACTIONS order), from the rule that checks each
   * request; absent on the portal. Screens show exactly these.
   */
  actions: z.array(ZProductUserAction).optional(),
  /**
   * With `actions`: whether this viewer's save moves the product back to draft (a provider's edit of a rejected or
   * delisted product takes it off review or the shelf until submitted again); the edit button and the form warn first.
   */
  editReturnsToDraft: z.boolean().optional(),
});
export type ProductDetail = z.infer<typeof ZProductDetail>;

/** The fields a provider fills in (create or edit). */
export const PRODUCT_FIELDS = {
  kind: ZProductKind.default('LOAN'),
  name: z.string().trim().min(2, '产品名称至少2个字').max(40),
  loanType: ZLoanType,
  guaranteeMethods: z.array(ZGuaranteeMethod).min(1, '请选择担保方式').max(5),
  amountMin: ZAmount,
  amountMax: ZAmount,
  termMin: ZTerm,
  termMax: ZTerm,
  rateMin: ZRate,
  rateMax: ZRate,
  customerTypes: z.array(ZCustomerType).min(1, '请选择适用客户').max(4),
  /** Empty: the product serves every industry. */
  industries: z.array(ZIndustry).max(INDUSTRIES.length).default([]),
  regionCodes: z.array(ZRegionCode).min(1, '请选择服务地区').max(20),
  /**
   * Empty: not tied to a chain (chain pages show only the products that name their chain). Each must be an active
   * chain (any one: PRODUCT.md sections 5 and 7 make the tie a product field, checked by the operator's review).
   */
  industrialChainIds: z.array(ZId).max(20).default([]),
  features: z.string().trim().min(1, '请填写产品特色').max(500),
  conditions: z.string().trim().min(1, '请填写申请条件').max(2000),
  materials: z.string().trim().min(1, '请填写所需材料').max(2000),
  contactName: z.string().trim().min(1, '请填写联系人').max(20),
  contactPhone: z.string().trim().regex(CONTACT_PHONE_RE, '联系电话格式不正确'),
  /** A PUBLIC image uploaded by the provider (/zscms/files/upload.json?visibility=PUBLIC), or null: the bank's badge. */
  logoFileId: ZFileId.nullable().default(null),
  /**
   * The policy programme the provider declares the product part of (CYDBD: 创业担保贷), checked by the operator's
   * review like every field; null: none. Demands posted through it count in that programme's figures.
   */
  policy: ZProductPolicy.nullable().default(null),
};

type Ranges = {
  amountMin: number;
  amountMax: number;
  termMin: number;
  termMax: number;
  rateMin: number;
  rateMax: number;
};
/** Each range's upper bound is not below its lower bound. */
export function withRangeChecks<T extends z.ZodType<Ranges>>(schema: T) {
  return schema
    .refine((p) => p.amountMax >= p.amountMin, { message: '额度上限不能小于下限', path: ['amountMax'] })
    .refine((p) => p.termMax >= p.termMin, { message: '期限上限不能小于下限', path: ['termMax'] })
    .refine((p) => p.rateMax >= p.rateMin, { message: '利率上限不能小于下限', path: ['rateMax'] });
}
