import dayjs, { type Dayjs } from 'dayjs';
import { DEMAND_FINAL, DEMAND_TRANSITIONS, type DemandAction, type DemandActor, type DemandStatus, type DemandSummary, type DemandType } from '@phjr/contract/demands/demand';
import { currentLocale } from '../../../lib/i18n.ts';

/**
 * How the demand screens read a demand: who is looking (the perspective), what the transition table lets them do,
 * and the figures as UI.md writes them (amounts in 万元 with separators, rates with %, dates YYYY-MM-DD).
 */

/** Who looks at a list: the applicant, a bank, a guarantee company, a supervisor or the operator. */
export type Perspective = 'applicant' | 'bank' | 'guarantee' | 'supervisor' | 'operator';

/** The transition table's actors each perspective may be (the server decides which one it is for each demand). */
const ACTORS: Record<Perspective, readonly DemandActor[]> = {
  applicant: ['applicant'],
  bank: ['region-bank', 'target-bank', 'owner-bank'],
  guarantee: ['guarantee'],
  supervisor: ['supervisor'],
  operator: [],
};

/** Every action a screen can offer: the table's transitions (but the system's) plus dispatch and urge. */
export const UI_ACTIONS = [
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
export type UiAction = (typeof UI_ACTIONS)[number];

export function isUiAction(a: string): a is UiAction {
  return (UI_ACTIONS as readonly string[]).includes(a);
}

/** Actions that end or refuse something: shown as danger buttons. */
export const DANGER_ACTIONS: readonly UiAction[] = ['reject', 'guaranteeReject', 'withdraw'];

/** A demand is still moving: not granted, rejected or withdrawn. */
export function isOpen(status: DemandStatus): boolean {
  return !DEMAND_FINAL.includes(status);
}

/**
 * The actions a list row offers, read from DEMAND_TRANSITIONS for the viewer's perspective; the server checks each
 * call again and the detail drawer shows exactly the server's `actions`. `pool`: a bank's public pool, where the
 * only thing to do is to take the demand.
 */
export function rowActions(perspective: Perspective, d: Pick<DemandSummary, 'status' | 'type' | 'overdue'>, opts: { pool?: boolean } = {}): UiAction[] {
  const actors = ACTORS[perspective];
  const out: UiAction[] = [];
  for (const action of Object.keys(DEMAND_TRANSITIONS) as DemandAction[]) {
    const tr = DEMAND_TRANSITIONS[action];
    if (!isUiAction(action)) continue;
    if (!(tr.from as readonly DemandStatus[]).includes(d.status)) continue;
    if (!(tr.types as readonly DemandType[]).includes(d.type)) continue;
    if (!(tr.by as readonly DemandActor[]).some((a) => actors.includes(a))) continue;
    // A supervisor reassigns a pending demand only once its deadline has passed.
    if (action === 'reassign' && d.status === 'PENDING' && !d.overdue) continue;
    out.push(action);
  }
  if (perspective === 'supervisor' && isOpen(d.status) && d.status !== 'EXPIRED') out.push('urge');
  if (opts.pool) return out.filter((a) => a === 'accept');
  return UI_ACTIONS.filter((a) => out.includes(a));
}

const number = (n: number, digits: number) => new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: digits }).format(n);

/** 万元 with thousands separators, at most two decimals (the unit is added by the caller's text). */
export const formatWan = (n: number | null | undefined) => (n === null || n === undefined ? '-' : number(n, 2));
export const formatRate = (n: number | null | undefined) => (n === null || n === undefined ? '-' : `${number(n, 2)}%`);
export const formatDate = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '-');
export const formatDateTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');

/** Whole days from now to a deadline (negative once passed), counted by calendar day. */
export function daysLeft(deadline: string, now = dayjs()): number {
  return dayjs(deadline).startOf('day').diff(now.startOf('day'), 'day');
}

/** Digits-only 11-digit mobile numbers: a masked number (138****0001) is not one. */
export const MOBILE_RE = /^1\d{10}$/;

/**
 * Today in Asia/Shanghai (UTC+8, no daylight saving), the calendar the server checks grant dates against: a browser
 * on another clock (UTC from 16:00) would otherwise offer yesterday, which the server refuses as earlier than a demand
 * posted "today".
 */
export function shanghaiToday(now = Date.now()): Dayjs {
  return dayjs(new Date(now + 8 * 3_600_000).toISOString().slice(0, 10));
}

/**
 * The idempotency key of one opening of the demand form (ZCreateDemandRequest.idempotencyKey): every submit of that
 * form sends it, so a double click or a retry is answered with the demand already posted. crypto.randomUUID exists
 * only in secure contexts (https, localhost); getRandomValues everywhere.
 */
export function newPostingKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
