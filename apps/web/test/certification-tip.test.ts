import { describe, expect, it } from 'vitest';
import { certShown } from '../src/features/auth/pages/CertificationTipPage.tsx';

/** Issue 30: /certificationTip opened directly claimed a submission that never happened. */
describe('the certification tip', () => {
  it('says what the account holds: nothing submitted is "not certified yet", not "submitted"', () => {
    expect(certShown({ status: 'NONE' })).toBe('none');
    expect(certShown(undefined)).toBe('none');
    expect(certShown({ status: 'PENDING' })).toBe('pending');
    expect(certShown({ status: 'CERTIFIED' })).toBe('success');
    expect(certShown({ status: 'REJECTED' })).toBe('fail');
  });
});
