import {
  SHELTER_STATES,
  SHELTER_TRANSITIONS,
  SHELTER_USER_ACTIONS,
  type ShelterActor,
  type ShelterState,
  type ShelterUserAction,
} from '@phjr/contract/shelter/shelter';
import { ERROR_CODES, type ErrorCode } from '@phjr/contract/errors';
import { supervisedDistricts } from '../../lib/district-scope.ts';
import { AppError, type Refusal } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { actingUserId } from '../auth/certification.ts';

/**
 * Who sees and moves which shelter case (docs/shelter.md "Who does what"). Each part of a viewer comes from a
 * permission AND the kind of its account or organisation, so a permission alone never opens a case:
 * - the enterprise: an ENTERPRISE account (a sub-account acts for its main account) with shelter:apply (acts) or
 *   demand:view (reads);
 * - a supervisor: a government account with shelter:supervise (acts) or supervise:read (reads), scoped to its
 *   district, the city level to all (as demands do); the operator (a PLATFORM account) reads and acts on all;
 * - a bank: a bank account with shelter:help, whose organisation or a bank above it is the case's lead or helping bank.
 */
export interface Viewer {
  session: SessionContext;
  /** The enterprise whose cases these are (its main account), or null. */
  enterpriseUserId: number | null;
  canApply: boolean;
  /** The caller's bank organisation and the banks above it (nearest first), or null for a non-bank. */
  bankLine: number[] | null;
  /** Districts supervised: null for all; undefined for a viewer who supervises nothing. */
  supervised: string[] | null | undefined;
  /** A supervisor who may act (shelter:supervise), not only read. */
  canSupervise: boolean;
}

export const GOVERNMENT_KINDS: readonly string[] = ['GOVERNMENT', 'JINRONGJU', 'RENSHEJUE'];

/** The facts of a case the rules read (a list row carries them all). */
export interface CaseFacts {
  state: string;
  regionCode: string;
  enterpriseUserId: number;
  /** The case's banks (lead and helpers). */
  bankOrgIds: readonly number[];
}

/** What the database tells about the caller: its bank line and whether its region is the whole city. */
export interface ViewerFacts {
  bankLine: number[] | null;
  cityLevel: boolean;
}

/** The viewer of a session, from the facts read once (shelter.service.ts viewerOf). Pure: the unit tests call it. */
export function viewerFrom(s: SessionContext, facts: ViewerFacts): Viewer {
  const has = (p: Parameters<typeof s.permissions.has>[0]) => s.permissions.has(p);
  const enterprise = s.accountType === 'ENTERPRISE' && (has('shelter:apply') || has('demand:view'));
  const operator = s.accountType === 'PLATFORM' && has('shelter:supervise');
  const government =
    s.accountType === 'GOVERNMENT' &&
    s.classifiedType !== null &&
    GOVERNMENT_KINDS.includes(s.classifiedType) &&
    (has('shelter:supervise') || has('supervise:read'));
  return {
    session: s,
    enterpriseUserId: enterprise ? actingUserId(s) : null,
    canApply: enterprise && has('shelter:apply'),
    bankLine: s.accountType === 'BANK' && s.classifiedType === 'BANK' && has('shelter:help') ? facts.bankLine : null,
    supervised: operator ? null : !government ? undefined : supervisedDistricts(s.regionCode, facts.cityLevel),
    canSupervise: (operator || government) && has('shelter:supervise'),
  };
}

/** The case's bank the viewer works for: its own organisation if on the case, else the nearest bank above it. */
export function caseBankOf(v: Viewer, c: Pick<CaseFacts, 'bankOrgIds'>): number | null {
  return v.bankLine?.find((id) => c.bankOrgIds.includes(id)) ?? null;
}

/** The roles a viewer holds on a case, as bits: what the rules read (a Set per row and verb cost more than the rules). */
const ACTOR_BITS = { enterprise: 1, supervisor: 2, bank: 4 } as const;

function actorBits(v: Viewer, c: CaseFacts): number {
  let a = 0;
  if (v.enterpriseUserId !== null && c.enterpriseUserId === v.enterpriseUserId) a |= ACTOR_BITS.enterprise;
  if (v.supervised !== undefined && (v.supervised === null || v.supervised.includes(c.regionCode)))
    a |= ACTOR_BITS.supervisor;
  if (caseBankOf(v, c) !== null) a |= ACTOR_BITS.bank;
  return a;
}

export function actorsOf(v: Viewer, c: CaseFacts): Set<ShelterActor | 'bank'> {
  const bits = actorBits(v, c);
  return new Set((Object.keys(ACTOR_BITS) as (keyof typeof ACTOR_BITS)[]).filter((k) => (bits & ACTOR_BITS[k]) !== 0));
}

export const canSee = (v: Viewer, c: CaseFacts) => actorBits(v, c) !== 0;

const STATUS: Partial<Record<ErrorCode, number>> = {
  SHELTER_NOT_FOUND: 404,
  SHELTER_CASE_OPEN: 409,
  SHELTER_BAD_STATE: 409,
  SHELTER_ACTION_FORBIDDEN: 403,
  SHELTER_NOT_ASSIGNED: 403,
  SHELTER_BANK_INVALID: 400,
};

