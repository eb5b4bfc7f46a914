/**
 * UI.md: a state has one colour everywhere. Every state code of the product maps to one tone; StateTag renders the
 * tone with antd's preset colours.
 */
export type StateTone = 'pending' | 'accepted' | 'review' | 'success' | 'rejected' | 'closed' | 'overdue';

export const TONE_COLOR: Record<StateTone, string> = {
  pending: 'blue',
  accepted: 'cyan',
  review: 'purple',
  success: 'green',
  rejected: 'red',
  closed: 'default',
  overdue: 'orange',
};

const TONES: Record<string, StateTone> = {
  // demands (PRODUCT.md 6)
  PENDING: 'pending',
  ACCEPTED: 'accepted',
  GUARANTEE_ACCEPTED: 'accepted',
  GUARANTEED: 'success',
  GRANTED: 'success',
  REJECTED: 'rejected',
  WITHDRAWN: 'closed',
  EXPIRED: 'overdue',
  OVERDUE: 'overdue',
  // products (PRODUCT.md 5)
  DRAFT: 'closed',
  PENDING_REVIEW: 'review',
  IN_REVIEW: 'review',
  LISTED: 'success',
  DELISTED: 'closed',
  // shelter (PRODUCT.md 8)
  APPLIED: 'pending',
  UNDER_REVIEW: 'review',
  IN_SHELTER: 'accepted',
  // 已出舱 is the shelter's success end (the case was helped through), not the grey of a withdrawal (issue 30).
  EXITED: 'success',
  NOT_ADMITTED: 'rejected',
  // content (PRODUCT.md 9)
  PUBLISHED: 'success',
  OFFLINE: 'closed',
  // certification, imports and accounts
  CERTIFIED: 'success',
  UNCERTIFIED: 'pending',
  SUCCEEDED: 'success',
  FAILED: 'rejected',
  ACTIVE: 'success',
  DISABLED: 'closed',
};

/** The tone of a state code (case-insensitive); unknown codes read as closed (grey), never as a false success. */
export function stateTone(state: string): StateTone {
  return TONES[state.toUpperCase()] ?? 'closed';
}

/** Whether the product knows this code (StateTag shows the raw code otherwise). */
export function isKnownState(state: string): boolean {
  return state.toUpperCase() in TONES;
}
