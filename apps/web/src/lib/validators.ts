/**
 * SPEC 5 text rules, shared by every form. Rules carry their own messages at the call site (i18n), so only the
 * patterns live here.
 */

/** No whitespace anywhere (accounts, codes, phone numbers). */
export const NO_WHITESPACE = /^\S*$/;

/** At least one character that is not a space (names, titles: "   " is not a name). */
export const NOT_BLANK = /\S/;

export function hasNoWhitespace(value: string): boolean {
  return NO_WHITESPACE.test(value);
}

export function isNotBlank(value: string): boolean {
  return NOT_BLANK.test(value);
}

/** Plain text of rich text, for list excerpts and titles; not a sanitizer (the server sanitizes). */
export function stripHtml(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ');
}
