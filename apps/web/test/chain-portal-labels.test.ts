import { describe, expect, it } from 'vitest';
import chainsZh from '../src/locales/zh-CN/chains.ts';

/**
 * Issue 30: "/chain's 参与银行（家次） shows a distinct count". The all-chains total of banks counts each bank once
 * (docs/statistics.md, chains repo totals), so its label says 家, not 家次 (bank-participations).
 */
describe('the portal chain total of banks', () => {
  it('is labelled as the distinct count it is', () => {
    expect(chainsZh.portal.total.banks).toBe('参与银行（家）');
    expect(chainsZh.portal.total.banks).not.toContain('家次');
  });
});
