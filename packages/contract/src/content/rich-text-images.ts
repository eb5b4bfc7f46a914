import { fileOps } from '../files/upload.ts';

/**
 * Where an image of rich text (articles, agreements) may come from: a file uploaded to this platform
 * (`/zscms/files/view.json?id=<id>`), or one of the site's own picture folders. Nothing else: the pages' CSP lets
 * images load only from this site (img-src 'self'), so any other address (`x`, `https://elsewhere/...`, `data:`) would
 * show as a broken image. The server's sanitizer drops such images when saving, the editor when pasting.
 */
const UPLOADED_FILE = new RegExp(`^${fileOps.view.path.replace(/\./g, '\\.')}\\?id=[A-Za-z0-9_-]{16,64}$`);
export const RICH_TEXT_IMAGE_FOLDERS = ['/banners/'] as const;

export function isAllowedRichTextImage(src: string | null | undefined): boolean {
  const s = src?.trim() ?? '';
  if (UPLOADED_FILE.test(s)) return true;
  // A folder of the site, without a way out of it (`..`, a backslash) or into another origin.
  return RICH_TEXT_IMAGE_FOLDERS.some((f) => s.startsWith(f)) && /^[A-Za-z0-9/_.-]+$/.test(s) && !s.includes('..');
}
