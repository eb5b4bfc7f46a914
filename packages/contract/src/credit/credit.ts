import { z } from 'zod';
import { ZDay, ZId, ZIdText } from '../bounds.ts';
import { ZPageQuery, page } from '../envelope.ts';
import { sortShape } from '../list-sort.ts';
import { isValidCreditCode } from '../orgs/credit-code.ts';
import { shanghaiDay } from '../system/shanghai-time.ts';

/**
 * Credit queries with consent (PRODUCT.md section 10, docs/credit.md). Subjects are enterprises, keyed by their
 * unified social credit code. Anyone reads an enterprise's public record; an institution (bank or guarantee company)
 * reads the full record only under a live consent the enterprise gave it for a purpose; every institutional query is
 * logged, refused ones too. Days are YYYY-MM-DD in Beijing time; amounts in 万元.
 */

/** Why an institution queries (the consent names one). */
export const CREDIT_PURPOSES = ['LOAN_APPROVAL', 'POST_LOAN', 'GUARANTEE', 'CREDIT_LIMIT'] as const;
export const ZCreditPurpose = z.enum(CREDIT_PURPOSES, { error: '请选择查询用途' });
export type CreditPurpose = z.infer<typeof ZCreditPurpose>;

/** Where a consent came from: the enterprise's own credit page, or the posting / acceptance of a demand. */
export const CONSENT_SOURCES = ['SELF', 'DEMAND'] as const;
export const ZConsentSource = z.enum(CONSENT_SOURCES);
export type ConsentSource = z.infer<typeof ZConsentSource>;

/** A consent's state on a Beijing day: computed, never stored (revoked_at and the expiry day are). */
export const CONSENT_STATES = ['LIVE', 'EXPIRED', 'REVOKED'] as const;
export const ZConsentState = z.enum(CONSENT_STATES);
export type ConsentState = z.infer<typeof ZConsentState>;

/** What came of an institutional query. */
export const CREDIT_QUERY_OUTCOMES = ['SHOWN', 'REFUSED'] as const;
export const ZCreditQueryOutcome = z.enum(CREDIT_QUERY_OUTCOMES);
export type CreditQueryOutcome = z.infer<typeof ZCreditQueryOutcome>;

/**
 * The groups of fields a full record shows (the log keeps which were shown): registry particulars with contact,
 * demands, loans granted (with amounts), industrial-chain memberships, farmer-data membership, shelter cases.
 */
export const CREDIT_FIELD_GROUPS = ['REGISTRY', 'CONTACT', 'DEMANDS', 'LOANS', 'CHAINS', 'FARMER', 'SHELTER'] as const;
export const ZCreditFieldGroup = z.enum(CREDIT_FIELD_GROUPS);
export type CreditFieldGroup = z.infer<typeof ZCreditFieldGroup>;

/** A consent whose expiry is this many days away or fewer is flagged for the institution holding it. */
export const CONSENT_EXPIRING_SOON_DAYS = 30;
/** The public search: at least this many characters, at most this many rows a page. */
export const CREDIT_SEARCH_MIN_CHARS = 2;
export const CREDIT_SEARCH_MAX_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------------------------------
// Pure rules (both sides use them; the server decides)

/**
 * The latest expiry a consent given on `givenOn` may have: the same calendar day one year later (Beijing calendar),
 * Feb 29 giving Feb 28. So a consent lasts at most 365 days, or 366 when a Feb 29 falls in between (docs/credit.md).
 */
