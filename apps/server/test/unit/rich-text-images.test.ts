import { describe, expect, it } from 'vitest';
import { isAllowedRichTextImage } from '@phjr/contract/content/rich-text-images';
import { fileViewUrl } from '@phjr/contract/files/upload';
import { sanitizeRichText } from '../../src/modules/content/sanitize.ts';

/**
 * Issue 13 point 9: an image of rich text is kept only when its source is an uploaded file or one of the site's picture
 * folders; anything else is a broken image under the CSP (img-src 'self') and is dropped on saving.
 */
const uploaded = fileViewUrl('abcdefghijklmnopqrstuvwx');

describe('images of rich text', () => {
  it('keeps uploaded files and the site picture folders', () => {
    expect(sanitizeRichText(`<p>前<img src="${uploaded}" alt="图">后</p>`)).toBe(
      `<p>前<img src="${uploaded}" alt="图" />后</p>`,
    );
    expect(sanitizeRichText('<img src="/banners/home-1.svg">')).toBe('<img src="/banners/home-1.svg" />');
  });

  it('drops broken, foreign and made-up sources', () => {
    for (const src of [
      'x',
      '/x.png',
      '/zscms/files/view.json?id=short',
      `${uploaded}&x=1`,
      'https://elsewhere.example/a.png',
      `http://localhost:3000${uploaded}`,
      '//evil.example/a.png',
      '/banners/../api/x',
      'data:image/png;base64,AAAA',
      '',
    ]) {
      expect(sanitizeRichText(`<p>a<img src="${src}">b</p>`), src).toBe('<p>ab</p>');
      expect(isAllowedRichTextImage(src), src).toBe(false);
    }
    expect(sanitizeRichText('<p>a<img>b</p>')).toBe('<p>ab</p>');
  });
});
