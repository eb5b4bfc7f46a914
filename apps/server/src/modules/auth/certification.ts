import { AppError } from '../../lib/errors.ts';
import type { SessionContext } from './auth.service.ts';

/**
 * For later issues: throws NOT_CERTIFIED unless the account (or, for a sub-account, its enterprise) is certified.
 * Uncertified accounts may browse and post public demands, but not orientation demands (PRODUCT.md section 4).
 * A sub-account carries its main account's certification (copied when it is made and when the main certifies).
 */
export function assertCertified(session: SessionContext): void {
  if (!session.certified) throw new AppError('NOT_CERTIFIED');
}

/** The account whose data a session works on: an enterprise sub-account acts for its main account. */
export function actingUserId(session: SessionContext): number {
  return session.parentUserId ?? session.userId;
}