/** An AppError of the shelter with its HTTP status. */
export function shelterError(code: ErrorCode, message?: string, data?: unknown): AppError {
  return new AppError(code, message ?? ERROR_CODES[code], {
    httpStatus: STATUS[code],
    ...(data === undefined ? {} : { data }),
  });
}

const NOT_ASSIGNED: Refusal = () => shelterError('SHELTER_NOT_ASSIGNED');
const BAD_STATE: Refusal = () => shelterError('SHELTER_BAD_STATE');
const FORBIDDEN: Refusal = () => shelterError('SHELTER_ACTION_FORBIDDEN');

/**
 * Why this viewer may not do `verb` to a case it can see, or null when it may: the one rule behind the `actions` of
 * rows and details and the check of each request (`throw refused()`). A Refusal, not an AppError: a list asks this for
 * every verb of every row, and an Error captures a stack trace. The request's own parameters (banks, amounts, dates)
 * are checked by the action itself.
 */
export function refusalOf(v: Viewer, c: CaseFacts, verb: ShelterUserAction): Refusal | null {
  return refusalBy(c.state, ruleBits(v, c), verb);
}

/** The permissions the rules read, as bits beside the roles (ACTOR_BITS). */
const CAN_APPLY = 8;
const CAN_SUPERVISE = 16;

/** Everything the rules read of a viewer on a case, but its state, as one number: its roles and two permissions. */
const ruleBits = (v: Viewer, c: CaseFacts) =>
  actorBits(v, c) | (v.canApply ? CAN_APPLY : 0) | (v.canSupervise ? CAN_SUPERVISE : 0);

/** refusalOf on the case's state and ruleBits: equal facts, equal answers. */
function refusalBy(state: string, bits: number, verb: ShelterUserAction): Refusal | null {
  if (verb === 'recordHelp') {
    if (!(bits & ACTOR_BITS.bank)) return NOT_ASSIGNED;
    return state === 'IN_SHELTER' ? null : BAD_STATE;
  }
  if (verb === 'urge') {
    if (!(bits & ACTOR_BITS.supervisor) || !(bits & CAN_SUPERVISE)) return FORBIDDEN;
    return state === 'IN_SHELTER' ? null : BAD_STATE;
  }
  const rule = SHELTER_TRANSITIONS[verb];
  const may = (rule.by as readonly ShelterActor[]).some(
    (a) => (bits & ACTOR_BITS[a]) !== 0 && (bits & (a === 'enterprise' ? CAN_APPLY : CAN_SUPERVISE)) !== 0,
  );
  if (!may) return FORBIDDEN;
  if (!(rule.from as readonly string[]).includes(state)) return BAD_STATE;
  return null;
}

/**
 * The actions of each state and ruleBits met so far, shared (frozen) by every row that has them, as the demands'
 * (demand-access.ts actionsByFacts): each row asked the seven verbs, each with a Set of roles (~5 µs of a page).
 * Bounded: at most the contract's states x 32.
 */
const actionsByFacts = new Map<number, readonly ShelterUserAction[]>();

const allowed = (state: string, bits: number) =>
  Object.freeze(SHELTER_USER_ACTIONS.filter((a) => refusalBy(state, bits, a) === null));

/** The verbs this viewer may do to the case now (SHELTER_USER_ACTIONS order). Frozen, shared between equal cases. */
export function actionsFor(v: Viewer, c: CaseFacts): readonly ShelterUserAction[] {
  const bits = ruleBits(v, c);
  const state = SHELTER_STATES.indexOf(c.state as ShelterState);
  if (state < 0) return allowed(c.state, bits);
  const key = state * 32 + bits;
  let actions = actionsByFacts.get(key);
  if (actions === undefined) actionsByFacts.set(key, (actions = allowed(c.state, bits)));
  return actions;
}

/** What a list may show: the scope's rows. */
export interface Scope {
  none?: boolean;
  enterpriseUserId?: number;
  regionCodes?: string[];
  /** Cases with one of these organisations among their banks. */
  bankOrgIds?: number[];
}

export type ListKind = 'my' | 'supervise' | 'bank';

export function scopeOf(v: Viewer, kind: ListKind): Scope {
  switch (kind) {
    case 'my':
      return v.enterpriseUserId !== null ? { enterpriseUserId: v.enterpriseUserId } : { none: true };
    case 'supervise':
      return v.supervised === undefined ? { none: true } : v.supervised === null ? {} : { regionCodes: v.supervised };
    case 'bank':
      return v.bankLine ? { bankOrgIds: v.bankLine } : { none: true };
  }
}

/** The states a transition leaves from and goes to, as data (for the history and the figures). */
export const transitionOf = (verb: keyof typeof SHELTER_TRANSITIONS) =>
  SHELTER_TRANSITIONS[verb] as { from: readonly ShelterState[]; to: ShelterState };
