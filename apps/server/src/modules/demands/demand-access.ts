import { DEMAND_TRANSITIONS, DEMAND_USER_ACTIONS, type DemandAction, type DemandActor, type DemandStatus, type DemandUserAction } from '@phjr/contract/demands/demand';
import type { DbOrTx } from '../../db/client.ts';
import { NO_READ_CACHE, type ReadCache } from '../../db/read-cache.ts';
import { supervisedDistricts } from '../../lib/district-scope.ts';
import { AppError, type Refusal } from '../../lib/errors.ts';
import { subtreeIds } from '../orgs/orgs.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { actingUserId } from '../auth/certification.ts';
import * as repo from './demands.repo.ts';
import type { FilterInput } from './demands.service.ts';

/**
 * Who sees and moves which demand (PRODUCT.md sections 3 and 6). A viewer may be several things at once (the
 * operator holds every permission, so it is also a city-level supervisor); each part comes from a permission AND
 * the kind of the account's organisation, so holding a permission alone never opens another bank's demands.
 */
export interface BankViewer {
  orgId: number;
  /** The unit and every unit below it. */
  units: number[];
  headId: number;
  isHead: boolean;
  /** The unit's region; a city-level unit serves every district. */
  regionCode: string;
  cityWide: boolean;
}

export interface Viewer {
  session: SessionContext;
  /** The account whose demands these are (an enterprise sub-account acts for its main account). */
  applicantId: number | null;
  bank: BankViewer | null;
  guaranteeOrgId: number | null;
  /** Regions a supervisor oversees: null for the whole city; undefined for a viewer who supervises nothing. */
  supervised: string[] | null | undefined;
  operator: boolean;
}

const APPLICANT_ACCOUNTS = ['PERSON', 'ENTERPRISE'];

/**
 * The viewer behind a session. The bank unit's subtree and head and whether the region is the whole city come with
 * the session (its one statement: auth.repo.ts findSessionByToken), so a list call costs the session and the list
 * statement alone.
 */
export function viewerFrom(s: SessionContext): Viewer {
  const has = (p: Parameters<typeof s.permissions.has>[0]) => s.permissions.has(p);
  const tree = has('demand:handle') && s.classifiedType === 'BANK' && s.orgId !== null && s.orgTree && s.orgTree.units.length > 0 ? s.orgTree : null;
  return {
    session: s,
    // demand:view reads the same demands as demand:apply; acting on them (posting, withdrawing) needs demand:apply.
    applicantId: (has('demand:apply') || has('demand:view')) && APPLICANT_ACCOUNTS.includes(s.accountType) ? actingUserId(s) : null,
    bank: tree
      ? { orgId: s.orgId!, units: tree.units, headId: tree.headId, isHead: tree.headId === s.orgId, regionCode: tree.regionCode ?? '', cityWide: tree.cityWide }
      : null,
    guaranteeOrgId: has('demand:guarantee') && s.classifiedType === 'GUARANTEE' ? s.orgId : null,
    supervised: !has('demand:supervise') ? undefined : supervisedDistricts(s.regionCode, s.regionCode ? s.regionIsCity === true : false),
    operator: has('demand:manage'),
  };
}

type D = Pick<repo.DemandRow, 'type' | 'status' | 'regionCode' | 'applicantUserId' | 'bankOrgId' | 'ownerOrgId' | 'guaranteeOrgId'>;

/** The public pool: pending, no bank in charge, not a guarantee demand. */
export const inPool = (d: D) => d.status === 'PENDING' && d.bankOrgId === null && d.type !== 'GUARANTEE';

/** Whether a bank unit serves a demand's region (its district, or the whole city). */
export const serves = (b: BankViewer, regionCode: string) => b.cityWide || b.regionCode === regionCode;

/** The bank in charge of the demand is this viewer's unit or one below it. */
const inCharge = (v: Viewer, d: D) => !!v.bank && d.bankOrgId !== null && v.bank.units.includes(d.bankOrgId);

