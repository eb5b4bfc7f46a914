import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import type { Permission } from '@phjr/contract/orgs/permissions';
import { AppError } from '../lib/errors.ts';
import type { AuthService, SessionContext, SessionLookup } from '../modules/auth/auth.service.ts';
import type { FileLinksService } from '../modules/files/file-links.ts';

/** What a route needs: nothing, a live session, a permission of the session's roles, or any one of several. */
export type RouteAuth = 'public' | 'session' | { permission: Permission } | { anyPermission: readonly Permission[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** The operation may be called while the session's password change is due (OperationDef.whilePasswordChangeDue). */
    whilePasswordChangeDue?: boolean;
    /** A private file's route: a link signed for a session may stand for the header (OperationDef.signedLink). */
    signedLink?: boolean;
  }
  interface FastifyRequest {
    session: SessionContext | null;
  }
  interface FastifyInstance {
    /**
     * Every registered route with what it needs: the authorization matrix test walks this list, and the fuzz test
     * derives its malformed requests from each route's request schemas.
     */
    routeAuthTable: { method: string; url: string; auth: RouteAuth; schema?: FastifySchema }[];
  }
}

export const TOKEN_HEADER = 'satoken';

/** The token the client sends: the server token on /ssoserver paths, the client token everywhere else. */
export function tokenKind(url: string): 'server' | 'client' {
  return url.includes('/ssoserver') ? 'server' : 'client';
}

/**
 * Authorization in one place. Every route must declare `config.auth`; a route without it fails at start-up, so no
 * route can be added without a decision (and without an entry in the authorization matrix test).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { auth: AuthService; fileLinks: FileLinksService }) => {
  app.decorate('routeAuthTable', []);
  app.decorateRequest('session', null);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    const config = (route.config ?? {}) as { auth?: RouteAuth };
    if (!config.auth) {
      // The API documentation and the built web app's static files are public by nature.
      if (url.startsWith('/docs') || isStaticFile(url)) config.auth = 'public';
      else throw new Error(`Route ${String(route.method)} ${url} declares no config.auth`);
      route.config = config as typeof route.config;
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || url.startsWith('/docs') || isStaticFile(url)) continue;
      app.routeAuthTable.push({ method, url, auth: config.auth, schema: route.schema });
    }
  });

  // Callback style: a request without a token (the portal's) passes without a promise.
  app.addHook('onRequest', (req: FastifyRequest, reply, done) => {
    const need = req.routeOptions.config.auth ?? 'public';
    const raw = req.headers[TOKEN_HEADER];
    const token = Array.isArray(raw) ? raw[0] : raw;
    let lookup: Promise<SessionLookup>;
    if (token) lookup = opts.auth.resolveSession(token, tokenKind(req.url));
    // A private file opened by an <img> or in a new tab: a link signed for a session stands for the header (issue 30).
    else if (req.routeOptions.config.signedLink && opts.fileLinks.carriesSignature(req))
      lookup = opts.fileLinks.sessionOfLink(req);
    else return done(need === 'public' ? undefined : new AppError('UNAUTHENTICATED'));
    lookup.then((result) => {
      if (result.kind === 'ok') {
        req.session = result.session;
        // The browser of a client session holds the cookie its signed file links need (files/file-links.ts).
        if (token && tokenKind(req.url) === 'client') opts.fileLinks.bindBrowser(req, reply, result.session);
      }
      const refused = refusal(need, result.kind, req.session);
      // Issue 30: after an administrator's reset, the session may only set a new password (and sign out) first.
      if (
        !refused &&
        need !== 'public' &&
        req.session?.mustChangePassword &&
        !req.routeOptions.config.whilePasswordChangeDue
      ) {
        return done(new AppError('PASSWORD_CHANGE_REQUIRED'));
      }
      done(refused);
    }, done);
  });
});

/** Why a request that sent a token may not go on, if it may not. */
function refusal(
  need: RouteAuth,
  kind: 'ok' | 'expired' | 'invalid',
  session: SessionContext | null,
): AppError | undefined {
  if (need === 'public') return undefined;
  if (kind === 'expired') return new AppError('SESSION_EXPIRED');
  if (kind === 'invalid') return new AppError('SESSION_INVALID');
  if (typeof need === 'object' && !hasNeeded(session!.permissions, need)) return new AppError('FORBIDDEN');
  return undefined;
}

function hasNeeded(granted: Set<Permission>, need: Exclude<RouteAuth, string>) {
  return 'permission' in need ? granted.has(need.permission) : need.anyPermission.some((p) => granted.has(p));
}

/** The session of a route that declared 'session' or a permission (the hook guarantees it is there). */
export function sessionOf(req: FastifyRequest): SessionContext {
  if (!req.session) throw new AppError('UNAUTHENTICATED');
  return req.session;
}

function isStaticFile(url: string) {
  return /\.[a-z0-9]+$/i.test(url) && !url.endsWith('.json') && !url.endsWith('.do');
}
