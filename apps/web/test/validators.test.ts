import { describe, expect, it } from 'vitest';
import { NOT_BLANK, NO_WHITESPACE, hasNoWhitespace, isNotBlank, stripHtml } from '../src/lib/validators.ts';

describe('SPEC 5 text rules', () => {
  it('no whitespace at all', () => {
    expect(hasNoWhitespace('abc123')).toBe(true);
    expect(hasNoWhitespace('')).toBe(true);
    expect(hasNoWhitespace('a b')).toBe(false);
    expect(hasNoWhitespace(' a')).toBe(false);
    expect(hasNoWhitespace('a\t')).toBe(false);
    expect(hasNoWhitespace('甲\u3000乙')).toBe(false);
    expect(NO_WHITESPACE.test('x y')).toBe(false);
  });

  it('at least one non-space character', () => {
    expect(isNotBlank('  a ')).toBe(true);
    expect(isNotBlank('   ')).toBe(false);
    expect(isNotBlank('')).toBe(false);
    expect(NOT_BLANK.test('\n\t')).toBe(false);
  });

  it('stripHtml keeps the text and drops tags, scripts and styles', () => {
    expect(stripHtml('<p>惠农<b>贷</b>&nbsp;上线</p>')).toBe('惠农贷 上线');
    expect(stripHtml('<script>alert(1)</script><style>p{}</style>正文')).toBe('正文');
    expect(stripHtml(null)).toBe('');
  });
});
