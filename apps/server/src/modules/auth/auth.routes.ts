import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@phjr/contract/envelope';
import {
  ZCaptchaResponse,
  ZDoLoginByTicketRequest,
  ZDoLoginByTicketResponse,
  ZGetSsoAuthUrlQuery,
  ZGetSsoAuthUrlResponse,
  ZIsLoginResponse,
  ZLoginPageInfo,
  ZLoginPageInfoQuery,
  ZLogoutResponse,
  ZSsoLoginRequest,
  ZSsoLoginResponse,
  ZSsoTicketRequest,
  ZSsoTicketResponse,
} from '@phjr/contract/auth/sso';
import { ZSmsLoginRequest } from '@phjr/contract/auth/register';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { AuthService, RequestMeta } from './auth.service.ts';

export const SSO_COOKIE = 'phjr_sso';

function meta(req: FastifyRequest): RequestMeta {
  return { ip: req.ip, userAgent: req.headers['user-agent']?.slice(0, 300) ?? null };
}

/** The single-sign-on server and the client's ticket exchange (docs/sso.md). */
export async function authRoutes(app: FastifyInstance, opts: { auth: AuthService; secureCookie: boolean; ssoCookieMaxAgeSeconds: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth } = opts;
  const tags = ['auth'];

  r.get(
    '/getSsoAuthUrl',
    { config: { auth: 'public' }, schema: { tags, querystring: ZGetSsoAuthUrlQuery, response: { 200: envelope(ZGetSsoAuthUrlResponse) } } },
    async (req) => ok(await auth.ssoAuthUrl(req.query.clientLoginUrl, req.query.authUrlMapKey)),
  );

  r.get(
    '/ssoserver/loginPageInfo',
    { config: { auth: 'public' }, schema: { tags, querystring: ZLoginPageInfoQuery, response: { 200: envelope(ZLoginPageInfo) } } },
    async (req) => ok(await auth.loginPageInfo(req.ip, req.query.redirect)),
  );

  r.get('/ssoserver/captcha', { config: { auth: 'public' }, schema: { tags, response: { 200: envelope(ZCaptchaResponse) } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await auth.createCaptcha());
  });

  r.post(
    '/ssoserver/doLogin',
    { config: { auth: 'public' }, schema: { tags, body: ZSsoLoginRequest, response: { 200: envelope(ZSsoLoginResponse) } } },
    async (req, reply) => {
      const result = await auth.passwordLogin(req.body, meta(req));
      setSsoCookie(reply, result.ssoToken, opts);
      return ok({ redirectUrl: result.redirectUrl });
    },
  );

  r.post(
    '/ssoserver/doSmsLogin',
    { config: { auth: 'public' }, schema: { tags, body: ZSmsLoginRequest, response: { 200: envelope(ZSsoLoginResponse) } } },
    async (req, reply) => {
      const result = await auth.smsLogin(req.body, meta(req));
      setSsoCookie(reply, result.ssoToken, opts);
      return ok({ redirectUrl: result.redirectUrl });
    },
  );

  r.post(
    '/ssoserver/ssoTicket',
    { config: { auth: 'public' }, schema: { tags, body: ZSsoTicketRequest, response: { 200: envelope(ZSsoTicketResponse) } } },
    async (req) => ok(await auth.ticketForSsoSession(req.cookies[SSO_COOKIE], req.body.redirect)),
  );

  r.post(
    '/doLoginByTicket',
    { config: { auth: 'public' }, schema: { tags, body: ZDoLoginByTicketRequest, response: { 200: envelope(ZDoLoginByTicketResponse) } } },
    async (req) => ok(await auth.exchangeTicket(req.body.ticket, req.body.clientLoginUrl, meta(req))),
  );

  for (const path of ['/isLogin', '/ssoserver/isLogin']) {
    r.get(path, { config: { auth: 'public' }, schema: { tags, response: { 200: envelope(ZIsLoginResponse) } } }, async (req) =>
      ok(req.session ? { userId: req.session.userId, username: req.session.username } : null),
    );
  }

  r.post('/ssoserver/logout', { config: { auth: 'session' }, schema: { tags, response: { 200: envelope(ZLogoutResponse) } } }, async (req, reply) => {
    await auth.logout(sessionOf(req), req.ip);
    reply.clearCookie(SSO_COOKIE, { path: '/ssoserver' });
    return ok(null);
  });
}

function setSsoCookie(reply: FastifyReply, token: string, opts: { secureCookie: boolean; ssoCookieMaxAgeSeconds: number }) {
  reply.setCookie(SSO_COOKIE, token, {
    path: '/ssoserver',
    httpOnly: true,
    sameSite: 'lax',
    secure: opts.secureCookie,
    maxAge: opts.ssoCookieMaxAgeSeconds,
  });
}
