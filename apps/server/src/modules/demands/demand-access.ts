import {
  DEMAND_STATUSES,
  DEMAND_TRANSITIONS,
  DEMAND_TYPES,
  DEMAND_USER_ACTIONS,
  type DemandAction,
  type DemandActor,
  type DemandStatus,
  type DemandType,
  type DemandUserAction,
} from '@phjr/contract/demands/demand';
import { sortOf } from '@phjr/contract/list-sort';
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
  const perms = s.permissions;
  const tree =
    perms.has('demand:handle') &&
    s.classifiedType === 'BANK' &&
    s.orgId !== null &&
    s.orgTree &&
    s.orgTree.units.length > 0
      ? s.orgTree
      : null;
  return {
    session: s,
    // demand:view reads the same demands as demand:apply; acting on them (posting, withdrawing) needs demand:apply.
    applicantId:
      (perms.has('demand:apply') || perms.has('demand:view')) && APPLICANT_ACCOUNTS.includes(s.accountType)
        ? actingUserId(s)
        : null,
    bank: tree
      ? {
          orgId: s.orgId!,
          units: tree.units,
          headId: tree.headId,
          isHead: tree.headId === s.orgId,
          regionCode: tree.regionCode ?? '',
          cityWide: tree.cityWide,
        }
      : null,
    guaranteeOrgId: perms.has('demand:guarantee') && s.classifiedType === 'GUARANTEE' ? s.orgId : null,
    supervised: !perms.has('demand:supervise')
      ? undefined
      : supervisedDistricts(s.regionCode, s.regionCode ? s.regionIsCity === true : false),
    operator: perms.has('demand:manage'),
  };
}

type D = Pick<
  repo.DemandRow,
  'type' | 'status' | 'regionCode' | 'applicantUserId' | 'bankOrgId' | 'ownerOrgId' | 'guaranteeOrgId'
>;

/** The public pool: pending, no bank in charge, not a guarantee demand. */
export const inPool = (d: D) => d.status === 'PENDING' && d.bankOrgId === null && d.type !== 'GUARANTEE';

/** Whether a bank unit serves a demand's region (its district, or the whole city). */
export const serves = (b: BankViewer, regionCode: string) => b.cityWide || b.regionCode === regionCode;

/** The bank in charge of the demand is this viewer's unit or one below it. */
const inCharge = (v: Viewer, d: D) => !!v.bank && d.bankOrgId !== null && v.bank.units.includes(d.bankOrgId);

export function canSee(v: Viewer, d: D): boolean {
  return v.operator || rolesOf(v, d) !== 0;
}

/** One bit per role of DEMAND_TRANSITIONS' `by`: a list row's roles are a number, not a Set (a page asks for each row). */
const ROLE: Record<DemandActor, number> = {
  applicant: 1,
  'owner-bank': 2,
  'target-bank': 4,
  'region-bank': 8,
  guarantee: 16,
  supervisor: 32,
  system: 64,
};
const ROLES = Object.keys(ROLE) as DemandActor[];
const rolesIn = (actors: readonly DemandActor[]) => actors.reduce((bits, a) => bits | ROLE[a], 0);

/** The roles of DEMAND_TRANSITIONS' `by` this viewer holds on this demand now. */
export function actorsOf(v: Viewer, d: D): Set<DemandActor> {
  const bits = rolesOf(v, d);
  return new Set(ROLES.filter((a) => (bits & ROLE[a]) !== 0));
}

/** actorsOf as bits. */
function rolesOf(v: Viewer, d: D): number {
  let bits = 0;
  if (v.applicantId !== null && d.applicantUserId === v.applicantId) bits |= ROLE.applicant;
  if (inCharge(v, d)) bits |= d.ownerOrgId !== null ? ROLE['owner-bank'] : ROLE['target-bank'];
  if (v.bank && inPool(d) && serves(v.bank, d.regionCode)) bits |= ROLE['region-bank'];
  if (v.guaranteeOrgId !== null && d.guaranteeOrgId === v.guaranteeOrgId) bits |= ROLE.guarantee;
  if (v.supervised !== undefined && (v.supervised === null || v.supervised.includes(d.regionCode)))
    bits |= ROLE.supervisor;
  return bits;
}

/** States in which a demand waits on an institution, which an urge (督办) can reach. */
export const URGEABLE: readonly DemandStatus[] = ['PENDING', 'ACCEPTED', 'GUARANTEE_ACCEPTED', 'GUARANTEED'];

