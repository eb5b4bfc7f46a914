import type { ConsentState, CreditQueryOutcome } from '@phjr/contract/credit/credit';
import { RequestError } from '../../../lib/request-error.ts';
import type { StateTone } from '../../../components/state-tone.ts';

/**
 * What the credit screens derive from the contract's answers (pure, tested without a browser). The rules themselves
 * (which consent covers a query, when it expires) are the server's: the screens show its states and actions.
 */

/** UI.md colours: a live consent is granted green, an expired one orange, a revoked one grey. */
export const CONSENT_STATE_TONE: Record<ConsentState, StateTone> = {
  LIVE: 'success',
  EXPIRED: 'overdue',
  REVOKED: 'closed',
};

/** A query shown is green, a refused one red. */
export const OUTCOME_TONE: Record<CreditQueryOutcome, StateTone> = { SHOWN: 'success', REFUSED: 'rejected' };

/** The refusal of a query outside consent: the screen explains it instead of a toast. */
export function isNoConsent(err: unknown): boolean {
  return err instanceof RequestError && err.info?.errorCode === 'CREDIT_NO_CONSENT';
}

/** A code typed with spaces or in lower case, as the server reads it. */
export function normalCreditCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** The credit page's tabs live in the address (`?tab=`); an unknown value is the first tab. */
export function tabOf<T extends string>(tabs: readonly T[], raw: string | null): T {
  return (tabs as readonly string[]).includes(raw ?? '') ? (raw as T) : tabs[0]!;
}

/** The share of refused queries (0..1), null when there were none. */
export function refusalRate(total: number, refused: number): number | null {
  return total > 0 ? refused / total : null;
}

/**
 * The chart by day (issue 30): the `n` calendar days in Beijing time ending with the chosen range's last day, or today
 * when the range runs on past it or has no end, each day once, a day without a query as 0. It used to draw the last
 * `n` days *with a query*, which on a quiet log reached back to February.
 */
export function dayWindow(
  byDay: readonly { day: string; total: number; refused: number }[],
  today: string,
  to: string | undefined,
  n: number,
): { day: string; total: number; refused: number }[] {
  const end = to && to < today ? to : today;
  const at = new Map(byDay.map((d) => [d.day, d]));
  const endMs = Date.parse(`${end}T00:00:00Z`);
  const days: { day: string; total: number; refused: number }[] = [];
  for (let i = n - 1; i >= 0; i -= 1) {
    const day = new Date(endMs - i * 86_400_000).toISOString().slice(0, 10);
    days.push(at.get(day) ?? { day, total: 0, refused: 0 });
  }
  return days;
}
