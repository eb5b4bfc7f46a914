import { describe, expect, it } from 'vitest';
import { fileLinkExpired, fileLinkExpiresAt } from '../src/files/file-link.ts';

/**
 * Issue 30, item 1: the web tells an expired signed file link before opening it (AttachmentList says so and reads the
 * record again; a visit photo that fails to load says its link expired). It reads the link's own `exp`.
 */
describe('signed file links, as the web reads them', () => {
  const signed = '/finance/shelter/attachment.json?id=7&fileId=abcdefghijklmnop&sid=12&exp=1800000000&sig=xyz';

  it('reads the expiry of a signed link, and none of an unsigned one', () => {
    expect(fileLinkExpiresAt(signed)).toBe(1_800_000_000_000);
    expect(fileLinkExpiresAt('/finance/shelter/attachment.json?id=7&fileId=abcdefghijklmnop')).toBeNull();
    expect(fileLinkExpiresAt('/zscms/files/view.json?id=abc&exp=1800000000')).toBeNull();
    expect(fileLinkExpiresAt('/zscms/files/view.json?id=abc&sig=x&exp=soon')).toBeNull();
  });

  it('is expired from its expiry on, never for an unsigned link', () => {
    expect(fileLinkExpired(signed, 1_799_999_999_999)).toBe(false);
    expect(fileLinkExpired(signed, 1_800_000_000_000)).toBe(true);
    expect(
      fileLinkExpired('/finance/demand/attachment.json?id=1&fileId=abcdefghijklmnop', Number.MAX_SAFE_INTEGER),
    ).toBe(false);
  });
});