/** The organisation handling the demand now: the bank in charge, or the guarantee company while it has it. */
export function handlerOrg(d: Pick<repo.DemandRow, 'type' | 'status' | 'bankOrgId' | 'guaranteeOrgId'>): number | null {
  if (d.bankOrgId !== null) return d.bankOrgId;
  if (d.type === 'GUARANTEE' && ['PENDING', 'GUARANTEE_ACCEPTED', 'GUARANTEED'].includes(d.status))
    return d.guaranteeOrgId;
  return null;
}

/** What the rules of a user's action read of a demand: a list row carries all of it, so a page costs no extra query. */
export type DemandFacts = D & { dueAt: Date | null };
/** The same with the deadline in epoch ms, as a list row has it. */
export type DemandRowFacts = D & { dueAtMs: number | null };

// The refusals, made once: refusalOf answers for every verb of every list row, and only a thrown one becomes an error.
const BAD_STATE: Refusal = () => new AppError('DEMAND_BAD_STATE');
const FORBIDDEN: Refusal = () => new AppError('DEMAND_ACTION_FORBIDDEN');
const NO_UNIT_BELOW: Refusal = () => new AppError('DEMAND_TARGET_INVALID', '只能分派给本机构或下属机构');
const DEADLINE_PASSED: Refusal = () => new AppError('DEMAND_DEADLINE_PASSED');
const NOT_OVERDUE: Refusal = () => new AppError('DEMAND_NOT_OVERDUE');

/** Where the running deadline stands at the instant of the question. */
const Due = { NONE: 0, PASSED: 1, NOW: 2, AHEAD: 3 } as const;
type Due = (typeof Due)[keyof typeof Due];
const dueState = (dueAtMs: number | null, nowMs: number): Due =>
  dueAtMs === null ? Due.NONE : dueAtMs < nowMs ? Due.PASSED : dueAtMs === nowMs ? Due.NOW : Due.AHEAD;

/** The deadline rules of a transition: accept until the deadline; reassign a pending demand only once it passed. */
function deadlineRule(action: DemandAction, status: string, due: Due): Refusal | null {
  if (action === 'accept' && (due === Due.PASSED || due === Due.NOW)) return DEADLINE_PASSED;
  if (action === 'reassign' && status === 'PENDING' && due !== Due.PASSED) return NOT_OVERDUE;
  return null;
}

/** A rule of a transition beyond the table (deadlines), for users and the system alike; null when none refuses it. */
export function deadlineRefusal(
  action: DemandAction,
  d: Pick<DemandFacts, 'status' | 'dueAt'>,
  now: Date,
): Refusal | null {
  return deadlineRule(action, d.status, dueState(d.dueAt === null ? null : d.dueAt.getTime(), now.getTime()));
}

/**
 * Everything the rules of the user actions read of a viewer, a demand and the instant (refusalAs reads nothing else),
 * so equal facts have equal actions and a page's rows share them (actionsFor).
 */
interface ActionFacts {
  type: string;
  status: string;
  /** The roles the viewer may act in on the demand (actorsOf less the applicant of a view-only account). */
  roles: number;
  /** A bank is in charge of the demand, and it is the viewer's unit or one below it. */
  bankInUnits: boolean;
  /** A bank is in charge of the demand. */
  bankInCharge: boolean;
  /** The viewer's unit has units below it to dispatch to. */
  unitsBelow: boolean;
  /** An organisation handles the demand now (handlerOrg). */
  handled: boolean;
  due: Due;
}

function factsOf(v: Viewer, d: D, dueAtMs: number | null, now: Date): ActionFacts {
  let roles = rolesOf(v, d);
  // A view-only account (demand:view) sees its enterprise's demands but acts on none of them.
  if (!v.session.permissions.has('demand:apply')) roles &= ~ROLE.applicant;
  return {
    type: d.type,
    status: d.status,
    roles,
    bankInUnits: inCharge(v, d),
    bankInCharge: d.bankOrgId !== null,
    unitsBelow: !!v.bank && v.bank.units.length >= 2,
    handled: handlerOrg(d) !== null,
    due: dueState(dueAtMs, now.getTime()),
  };
}

/**
 * Why this viewer may not do `verb` to a demand (it can see) now, or null when they may. The one rule behind both the
 * `actions` of list rows and details and the check of each request, so a screen offers exactly what the server takes.
 * Request parameters (the branch dispatched to, the grant's figures) are checked by the action itself.
 */
export function refusalOf(v: Viewer, d: DemandFacts, verb: DemandUserAction, now: Date): Refusal | null {
  return refusalAs(factsOf(v, d, d.dueAt === null ? null : d.dueAt.getTime(), now), verb);
}

