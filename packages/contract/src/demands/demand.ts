import { z } from 'zod';
import { ZCustomerType, ZGuaranteeMethod, ZIndustry } from '../products/product.ts';
import { ZProductLimits } from './product-limits.ts';

/**
 * Financing demands (PRODUCT.md section 6). Amounts in 万元, terms in months, rates in % a year, dates YYYY-MM-DD
 * (Asia/Shanghai), instants ISO.
 */
export const DEMAND_TYPES = ['PUBLIC', 'ORIENTATION', 'GUARANTEE'] as const;
export const ZDemandType = z.enum(DEMAND_TYPES);
export type DemandType = z.infer<typeof ZDemandType>;

export const DEMAND_STATUSES = [
  'PENDING',
  'ACCEPTED',
  'GRANTED',
  'REJECTED',
  'WITHDRAWN',
  'EXPIRED',
  'GUARANTEE_ACCEPTED',
  'GUARANTEED',
] as const;
export const ZDemandStatus = z.enum(DEMAND_STATUSES);
export type DemandStatus = z.infer<typeof ZDemandStatus>;

/** Where a demand came from: posted by its applicant, or recorded by the operator (补录, makeup). */
export const DEMAND_SOURCES = ['APPLICANT', 'MAKEUP'] as const;
export type DemandSource = (typeof DEMAND_SOURCES)[number];

/** Who acts on a demand. `owner-bank`: the bank (unit) that owns it; `region-bank`: any bank serving its region. */
export type DemandActor =
  'applicant' | 'owner-bank' | 'region-bank' | 'target-bank' | 'guarantee' | 'supervisor' | 'system';

/**
 * The state machine as data (PRODUCT.md section 6): action → allowed source states, target state, who, and for
 * which demand types. Every transition writes one history row and notifies the applicant, in one transaction.
 * Dispatching to a branch and urging (督办) change no state and are not in this table.
 */
export const DEMAND_TRANSITIONS = {
  /** A bank takes it: PUBLIC by any bank of the region (first wins), ORIENTATION by its target bank. */
  accept: { from: ['PENDING'], to: 'ACCEPTED', by: ['region-bank', 'target-bank'], types: ['PUBLIC', 'ORIENTATION'] },
  grant: { from: ['ACCEPTED'], to: 'GRANTED', by: ['owner-bank'], types: DEMAND_TYPES },
  reject: { from: ['ACCEPTED'], to: 'REJECTED', by: ['owner-bank'], types: DEMAND_TYPES },
  withdraw: {
    from: ['PENDING', 'ACCEPTED', 'GUARANTEE_ACCEPTED'],
    to: 'WITHDRAWN',
    by: ['applicant'],
    types: DEMAND_TYPES,
  },
  /** The acceptance deadline passed without acceptance. */
  expire: { from: ['PENDING'], to: 'EXPIRED', by: ['system'], types: DEMAND_TYPES },
  /** A supervisor gives an expired (or overdue pending) demand to one bank, with a new deadline. */
  reassign: { from: ['EXPIRED', 'PENDING'], to: 'PENDING', by: ['supervisor'], types: ['PUBLIC', 'ORIENTATION'] },
  /** An expired orientation demand goes to the public pool of its region, with a new deadline. */
  returnToPool: { from: ['EXPIRED'], to: 'PENDING', by: ['supervisor', 'system'], types: ['ORIENTATION'] },
  guaranteeAccept: { from: ['PENDING'], to: 'GUARANTEE_ACCEPTED', by: ['guarantee'], types: ['GUARANTEE'] },
  guaranteeReject: { from: ['PENDING', 'GUARANTEE_ACCEPTED'], to: 'REJECTED', by: ['guarantee'], types: ['GUARANTEE'] },
  /** The guarantee company agrees to guarantee (amount guaranteed). */
  guarantee: { from: ['GUARANTEE_ACCEPTED'], to: 'GUARANTEED', by: ['guarantee'], types: ['GUARANTEE'] },
  /** The guarantee company hands the guaranteed demand to a bank it chooses: the bank owns it as ACCEPTED. */
  handToBank: { from: ['GUARANTEED'], to: 'ACCEPTED', by: ['guarantee'], types: ['GUARANTEE'] },
} as const satisfies Record<
  string,
  { from: readonly DemandStatus[]; to: DemandStatus; by: readonly DemandActor[]; types: readonly DemandType[] }
>;
export type DemandAction = keyof typeof DEMAND_TRANSITIONS;
export const DEMAND_ACTIONS = Object.keys(DEMAND_TRANSITIONS) as DemandAction[];
/**
 * What a user may do to a demand, in the order screens show it: the transitions but the system's `expire`, plus
 * dispatch (to a branch) and urge (督办). Each list row and detail carries the ones the server allows its viewer now.
 */
