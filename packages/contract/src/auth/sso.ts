import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZAuthUrlMapKey } from './enums.ts';
import { ZSmsLoginRequest } from './register.ts';

/** GET /getSsoAuthUrl: where a client without a session sends its user (SPEC section 4). */
export const ZGetSsoAuthUrlQuery = z.object({
  clientLoginUrl: z.string().url().max(2000),
  authUrlMapKey: ZAuthUrlMapKey.default('nonPlatform'),
});
export type GetSsoAuthUrlQuery = z.infer<typeof ZGetSsoAuthUrlQuery>;
/** data: the SSO login page URL to go to. */
export const ZGetSsoAuthUrlResponse = z.string();

/** POST /ssoserver/doLogin: password login on the SSO pages. On success data.redirectUrl carries the ticket. */
export const ZSsoLoginRequest = z.strictObject({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(16).optional(),
  /** The client URL to return to; it must be on the redirect allowlist. */
  redirect: z.string().url().max(2000),
});
export type SsoLoginRequest = z.infer<typeof ZSsoLoginRequest>;
export const ZSsoLoginResponse = z.object({
  redirectUrl: z.string(),
  /** The password was reset by an administrator: the client takes the user to the change page first (issue 30). */
  passwordChangeRequired: z.boolean(),
});

/**
 * Data of a failed SSO login, and of every other failed password check (the current password of an own-account
 * change, an enterprise's password when linking it): whether the next try needs the picture captcha.
 */
export const ZSsoLoginFailure = z.object({ captchaRequired: z.boolean() });

/** The picture captcha a password check asks for after repeated failures (GET /ssoserver/captcha). */
export const captchaFields = {
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(16).optional(),
};

/** POST /ssoserver/ssoTicket: a page with a live SSO session (cookie) gets a ticket without a password. */
export const ZSsoTicketRequest = z.strictObject({ redirect: z.string().url().max(2000) });
export const ZSsoTicketResponse = z.object({ redirectUrl: z.string() }).nullable();

/** GET /ssoserver/loginPageInfo?redirect=: tells the login page whether the captcha is needed from this address. */
export const ZLoginPageInfoQuery = z.object({ redirect: z.string().max(2000).optional() });
export const ZLoginPageInfo = z.object({ captchaRequired: z.boolean(), redirectAllowed: z.boolean() });

/** POST /doLoginByTicket (form): exchanges a ticket for the two session tokens. */
export const ZDoLoginByTicketRequest = z.strictObject({
  ticket: z.string().min(1).max(200),
  /**
   * The client address (origin + path) the ticket was issued for. Always required and always compared: a ticket
   * caught on its way (a log, a Referer) cannot be spent by another client of the allowlist.
   */
  clientLoginUrl: z.string().min(1).max(2000),
});
export const ZDoLoginByTicketResponse = z.object({ satokenClient: z.string(), satokenServer: z.string() });
export type DoLoginByTicketResponse = z.infer<typeof ZDoLoginByTicketResponse>;

/** GET /isLogin and /ssoserver/isLogin: data when the token is valid, null otherwise. */
export const ZIsLoginResponse = z.object({ userId: z.number().int(), username: z.string() }).nullable();

/**
 * Picture captchas one address may ask for in a minute (GET /ssoserver/captcha): each is a row, and one more in the
 * same minute is refused with RATE_LIMITED (docs/security.md). A person asks for a few; a login page behind one
 * shared address (an office) for some more.
 */
export const CAPTCHA_PER_ADDRESS_PER_MINUTE = 20;

/**
 * How long a picture captcha answers: the pages say it beside the picture, and a tap on the picture gives a new one
 * (WCAG 2.2.1: the limit is told and can be extended).
 */
export const CAPTCHA_TTL_MS = 120_000;

/** GET /ssoserver/captcha: a picture captcha, single use, CAPTCHA_TTL_MS; RATE_LIMITED past CAPTCHA_PER_ADDRESS_PER_MINUTE. */
export const ZCaptchaResponse = z.object({ captchaId: z.string(), image: z.string() });
export type CaptchaResponse = z.infer<typeof ZCaptchaResponse>;

/** POST /ssoserver/logout: ends the session (both tokens) at once. */
export const ZLogoutResponse = z.null();

/**
 * The single-sign-on calls (docs/sso.md). `/doLoginByTicket` is form-encoded (SPEC section 7); `isLogin` is served on
 * two paths, the client's and the SSO server's (which token is checked follows from the path).
 */
export const ssoOps = {
  authUrl: defineOperation({
    method: 'GET',
    path: '/getSsoAuthUrl',
    auth: 'public',
    query: ZGetSsoAuthUrlQuery,
    response: ZGetSsoAuthUrlResponse,
  }),
  loginPageInfo: defineOperation({
    method: 'GET',
    path: '/ssoserver/loginPageInfo',
    auth: 'public',
    query: ZLoginPageInfoQuery,
    response: ZLoginPageInfo,
  }),
  captcha: defineOperation({ method: 'GET', path: '/ssoserver/captcha', auth: 'public', response: ZCaptchaResponse }),
  login: defineOperation({
    method: 'POST',
    path: '/ssoserver/doLogin',
    auth: 'public',
    body: ZSsoLoginRequest,
    response: ZSsoLoginResponse,
  }),
  smsLogin: defineOperation({
    method: 'POST',
    path: '/ssoserver/doSmsLogin',
    auth: 'public',
    body: ZSmsLoginRequest,
    response: ZSsoLoginResponse,
  }),
  ticket: defineOperation({
    method: 'POST',
    path: '/ssoserver/ssoTicket',
    auth: 'public',
    body: ZSsoTicketRequest,
    response: ZSsoTicketResponse,
  }),
  loginByTicket: defineOperation({
    method: 'POST',
    path: '/doLoginByTicket',
    auth: 'public',
    encoding: 'form',
    body: ZDoLoginByTicketRequest,
    response: ZDoLoginByTicketResponse,
  }),
  isLogin: defineOperation({ method: 'GET', path: '/isLogin', auth: 'public', response: ZIsLoginResponse }),
  serverIsLogin: defineOperation({
    method: 'GET',
    path: '/ssoserver/isLogin',
    auth: 'public',
    response: ZIsLoginResponse,
  }),
  logout: defineOperation({
    method: 'POST',
    path: '/ssoserver/logout',
    auth: 'session',
    response: ZLogoutResponse,
    whilePasswordChangeDue: true,
  }),
};