const TRANSITION_ROLES = Object.fromEntries(
  Object.entries(DEMAND_TRANSITIONS).map(([verb, rule]) => [verb, rolesIn(rule.by.filter((a) => a !== 'system'))]),
) as Record<DemandAction, number>;

/** refusalOf on the facts alone. */
function refusalAs(f: ActionFacts, verb: DemandUserAction): Refusal | null {
  if (verb === 'dispatch') {
    if (!(f.status === 'PENDING' || f.status === 'ACCEPTED') || !f.bankInCharge) return BAD_STATE;
    if (!f.bankInUnits) return FORBIDDEN;
    // A unit without units below it has nowhere to send the demand.
    if (!f.unitsBelow) return NO_UNIT_BELOW;
    return null;
  }
  if (verb === 'urge') {
    if ((f.roles & ROLE.supervisor) === 0) return FORBIDDEN;
    if (!URGEABLE.includes(f.status as DemandStatus) || !f.handled) return BAD_STATE;
    return null;
  }
  const rule = DEMAND_TRANSITIONS[verb];
  if (!(rule.types as readonly string[]).includes(f.type) || !(rule.from as readonly string[]).includes(f.status))
    return BAD_STATE;
  if ((f.roles & TRANSITION_ROLES[verb]) === 0) return FORBIDDEN;
  return deadlineRule(verb, f.status, f.due);
}

const allowed = (f: ActionFacts) => Object.freeze(DEMAND_USER_ACTIONS.filter((a) => refusalAs(f, a) === null));

/**
 * The actions of each combination of facts met so far, shared (frozen) by the rows that have it: a page's rows mostly
 * have the same one or two, and asking about each verb of each row anew (a Set of roles, a copy of the row with a Date,
 * twelve verbs) cost ~14 us of a 250 us bank list call in the profile. Bounded: the facts take at most
 * 3 x 8 x 128 x 16 x 4 values (types, states, roles, flags, deadline), a few dozen in practice.
 */
const actionsByFacts = new Map<number, readonly DemandUserAction[]>();

/** The facts as one number (the key of actionsByFacts); null for a type or state the contract does not know. */
function keyOf(f: ActionFacts): number | null {
  const type = DEMAND_TYPES.indexOf(f.type as DemandType);
  const status = DEMAND_STATUSES.indexOf(f.status as DemandStatus);
  if (type < 0 || status < 0) return null;
  const flags = (f.bankInUnits ? 1 : 0) | (f.bankInCharge ? 2 : 0) | (f.unitsBelow ? 4 : 0) | (f.handled ? 8 : 0);
  return (((status * DEMAND_TYPES.length + type) * 128 + f.roles) * 16 + flags) * 4 + f.due;
}

/** The verbs this viewer may do to the demand now (DEMAND_USER_ACTIONS order); the array is shared and frozen. */
export function actionsFor(v: Viewer, d: DemandRowFacts, now: Date): readonly DemandUserAction[] {
  // The deadline in whole milliseconds, as the Date of a single demand's check holds it (PostgreSQL keeps microseconds).
  const f = factsOf(v, d, d.dueAtMs === null ? null : Math.trunc(d.dueAtMs), now);
  const key = keyOf(f);
  if (key === null) return allowed(f);
  let actions = actionsByFacts.get(key);
  if (actions === undefined) actionsByFacts.set(key, (actions = allowed(f)));
  return actions;
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
      return !v.bank
        ? { none: true }
        : v.bank.cityWide
          ? { pool: true }
          : { pool: true, regionCodes: [v.bank.regionCode] };
    case 'bank-mine':
      return !v.bank
        ? { none: true }
        : v.bank.isHead
          ? { bankId: v.bank.headId, bankOrgIds: v.bank.units }
          : { bankOrgIds: v.bank.units };
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
export async function listOf(
  db: DbOrTx,
  s: SessionContext,
  kind: ListKind,
  view: OperateView | undefined,
  f: FilterInput,
  cache: ReadCache = NO_READ_CACHE,
) {
  const viewer = viewerFrom(s);
  const bankUnitIds = f.bankId
    ? await cache.get(`demands:units:${f.bankId}`, () => subtreeIds(db, f.bankId!))
    : undefined;
  // The filter's fields alone (a page's query also has its paging and list), written out rather than copied.
  const filter: repo.Filter = {
    type: f.type,
    status: f.status,
    overdue: f.overdue,
    regionCode: f.regionCode,
    bankId: f.bankId,
    bankUnitIds,
    from: f.from,
    to: f.to,
    keyword: f.keyword,
  };
  if (f.sortField) filter.sort = sortOf(f);
  return { viewer, scope: scopeOf(viewer, kind, view), filter };
}
