import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import type { SettingsService } from '../modules/system/settings.service.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery, login CSRF included: a state-changing request sent by a browser from another site is
 * refused. A browser names the page's origin in `Origin` (or at least in `Referer`); it must be the product's own
 * (PUBLIC_URL) or the origin of an SSO redirect allowlist entry (REDIRECT_ALLOWLIST, the operator's settings: the
 * clients that legitimately post here, e.g. the Vite dev server). `Origin: null` (a sandboxed or privacy-stripped
 * page) is refused. A request with neither header is not a browser's cross-site request (curl, server-to-server
 * calls, app.inject) and passes.
 *
 * It applies to every state-changing request, not only to the cookie-authenticated SSO pages: the web app always
 * sends its own Origin, so it costs nothing, and it also keeps other sites from driving the anonymous calls
 * (registration, SMS codes) from a visitor's browser and address.
 */
export const originCheckPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string; settings: SettingsService }) => {
    const own = new URL(opts.publicUrl).origin;
    // The settings service hands out the same list until it re-reads the database: derive the origins once per list.
    const originsOf = new WeakMap<string[], Set<string>>();

    async function allowed(origin: string) {
      if (origin === own) return true;
      const list = (await opts.settings.get()).redirectAllowlist;
      let origins = originsOf.get(list);
      if (!origins) {
        origins = new Set(list.map(originOf).filter((o): o is string => o !== null));
        originsOf.set(list, origins);
      }
      return origins.has(origin);
    }

    const refused = () => new AppError('ORIGIN_NOT_ALLOWED', undefined, { httpStatus: 403 });
    // Synchronous for the reads (most requests): an async hook would cost each a promise.
    app.addHook('onRequest', (req: FastifyRequest, _reply, done) => {
      if (!STATE_CHANGING.has(req.method)) return done();
      const origin = requestOrigin(req);
      if (origin === undefined) return done();
      if (origin === null) return done(refused());
      allowed(origin).then((ok) => done(ok ? undefined : refused()), done);
    });
  },
);

/** The origin a browser declared: from Origin, else from Referer; null when it is unusable; undefined when absent. */
export function requestOrigin(req: Pick<FastifyRequest, 'headers'>): string | null | undefined {
  const origin = first(req.headers.origin);
  if (origin !== undefined) return originOf(origin);
  const referer = first(req.headers.referer);
  if (referer !== undefined) return originOf(referer);
  return undefined;
}

function first(v: string | string[] | undefined) {
  return Array.isArray(v) ? v[0] : v;
}

/** The serialised origin of a URL; null for `null`, a non-URL, or a scheme without an origin (file:, data:...). */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