export const DEMAND_USER_ACTIONS = [
  'accept',
  'guaranteeAccept',
  'guarantee',
  'handToBank',
  'grant',
  'reject',
  'guaranteeReject',
  'dispatch',
  'reassign',
  'returnToPool',
  'urge',
  'withdraw',
] as const;
export const ZDemandUserAction = z.enum(DEMAND_USER_ACTIONS);
export type DemandUserAction = z.infer<typeof ZDemandUserAction>;
/** States that end a demand. */
export const DEMAND_FINAL: readonly DemandStatus[] = ['GRANTED', 'REJECTED', 'WITHDRAWN'];

/** Coded reasons of a bank's or guarantee company's refusal (OTHER needs a text). */
export const REJECT_CODES = [
  'INSUFFICIENT_COLLATERAL',
  'CREDIT_RECORD',
  'OUTSIDE_SCOPE',
  'UNREACHABLE',
  'OTHER',
] as const;
export const ZRejectCode = z.enum(REJECT_CODES);
export type RejectCode = z.infer<typeof ZRejectCode>;

export const ZDemandHistory = z.object({
  id: z.number().int(),
  at: z.string(),
  /** A DemandAction, or `create`, `dispatch`, `urge`, `warn`. */
  action: z.string(),
  fromStatus: ZDemandStatus.nullable(),
  toStatus: ZDemandStatus.nullable(),
  /** Who: a user's name and organisation, or null for the system. */
  actorName: z.string().nullable(),
  actorOrgName: z.string().nullable(),
  reason: z.string().nullable(),
});
export type DemandHistory = z.infer<typeof ZDemandHistory>;

/** A list row. Phone numbers are masked unless the viewer owns or handles the demand. */
export const ZDemandSummary = z.object({
  id: z.number().int(),
  /** Display number, e.g. XQ202611230001. */
  code: z.string(),
  type: ZDemandType,
  status: ZDemandStatus,
  source: z.enum(DEMAND_SOURCES),
  applicantName: z.string(),
  applicantType: ZCustomerType,
  regionCode: z.string(),
  regionName: z.string().nullable(),
  amount: z.number(),
  term: z.number().int(),
  guaranteeMethod: ZGuaranteeMethod,
  industry: ZIndustry,
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  /** The bank or guarantee company it is addressed to (ORIENTATION, GUARANTEE). */
  targetOrgId: z.number().int().nullable(),
  targetOrgName: z.string().nullable(),
  /** The bank unit that owns it once accepted (or handed over by the guarantee company). */
  ownerOrgId: z.number().int().nullable(),
  ownerOrgName: z.string().nullable(),
  guaranteeOrgName: z.string().nullable(),
  createdAt: z.string(),
  /** The deadline running now: acceptance while PENDING, decision while ACCEPTED; null otherwise. */
  deadline: z.string().nullable(),
  overdue: z.boolean(),
  grantedAmount: z.number().nullable(),
  grantedAt: z.string().nullable(),
  /**
   * The actions the viewer may take now (DEMAND_USER_ACTIONS order), computed by the server from the same rule that
   * checks each request: screens show exactly these and derive none themselves.
   */
  actions: z.array(ZDemandUserAction),
});
export type DemandSummary = z.infer<typeof ZDemandSummary>;

export const ZDemandDetail = ZDemandSummary.extend({
  purpose: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  creditCode: z.string().nullable(),
  attachments: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
  consent: z.object({ agreed: z.boolean(), at: z.string().nullable(), institution: z.string().nullable() }),
  acceptDeadline: z.string().nullable(),
  decideDeadline: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  grantedRate: z.number().nullable(),
  grantedTerm: z.number().int().nullable(),
  guaranteedAmount: z.number().nullable(),
  /** The guarantee issued (guarantee-terms.ts): fee rate % a year, term in months, contract number and its days. */
  guaranteeFeeRate: z.number().nullable(),
  guaranteeTerm: z.number().int().nullable(),
  guaranteeContractNo: z.string().nullable(),
  guaranteeSignedAt: z.string().nullable(),
  guaranteeStartDate: z.string().nullable(),
  guaranteeEndDate: z.string().nullable(),
  /** The ranges of the product applied for (null without one): the grant form warns outside them. */
  productLimits: ZProductLimits.nullable(),
  rejectCode: ZRejectCode.nullable(),
  rejectReason: z.string().nullable(),
  withdrawReason: z.string().nullable(),
  urgeCount: z.number().int(),
  history: z.array(ZDemandHistory),
});
export type DemandDetail = z.infer<typeof ZDemandDetail>;
