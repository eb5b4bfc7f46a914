import type { Dayjs } from 'dayjs';
import { DEMAND_FINAL, type DemandStatus, type DemandUserAction } from '@phjr/contract/demands/demand';
import { formatDate } from '../../../lib/format.ts';

/**
 * How the demand screens read a demand: who is looking (the perspective); figures and dates are shown by the one
 * set of formatters (lib/format.ts).
 */

/** Who looks at a list: the applicant, a bank, a guarantee company, a supervisor or the operator. */
export type Perspective = 'applicant' | 'bank' | 'guarantee' | 'supervisor' | 'operator';

/**
 * An action a demand screen can offer. Which ones a demand offers is the server's `actions` of the row or detail
 * (the rule that also checks the request): no screen derives them from the state itself.
 */
export type UiAction = DemandUserAction;

/** Actions that end or refuse something: shown as danger buttons. */
export const DANGER_ACTIONS: readonly UiAction[] = ['reject', 'guaranteeReject', 'withdraw'];

/** A demand is still moving: not granted, rejected or withdrawn. */
export function isOpen(status: DemandStatus): boolean {
  return !DEMAND_FINAL.includes(status);
}

/**
 * Whole days from now to a deadline (negative once passed), counted by the platform's calendar day (Beijing time, as
 * the server sets deadlines), not by the browser's: evening in Los Angeles is already tomorrow in Beijing.
 */
export function daysLeft(deadline: string, now: Dayjs | number = Date.now()): number {
  const day = (at: string | number) => Date.parse(formatDate(at, ''));
  return Math.round((day(deadline) - day(typeof now === 'number' ? now : now.valueOf())) / 86_400_000);
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
