import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { plainText, sanitizeRichText, summaryOf } from '../../src/modules/content/sanitize.ts';
import { detectFileType, zipEntryNames } from '../../src/modules/files/file-type.ts';
import { cleanFileName } from '../../src/modules/files/files.service.ts';

describe('plain text of HTML', () => {
  it('drops tags and script content, decodes entities, keeps paragraphs apart', () => {
    expect(plainText('<p>第一段。</p><p>第二段</p><script>alert(1)</script><h3>标题</h3><p>A &amp; B &lt; C</p>')).toBe(
      '第一段。第二段 标题 A & B < C',
    );
  });
  it('never lets decoding bring a tag back', () => {
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;正文')).toBe('正文');
    expect(plainText('&amp;lt;img src=x onerror=alert(1)&amp;gt;')).not.toMatch(/<[a-z]/i);
  });
  it('makes a summary of the first 120 characters', () => {
    expect(summaryOf(`<p>${'字'.repeat(130)}</p>`)).toBe(`${'字'.repeat(120)}…`);
    expect(summaryOf('<p>短</p>')).toBe('短');
  });
});

describe('rich text allowlist', () => {
  it('forces rel on links and keeps only text-align styles', () => {
    expect(sanitizeRichText('<a href="https://a.example" target="_top">x</a>')).toBe(
      '<a href="https://a.example" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<p style="text-align:right;color:red">x</p>')).toBe('<p style="text-align:right">x</p>');
    expect(
      sanitizeRichText('<img src="//evil.example/x.png"><img src="/zscms/files/view.json?id=abcdefghijklmnop">'),
    ).toBe('<img src="/zscms/files/view.json?id=abcdefghijklmnop" />');
  });
});

describe('file types by content', () => {
  it('recognises the accepted types and nothing else', () => {
    expect(detectFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectFileType(Buffer.from('%PDF-1.4'))).toBe('pdf');
    expect(detectFileType(Buffer.from('MZ\x90\x00'))).toBeNull();
    expect(detectFileType(Buffer.alloc(0))).toBeNull();
  });
  it('survives broken and random zip archives', () => {
    for (let i = 0; i < 200; i++) {
      const buf = Buffer.concat([
        Buffer.from([0x50, 0x4b, 0x03, 0x04]),
        randomBytes(i * 3),
        Buffer.from([0x50, 0x4b, 0x05, 0x06]),
        randomBytes(18),
      ]);
      expect(() => detectFileType(buf)).not.toThrow();
      expect(Array.isArray(zipEntryNames(buf))).toBe(true);
    }
  });
});

describe('declared file names', () => {
  it('keeps a plain name and refuses paths and control characters', () => {
    expect(cleanFileName('  示范 报告.pdf ')).toBe('示范 报告.pdf');
    for (const bad of ['../a.png', 'a/b.png', 'a\\b.png', 'a\u0000.png', 'a\nb.png', '', '..'])
      expect(() => cleanFileName(bad), bad).toThrow();
  });
});
