import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FILE_LINK_PARAMS, FILE_LINK_TTL_SECONDS } from '@phjr/contract/files/file-link';
import { AppError } from '../../lib/errors.ts';
import type { SessionContext, SessionLookup } from '../auth/auth.service.ts';

/**
 * Signed links to private files (docs/security.md "Private files (issue 30)"). An `<img>` or a link opened in a new
 * tab cannot send the `satoken` header; the record answers that show a private file carry its link signed for the
 * reader instead:
 *
 *   /finance/shelter/attachment.json?id=7&fileId=…&sid=<session id>&exp=<unix s>&sig=<HMAC>
 *
 * The HMAC (SHA-256 under the server secret) covers the path, every other parameter (the record, the file, the session,
 * the expiry) and the session's user id. The file route takes such a link instead of the header (the auth plugin,
 * for operations declaring `signedLink`), and only:
 * - before `exp` (FILE_LINK_TTL_SECONDS after the record was read), else FILE_LINK_EXPIRED;
 * - unchanged (any parameter changed, added or removed breaks the signature), else FILE_LINK_INVALID;
 * - in the browser of the session it names: the httpOnly cookie FILE_COOKIE, set on that session's own calls, holds
 *   an HMAC of the session id; another browser (another user, or nobody signed in) is refused with FILE_LINK_INVALID;
 * - while that session is live (not signed out, not expired, its user active), then the route's permission and the
 *   record's own rule (who may read the visit, the case, the demand) are checked for that session, as with the header.
 */

/** The httpOnly cookie that ties a signed link to the browser of the session it was signed for. */
export const FILE_COOKIE = 'phjr_file';

const LINK = 'file-link';
const COOKIE = 'file-cookie';

export function createFileLinksService(
  secret: Buffer,
  resolveSessionById: (id: number) => Promise<SessionLookup>,
  opts: { secureCookie: boolean; now?: () => number } = { secureCookie: false },
) {
  const now = opts.now ?? (() => Date.now());
  const mac = (text: string) => createHmac('sha256', secret).update(text).digest('base64url');

  /** What the signature covers: the path, the other parameters in a fixed order, and the reader's user id. */
  function signedText(path: string, params: URLSearchParams, userId: number) {
    const entries = [...params.entries()]
      .filter(([k]) => k !== FILE_LINK_PARAMS.signature)
      .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
    return `${LINK}\n${path}\n${new URLSearchParams(entries).toString()}\n${userId}`;
  }

  /** The link to a private file of a record, for the reader of `session`, opening it for FILE_LINK_TTL_SECONDS. */
  function sign(
    session: Pick<SessionContext, 'sessionId' | 'userId'>,
    path: string,
    params: Record<string, string | number>,
  ): string {
    const q = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
    q.set(FILE_LINK_PARAMS.session, String(session.sessionId));
    q.set(FILE_LINK_PARAMS.expires, String(Math.floor(now() / 1000) + FILE_LINK_TTL_SECONDS));
    q.set(FILE_LINK_PARAMS.signature, mac(signedText(path, q, session.userId)));
    return `${path}?${q.toString()}`;
  }

  const cookieValue = (sessionId: number) => `${sessionId}.${mac(`${COOKIE}\n${sessionId}`)}`;

  /** Sets the browser's file cookie for this session, unless it already holds it (so once per session and browser). */
  function bindBrowser(req: FastifyRequest, reply: FastifyReply, session: SessionContext) {
    const value = cookieValue(session.sessionId);
    if (req.cookies[FILE_COOKIE] === value) return;
    reply.setCookie(FILE_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.secureCookie });
  }

  /** Whether the request carries a link signature (then the plugin asks sessionOfLink instead of refusing it). */
  function carriesSignature(req: FastifyRequest): boolean {
    return rawParams(req).has(FILE_LINK_PARAMS.signature);
  }

  /** The session a signed link was made for, when the link is genuine, unexpired and opened in that session's browser. */
  async function sessionOfLink(req: FastifyRequest): Promise<SessionLookup> {
    const params = rawParams(req);
    const one = (k: string) => (params.getAll(k).length === 1 ? params.get(k)! : null);
    const sig = one(FILE_LINK_PARAMS.signature);
    const sid = Number(one(FILE_LINK_PARAMS.session));
    const exp = Number(one(FILE_LINK_PARAMS.expires));
    if (!sig || !Number.isSafeInteger(sid) || sid <= 0 || !Number.isSafeInteger(exp))
      throw new AppError('FILE_LINK_INVALID');
    // Another browser's link: the cookie names another session, or none.
    if (!same(req.cookies[FILE_COOKIE] ?? '', cookieValue(sid))) throw new AppError('FILE_LINK_INVALID');
    const found = await resolveSessionById(sid);
    // The signature is checked with the session's user: a link signed for another user never matches.
    if (found.kind !== 'ok') return found;
    if (!same(sig, mac(signedText(req.routeOptions.url ?? '', params, found.session.userId))))
      throw new AppError('FILE_LINK_INVALID');
    if (now() >= exp * 1000) throw new AppError('FILE_LINK_EXPIRED');
    return found;
  }

  return { sign, bindBrowser, carriesSignature, sessionOfLink };
}

export type FileLinksService = ReturnType<typeof createFileLinksService>;

/** The query string as sent (not the parsed object: repeated keys stay visible). */
function rawParams(req: FastifyRequest) {
  const i = req.url.indexOf('?');
  return new URLSearchParams(i < 0 ? '' : req.url.slice(i + 1));
}

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
