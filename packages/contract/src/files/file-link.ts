/**
 * Signed links to private files (docs/security.md "Private files (issue 30)"). An `<img>` or a link opened in a new
 * tab cannot send the `satoken` header, so the record answers that show a private file (a visit's photos, a shelter
 * case's or a demand's attachments, a PRIVATE upload) carry its link with three more query parameters: the reader's
 * session, an expiry and an HMAC of the whole link under the server secret. The file route accepts such a link
 * without the header, in the browser of that session only (the httpOnly cookie FILE_COOKIE), until it expires; then
 * the record is read again and gives a new link. No zod here: the web's detail views import it.
 */

/** How long a signed link opens its file after the record answer that carried it (seconds). */
export const FILE_LINK_TTL_SECONDS = 300;

/** The query parameters a signed link adds to the file route's own (`id`, `fileId`). */
export const FILE_LINK_PARAMS = {
  /** The reader's session id (its user is bound by the signature). */
  session: 'sid',
  /** Unix time in seconds after which the link is refused. */
  expires: 'exp',
  /** base64url HMAC-SHA256 of the path, the other parameters and the reader's user id. */
  signature: 'sig',
} as const;

/** When a link's signature stops opening it (ms since the epoch), or null when the link is not a signed one. */
export function fileLinkExpiresAt(url: string): number | null {
  const query = url.split('?')[1];
  if (!query) return null;
  const params = new URLSearchParams(query.split('#')[0]);
  if (!params.has(FILE_LINK_PARAMS.signature)) return null;
  const exp = Number(params.get(FILE_LINK_PARAMS.expires));
  return Number.isSafeInteger(exp) ? exp * 1000 : null;
}

/** Whether a signed link has expired at `now` (ms); an unsigned link never expires here. */
export function fileLinkExpired(url: string, now: number = Date.now()): boolean {
  const at = fileLinkExpiresAt(url);
  return at !== null && now >= at;
}
