import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ssoOps } from '@phjr/contract/auth/sso';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { AuthService, RequestMeta } from './auth.service.ts';

export const SSO_COOKIE = 'phjr_sso';

function meta(req: FastifyRequest): RequestMeta {
  return { ip: req.ip, userAgent: req.headers['user-agent']?.slice(0, 300) ?? null };
}

/** The single-sign-on server and the client's ticket exchange (docs/sso.md). */
export async function authRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; secureCookie: boolean; ssoCookieMaxAgeSeconds: number },
) {
  const { auth } = opts;
  const tags = ['auth'];

  routeOperation(
    app,
    ssoOps.authUrl,
    async (req) => auth.ssoAuthUrl(req.query.clientLoginUrl, req.query.authUrlMapKey),
    { tags },
  );

  routeOperation(app, ssoOps.loginPageInfo, async (req) => auth.loginPageInfo(req.ip, req.query.redirect), { tags });

  routeOperation(
    app,
    ssoOps.captcha,
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return auth.createCaptcha(req.ip);
    },
    { tags },
  );

  routeOperation(
    app,
    ssoOps.login,
    async (req, reply) => {
      const result = await auth.passwordLogin(req.body, meta(req));
      setSsoCookie(reply, result.ssoToken, opts);
      return { redirectUrl: result.redirectUrl, passwordChangeRequired: result.passwordChangeRequired };
    },
    { tags },
  );

  routeOperation(
    app,
    ssoOps.smsLogin,
    async (req, reply) => {
      const result = await auth.smsLogin(req.body, meta(req));
      setSsoCookie(reply, result.ssoToken, opts);
      return { redirectUrl: result.redirectUrl, passwordChangeRequired: result.passwordChangeRequired };
    },
    { tags },
  );

  routeOperation(
    app,
    ssoOps.ticket,
    async (req) => auth.ticketForSsoSession(req.cookies[SSO_COOKIE], req.body.redirect),
    { tags },
  );

  routeOperation(
    app,
    ssoOps.loginByTicket,
    async (req) => auth.exchangeTicket(req.body.ticket, req.body.clientLoginUrl, meta(req)),
    { tags },
  );

  for (const op of [ssoOps.isLogin, ssoOps.serverIsLogin]) {
    routeOperation(
      app,
      op,
      async (req) => (req.session ? { userId: req.session.userId, username: req.session.username } : null),
      { tags },
    );
  }

  routeOperation(
    app,
    ssoOps.logout,
    async (req, reply) => {
      await auth.logout(sessionOf(req), req.ip);
      reply.clearCookie(SSO_COOKIE, { path: '/ssoserver' });
      return null;
    },
    { tags },
  );
}

function setSsoCookie(
  reply: FastifyReply,
  token: string,
  opts: { secureCookie: boolean; ssoCookieMaxAgeSeconds: number },
) {
  reply.setCookie(SSO_COOKIE, token, {
    path: '/ssoserver',
    httpOnly: true,
    sameSite: 'lax',
    secure: opts.secureCookie,
    maxAge: opts.ssoCookieMaxAgeSeconds,
  });
}