export function canSee(v: Viewer, d: D): boolean {
  return v.operator || actorsOf(v, d).size > 0;
}

/** The roles of DEMAND_TRANSITIONS' `by` this viewer holds on this demand now. */
export function actorsOf(v: Viewer, d: D): Set<DemandActor> {
  const a = new Set<DemandActor>();
  if (v.applicantId !== null && d.applicantUserId === v.applicantId) a.add('applicant');
  if (inCharge(v, d)) a.add(d.ownerOrgId !== null ? 'owner-bank' : 'target-bank');
  if (v.bank && inPool(d) && serves(v.bank, d.regionCode)) a.add('region-bank');
  if (v.guaranteeOrgId !== null && d.guaranteeOrgId === v.guaranteeOrgId) a.add('guarantee');
  if (v.supervised !== undefined && (v.supervised === null || v.supervised.includes(d.regionCode))) a.add('supervisor');
  return a;
}

/** States in which a demand waits on an institution, which an urge (督办) can reach. */
export const URGEABLE: readonly DemandStatus[] = ['PENDING', 'ACCEPTED', 'GUARANTEE_ACCEPTED', 'GUARANTEED'];

/** The organisation handling the demand now: the bank in charge, or the guarantee company while it has it. */
export function handlerOrg(d: Pick<repo.DemandRow, 'type' | 'status' | 'bankOrgId' | 'guaranteeOrgId'>): number | null {
  if (d.bankOrgId !== null) return d.bankOrgId;
  if (d.type === 'GUARANTEE' && ['PENDING', 'GUARANTEE_ACCEPTED', 'GUARANTEED'].includes(d.status)) return d.guaranteeOrgId;
  return null;
}

/** What the rules of a user's action read of a demand: a list row carries all of it, so a page costs no extra query. */
export type DemandFacts = D & { dueAt: Date | null };

// The refusals, made once: refusalOf answers for every verb of every list row, and only a thrown one becomes an error.
const BAD_STATE: Refusal = () => new AppError('DEMAND_BAD_STATE');
const FORBIDDEN: Refusal = () => new AppError('DEMAND_ACTION_FORBIDDEN');
const NO_UNIT_BELOW: Refusal = () => new AppError('DEMAND_TARGET_INVALID', '只能分派给本机构或下属机构');
const DEADLINE_PASSED: Refusal = () => new AppError('DEMAND_DEADLINE_PASSED');
const NOT_OVERDUE: Refusal = () => new AppError('DEMAND_NOT_OVERDUE');

/** A rule of a transition beyond the table (deadlines), for users and the system alike; null when none refuses it. */
export function deadlineRefusal(action: DemandAction, d: Pick<DemandFacts, 'status' | 'dueAt'>, now: Date): Refusal | null {
  if (action === 'accept' && d.dueAt !== null && d.dueAt <= now) return DEADLINE_PASSED;
  if (action === 'reassign' && d.status === 'PENDING' && !(d.dueAt !== null && d.dueAt < now)) return NOT_OVERDUE;
  return null;
}

/**
 * Why this viewer may not do `verb` to a demand (it can see) now, or null when they may. The one rule behind both the
 * `actions` of list rows and details and the check of each request, so a screen offers exactly what the server takes.
 * Request parameters (the branch dispatched to, the grant's figures) are checked by the action itself.
 */
export function refusalOf(v: Viewer, d: DemandFacts, verb: DemandUserAction, now: Date): Refusal | null {
  return refusalAs(actingRoles(v, d), v, d, verb, now);
}

/** The roles the viewer may act in on the demand (actorsOf less the applicant of a view-only account). */
function actingRoles(v: Viewer, d: DemandFacts): Set<DemandActor> {
  const actors = actorsOf(v, d);
  // A view-only account (demand:view) sees its enterprise's demands but acts on none of them.
  if (!v.session.permissions.has('demand:apply')) actors.delete('applicant');
  return actors;
}