export function consentMaxExpiry(givenOn: string): string {
  const [y, m, d] = givenOn.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
  return `${y + 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The consent's state on Beijing day `today`: revoked first, then expired after its expiry day (inclusive). */
export function consentState(c: { revokedAt: string | Date | null; expiresOn: string }, today: string): ConsentState {
  if (c.revokedAt !== null) return 'REVOKED';
  return today > c.expiresOn ? 'EXPIRED' : 'LIVE';
}

/** Days from `today` to `day` (both YYYY-MM-DD). */
export function daysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** A live consent expiring within CONSENT_EXPIRING_SOON_DAYS days (today included). */
export function consentExpiringSoon(c: { revokedAt: string | Date | null; expiresOn: string }, today: string): boolean {
  return consentState(c, today) === 'LIVE' && daysBetween(today, c.expiresOn) <= CONSENT_EXPIRING_SOON_DAYS;
}

/** Today in Beijing. */
export const beijingToday = (now: Date = new Date()) => shanghaiDay(now.getTime());

// ---------------------------------------------------------------------------------------------------------------------
// The public record (portal search): registry facts public by law, and counts/names from the platform; never an
// amount, a phone, a contact or a demand's text.

/** A unified social credit code with a right check character (the search takes a code without checking it). */
export const ZCreditCodeText = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isValidCreditCode, '请输入正确的18位统一社会信用代码');

export const ZCreditRegistry = z.object({
  creditCode: z.string(),
  name: z.string(),
  legalRep: z.string().nullable(),
  /** 万元, as registered (public registry fact, not a platform amount). */
  registeredCapital: z.number().nullable(),
  establishedOn: z.string().nullable(),
  /** 存续, 在业, 注销… as the registry says. */
  status: z.string().nullable(),
  industry: z.string().nullable(),
  address: z.string().nullable(),
  businessScope: z.string().nullable(),
  regionCode: z.string().nullable(),
  regionName: z.string().nullable(),
});
export type CreditRegistry = z.infer<typeof ZCreditRegistry>;

/**
 * The public record (anyone: the portal search): the registry facts, whether the enterprise has an account, and a
 * recovered shelter case it made public. Never who lent to it, under which product or how often: PRODUCT.md section
 * 10 gives its loans only to the enterprise and the institutions it consented to (docs/credit.md "The public record").
 */
export const ZCreditPublicSubject = ZCreditRegistry.extend({
  /** The enterprise has an account on the platform. */
  onPlatform: z.boolean(),
  /** Shown only for a case closed as recovered whose enterprise agreed to make it public. */
  shelter: z.object({ status: z.literal('RECOVERED'), exitedOn: z.string().nullable() }).nullable(),
});
export type CreditPublicSubject = z.infer<typeof ZCreditPublicSubject>;

/** The subject as the full record shows it: the public record and its lending on the platform. */
export const ZCreditSubject = ZCreditPublicSubject.extend({
  /** Names of the loan products it was granted a loan under on the platform. */
  products: z.array(z.string()),
  /** Loans granted on the platform (a count). */
  loansGranted: z.number().int(),
});
export type CreditSubject = z.infer<typeof ZCreditSubject>;

/** GET /finance/credit/portal/search.json?keyword= : a name part or an exact credit code, at least 2 characters. */
export const ZCreditSearchQuery = z.object({
  keyword: z
    .string()
    .trim()
    .min(CREDIT_SEARCH_MIN_CHARS, `请至少输入${CREDIT_SEARCH_MIN_CHARS}个字`)
    .max(60, '关键词不超过60个字'),
  current: ZPageQuery.shape.current,
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(CREDIT_SEARCH_MAX_PAGE_SIZE, `每页最多${CREDIT_SEARCH_MAX_PAGE_SIZE}条`)
    .default(10),
});
export const ZCreditSearchPage = page(ZCreditPublicSubject);

// ---------------------------------------------------------------------------------------------------------------------
// The full record (the enterprise itself, or an institution under consent)

export const ZCreditReport = z.object({
  subject: ZCreditSubject,
  /** Registry particulars beyond the public ones: the enterprise account's contact (unmasked: the reader may see it). */
  contact: z
    .object({ accountName: z.string().nullable(), phone: z.string().nullable(), certified: z.boolean() })
    .nullable(),
  demands: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      type: z.string(),
      status: z.string(),
      amount: z.number(),
      term: z.number().int(),
      productName: z.string().nullable(),
      orgName: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  loans: z.array(
    z.object({
      source: z.enum(['DEMAND', 'CHAIN']),
      orgName: z.string().nullable(),
      productName: z.string().nullable(),
      /** 万元 */
      amount: z.number(),
      rate: z.number().nullable(),
      term: z.number().int().nullable(),
      grantedOn: z.string().nullable(),
    }),
  ),
  chains: z.array(z.object({ chainId: z.number().int(), chainName: z.string(), tier: z.string() })),
  /** The farmer-data entity whose credit code this is (a cooperative, a family farm…), when the platform holds one. */
  farmer: z
    .object({ entityType: z.string(), regionName: z.string().nullable(), rating: z.string().nullable() })
    .nullable(),
  /** The enterprise's shelter cases (all states, for the full record). */
  shelter: z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      appliedOn: z.string().nullable(),
      exitedOn: z.string().nullable(),
    }),
  ),
  /** What the log records as shown. */
  fieldGroups: z.array(ZCreditFieldGroup),
  /** The consent the query used (an institution's query), else null (the enterprise reading its own). */
  consentId: z.number().int().nullable(),
  /** The log row of this query, null for the enterprise's own reading. */
  queryId: z.number().int().nullable(),
});
export type CreditReport = z.infer<typeof ZCreditReport>;

/** GET /finance/credit/query.json?creditCode=&purpose= (an institution, under a live consent for the purpose). */
export const ZCreditQueryRequest = z.object({ creditCode: ZCreditCodeText, purpose: ZCreditPurpose });

/**
 * GET /finance/credit/query/suggest.json?keyword=: the type-ahead of an institution's query (issue 30). It reveals only
 * what the public search already does for anyone (the name and credit code of a registered enterprise), at least
 * CREDIT_SEARCH_MIN_CHARS characters, at most CREDIT_SUGGEST_LIMIT answers, CREDIT_SUGGESTS_PER_HOUR per user in any
 * rolling hour (429 RATE_LIMITED after: each is audited, `credit.suggest`). Picking one fills the query's credit code;
 * the query itself still needs the enterprise's live consent.
 */
export const CREDIT_SUGGEST_LIMIT = 10;
export const CREDIT_SUGGESTS_PER_HOUR = 300;
export const ZCreditSuggestQuery = z.object({
  keyword: z
    .string()
    .trim()
    .min(CREDIT_SEARCH_MIN_CHARS, `请至少输入${CREDIT_SEARCH_MIN_CHARS}个字`)
    .max(60, '关键词不超过60个字'),
});
export const ZCreditSuggestion = z.object({ name: z.string(), creditCode: z.string() });
export type CreditSuggestion = z.infer<typeof ZCreditSuggestion>;
/** GET /finance/credit/mine/report.json?creditCode= (the enterprise itself; a person acting for several names one). */
export const ZCreditMineQuery = z.object({ creditCode: ZCreditCodeText.optional() });

// ---------------------------------------------------------------------------------------------------------------------
// Consents

export const CONSENT_ACTIONS = ['revoke'] as const;
export const ZConsentAction = z.enum(CONSENT_ACTIONS);

export const ZCreditConsent = z.object({
  id: z.number().int(),
  subjectCreditCode: z.string(),
  subjectName: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
  orgType: z.string(),
  purpose: ZCreditPurpose,
  source: ZConsentSource,
  /** The demand that gave it (source DEMAND). */
  demandId: z.number().int().nullable(),
  demandCode: z.string().nullable(),
  givenOn: z.string(),
  expiresOn: z.string(),
  revokedAt: z.string().nullable(),
  state: ZConsentState,
  /** Live and expiring within CONSENT_EXPIRING_SOON_DAYS days. */
  expiringSoon: z.boolean(),
  daysLeft: z.number().int().nullable(),
  givenByName: z.string().nullable(),
  createdAt: z.string(),
  actions: z.array(ZConsentAction),
});
export type CreditConsent = z.infer<typeof ZCreditConsent>;

export const ZConsentPageQuery = ZPageQuery.extend({
  state: ZConsentState.optional(),
  purpose: ZCreditPurpose.optional(),
  /** Subject name part or credit code (institutions), institution name part (subjects). */
  keyword: z.string().trim().max(60).optional(),
  /** Institutions: only live consents expiring within CONSENT_EXPIRING_SOON_DAYS days. */
  expiringSoon: z.enum(['true']).optional(),
});
export const ZConsentPage = page(ZCreditConsent);

/** POST /finance/credit/consent/create.json: the enterprise (main account) consents to one institution. */
export const ZConsentCreateRequest = z.strictObject({
  orgId: ZId,
  purpose: ZCreditPurpose,
  /** At most consentMaxExpiry(today), at least today (CREDIT_CONSENT_EXPIRY on `expiresOn` otherwise). */
  expiresOn: ZDay,
  /** A person acting for several enterprises names which (its own enterprise otherwise). */
  creditCode: ZCreditCodeText.optional(),
});
export type ConsentCreateRequest = z.input<typeof ZConsentCreateRequest>;
export const ZConsentRevokeRequest = z.strictObject({ id: ZId });

/** An institution a consent may name (the consent form's picker). */
export const ZConsentInstitution = z.object({
  id: z.number().int(),
  name: z.string(),
  classifiedType: z.string(),
  level: z.string(),
  parentId: z.number().int().nullable(),
});

/** The subjects a session reads for (its enterprise; a person's related enterprises). */
export const ZCreditSubjects = z.object({
  /** ENTERPRISE (main account), ENTERPRISE_SUB (a sub-account), PERSON (acts for related enterprises), NONE. */
  kind: z.enum(['ENTERPRISE', 'ENTERPRISE_SUB', 'PERSON', 'NONE']),
  /** Only an enterprise main account gives and revokes consents. */
  canConsent: z.boolean(),
  subjects: z.array(z.object({ creditCode: z.string(), name: z.string() })),
});

// ---------------------------------------------------------------------------------------------------------------------
// The query log

export const ZCreditQueryLog = z.object({
  id: z.number().int(),
  at: z.string(),
  userName: z.string().nullable(),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  subjectCreditCode: z.string(),
  subjectName: z.string().nullable(),
  subjectRegionName: z.string().nullable(),
  purpose: ZCreditPurpose,
  consentId: z.number().int().nullable(),
  outcome: ZCreditQueryOutcome,
  fieldGroups: z.array(ZCreditFieldGroup),
});
export type CreditQueryLog = z.infer<typeof ZCreditQueryLog>;

/** The query log's sortable fields (list-sort.ts): the instant (newest first by default). */
export const CREDIT_LOG_SORT = ['at'] as const;

export const ZCreditLogFilter = z.object({
  ...sortShape(CREDIT_LOG_SORT),
  orgId: ZIdText.optional(),
  /** Subject name part or credit code. */
  keyword: z.string().trim().max(60).optional(),
  purpose: ZCreditPurpose.optional(),
  outcome: ZCreditQueryOutcome.optional(),
  /** Beijing days, inclusive. */
  from: ZDay.optional(),
  to: ZDay.optional(),
});
export const ZCreditLogPageQuery = ZPageQuery.extend(ZCreditLogFilter.shape);
export const ZCreditLogPage = page(ZCreditQueryLog);

/** Figures of the query log (docs/statistics.md, "Credit queries"): kept by the writes, per day, institution, purpose, outcome. */
export const ZCreditFigures = z.object({
  total: z.number().int(),
  shown: z.number().int(),
  refused: z.number().int(),
  byOrg: z.array(
    z.object({ orgId: z.number().int(), orgName: z.string(), total: z.number().int(), refused: z.number().int() }),
  ),
  byPurpose: z.array(z.object({ purpose: ZCreditPurpose, total: z.number().int(), refused: z.number().int() })),
  byDay: z.array(z.object({ day: z.string(), total: z.number().int(), refused: z.number().int() })),
});
export type CreditFigures = z.infer<typeof ZCreditFigures>;
export const ZCreditFiguresQuery = z.object({ from: ZDay.optional(), to: ZDay.optional() });