/** refusalOf with the viewer's acting roles on the demand already known (a row's actions ask for every verb). */
function refusalAs(actors: Set<DemandActor>, v: Viewer, d: DemandFacts, verb: DemandUserAction, now: Date): Refusal | null {
  if (verb === 'dispatch') {
    if (!(d.status === 'PENDING' || d.status === 'ACCEPTED') || d.bankOrgId === null) return BAD_STATE;
    if (!v.bank || !v.bank.units.includes(d.bankOrgId)) return FORBIDDEN;
    // A unit without units below it has nowhere to send the demand.
    if (v.bank.units.length < 2) return NO_UNIT_BELOW;
    return null;
  }
  if (verb === 'urge') {
    if (!actors.has('supervisor')) return FORBIDDEN;
    if (!URGEABLE.includes(d.status as DemandStatus) || handlerOrg(d) === null) return BAD_STATE;
    return null;
  }
  const rule = DEMAND_TRANSITIONS[verb];
  if (!(rule.types as readonly string[]).includes(d.type) || !(rule.from as readonly string[]).includes(d.status)) return BAD_STATE;
  if (!(rule.by as readonly DemandActor[]).some((a) => a !== 'system' && actors.has(a))) return FORBIDDEN;
  return deadlineRefusal(verb, d, now);
}

/** The verbs this viewer may do to the demand now (DEMAND_USER_ACTIONS order). */
export function actionsFor(v: Viewer, d: DemandFacts, now: Date): DemandUserAction[] {
  const actors = actingRoles(v, d);
  return DEMAND_USER_ACTIONS.filter((a) => refusalAs(actors, v, d, a, now) === null);
}

export type ListKind = 'my' | 'bank-pool' | 'bank-mine' | 'guarantee' | 'supervise' | 'operate';
export type OperateView = 'public' | 'assigned' | 'guarantee' | 'makeup';

const VIEWS: Record<OperateView, Pick<repo.Scope, 'types' | 'source'>> = {
  public: { types: ['PUBLIC'], source: 'APPLICANT' },
  assigned: { types: ['ORIENTATION'], source: 'APPLICANT' },
  guarantee: { types: ['GUARANTEE'], source: 'APPLICANT' },
  makeup: { source: 'MAKEUP' },
};

/** The rows a list may show this viewer; a viewer who is not of the list's kind gets an empty list. */
export function scopeOf(v: Viewer, kind: ListKind, view: OperateView = 'public'): repo.Scope {
  switch (kind) {
    case 'my':
      return v.applicantId !== null ? { applicantUserId: v.applicantId } : { none: true };
    case 'bank-pool':
      return v.bank ? { pool: true, ...(v.bank.cityWide ? {} : { regionCodes: [v.bank.regionCode] }) } : { none: true };
    case 'bank-mine':
      return v.bank ? { ...(v.bank.isHead ? { bankId: v.bank.headId } : {}), bankOrgIds: v.bank.units } : { none: true };
    case 'guarantee':
      return v.guaranteeOrgId !== null ? { guaranteeOrgId: v.guaranteeOrgId } : { none: true };
    case 'supervise':
      return v.supervised === undefined ? { none: true } : v.supervised === null ? {} : { regionCodes: v.supervised };
    case 'operate':
      return v.operator ? VIEWS[view] : { none: true };
  }
}

/**
 * What a list call of `kind` reads: the viewer, the rows its list may show, and the filter with a bank filter (a head
 * office) widened to its units for the kept counts. Lists and their Excel twins both start here.
 */
export async function listOf(db: DbOrTx, s: SessionContext, kind: ListKind, view: OperateView | undefined, f: FilterInput, cache: ReadCache = NO_READ_CACHE) {
  const viewer = viewerFrom(s);
  const bankUnitIds = f.bankId ? await cache.get(`demands:units:${f.bankId}`, () => subtreeIds(db, f.bankId!)) : undefined;
  const filter: repo.Filter = { ...f, bankUnitIds };
  return { viewer, scope: scopeOf(viewer, kind, view), filter };
}
