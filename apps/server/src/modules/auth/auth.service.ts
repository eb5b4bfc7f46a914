import type { AuthUrlMapKey } from '@phjr/contract/auth/enums';
import type { Permission } from '@phjr/contract/orgs/permissions';
import type { SsoLoginRequest } from '@phjr/contract/auth/sso';
import type { SmsLoginRequest } from '@phjr/contract/auth/register';
import type { Db } from '../../db/client.ts';
import { NO_READ_CACHE, type ReadCache } from '../../db/read-cache.ts';
import { AppError } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { writeAudit } from '../audit/audit.ts';
import { isAllowedRedirect, type SettingsService } from '../system/settings.service.ts';
import { checkSmsCode } from '../notify/sms.codes.ts';
import type { SmsGateway } from '../notify/sms.gateway.ts';
import { createSmsGateway } from '../notify/sms.service.ts';
import * as repo from './auth.repo.ts';
import type { Captchas } from './captcha.ts';
import { accountKey, CAPTCHA_AFTER_FAILURES, createPasswordGuard, FAILURE_WINDOW_MS } from './password-guard.ts';

export const TICKET_TTL_MS = 60_000;
/** last_seen_at is written at most this often per session, to keep reads cheap. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionContext {
  sessionId: number;
  parentId: number | null;
  userId: number;
  username: string;
  name: string;
  phone: string | null;
  accountType: string;
  orgId: number | null;
  orgName: string | null;
  orgType: string | null;
  classifiedType: string | null;
  /** The user's own region, else the organisation's. */
  regionCode: string | null;
  /** Whether regionCode is the whole city (no region above it); null when there is no region or no such region. */
  regionIsCity: boolean | null;
  /**
   * The organisation's place in its tree (head office → branch → sub-branch), read with the session so that the
   * modules scoping by organisation need no second round trip: null without an organisation.
   */
  orgTree: OrgTree | null;
  chainAccess: boolean;
  certified: boolean;
  firstLogin: boolean;
  parentUserId: number | null;
  permissions: Set<Permission>;
  /** An administrator reset the password: only PasswordChangeDue calls are allowed until it is changed (issue 30). */
  mustChangePassword: boolean;
}

export interface OrgTree {
  /** The top of the organisation's tree (itself when it has no parent). */
  headId: number;
  /** The organisation, its parent and grandparent, from itself up. */
  line: number[];
  /** The organisation, its children and their children, ascending. */
  units: number[];
  /** The organisation's own region, and whether it is the whole city. */
  regionCode: string | null;
  cityWide: boolean;
}

export type SessionLookup = { kind: 'ok'; session: SessionContext } | { kind: 'expired' } | { kind: 'invalid' };

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export function createAuthService(
  db: Db,
  settings: SettingsService,
  captchas: Captchas,
  now: () => Date = () => new Date(),
  gateway: SmsGateway = createSmsGateway(db),
  sessions: ReadCache = NO_READ_CACHE,
) {
  const guard = createPasswordGuard(db, gateway, captchas, now);

  /**
   * The session of a token. A process keeps the rows it looked up (`sessions`, dropped by any change to what a session
   * carries: migration 0029 notifies), so a request usually costs no statement for its session; a refusal is never
   * decided on a kept row (another process may have touched the session since): it is looked up again first.
   */
  async function resolveSession(token: string, kind: 'client' | 'server'): Promise<SessionLookup> {
    const hash = sha256(token);
    let loaded = false;
    const row = await sessions.get(`${kind}:${hash}`, () => {
      loaded = true;
      return repo.findSessionByToken(db, hash, kind);
    });
    const found = await decide(row);
    // A row this request loaded is the database's: a refusal on it stands (an unknown token costs one statement).
    if (found.kind === 'ok' || loaded || !sessions.active) return found;
    return decide(await repo.findSessionByToken(db, hash, kind));
  }

  async function decide(row: repo.SessionRow | null): Promise<SessionLookup> {
    if (!row || row.endedAt || row.parentEndedAt || row.userStatus !== 'ACTIVE') return { kind: 'invalid' };
    const s = await settings.get();
    const t = now().getTime();
    if (
      t - row.lastSeenAt.getTime() > s.sessionIdleMinutes * 60_000 ||
      t - row.createdAt.getTime() > s.sessionAbsoluteHours * 3_600_000
    ) {
      return { kind: 'expired' };
    }
    if (t - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await repo.touchSession(db, row.id);
      // The kept row too, so this process touches it once a minute, not on every request.
      row.lastSeenAt = new Date(t);
    }
    return {
      kind: 'ok',
      session: {
        sessionId: row.id,
        parentId: row.parentId,
        userId: row.userId,
        username: row.username,
        name: row.name,
        phone: row.phone,
        accountType: row.accountType,
        orgId: row.orgId,
        orgName: row.orgName,
        orgType: row.orgType,
        classifiedType: row.classifiedType,
        regionCode: row.userRegion ?? row.orgRegion,
        regionIsCity: row.regionIsCity,
        orgTree:
          row.orgId === null
            ? null
            : {
                headId: row.orgHeadId!,
                line: row.orgLine,
                units: row.orgUnits,
                regionCode: row.orgRegion,
                cityWide: row.orgCityWide === true,
              },
        chainAccess: row.chainAccess ?? false,
        certified: row.certified,
        firstLogin: row.firstLogin,
        parentUserId: row.parentUserId,
        permissions: new Set(row.permissions as Permission[]),
        mustChangePassword: row.mustChangePassword === true,
      },
    };
  }

  async function assertRedirect(url: string) {
    const s = await settings.get();
    if (!isAllowedRedirect(url, s.redirectAllowlist)) throw new AppError('REDIRECT_NOT_ALLOWED');
  }

  /** ssoOps.authUrl: the SSO page for this kind of client, on this server. */
  async function ssoAuthUrl(clientLoginUrl: string, key: AuthUrlMapKey): Promise<string> {
    await assertRedirect(clientLoginUrl);
    const page = key === 'platform' ? '/sso/welcome' : '/sso/login';
    return `${page}?redirect=${encodeURIComponent(clientLoginUrl)}`;
  }

  async function loginPageInfo(ip: string, redirect: string | undefined) {
    const f = await repo.countAddressFailures(db, ip, new Date(now().getTime() - FAILURE_WINDOW_MS));
    const s = await settings.get();
    return {
      captchaRequired: f >= CAPTCHA_AFTER_FAILURES,
      redirectAllowed: !!redirect && isAllowedRedirect(redirect, s.redirectAllowlist),
    };
  }

  /** ssoOps.captcha: a new picture for this address, within its limit per minute (captcha.ts). */
  async function createCaptcha(ip: string) {
    return captchas.create(ip);
  }

  async function checkCaptcha(id: string | undefined, code: string | undefined) {
    await captchas.check(db, id, code);
  }

  /**
   * ssoOps.login (password). The answer never tells whether the account exists. Failures count per account, whether
   * it is named by its account name or its phone (password-guard.ts).
   */
  async function passwordLogin(input: SsoLoginRequest, meta: RequestMeta) {
    await assertRedirect(input.redirect);
    const typed = input.username.trim();
    const found = await repo.findUserForLogin(db, typed);
    const key = accountKey(found?.username ?? typed);
    const user = await guard.verify(
      {
        account: found,
        typed,
        password: input.password,
        ip: meta.ip,
        captchaId: input.captchaId,
        captchaCode: input.captchaCode,
      },
      {
        failed: 'LOGIN_FAILED',
        locked: 'LOGIN_LOCKED',
        audit: { action: 'login.failed', userId: found?.id ?? null, target: key },
      },
    );
    return openSsoSession(user, key, input.redirect, meta);
  }

  /** The SSO session and the first ticket of a successful login (password or SMS): one code path for both. */
  async function openSsoSession(
    user: { id: number; lastLoginAt: Date | null; mustChangePassword: boolean },
    key: string,
    redirect: string,
    meta: RequestMeta,
    via: 'login' | 'login.sms' = 'login',
  ) {
    const serverToken = randomToken();
    const result = await db.transaction(async (tx) => {
      await repo.clearFailures(tx, key);
      const ssoSessionId = await repo.insertSession(tx, {
        kind: 'SSO',
        parentId: null,
        userId: user.id,
        clientTokenHash: null,
        serverTokenHash: sha256(serverToken),
        firstLogin: user.lastLoginAt === null,
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      const redirectUrl = await issueTicket(tx, ssoSessionId, user.id, redirect);
      await writeAudit(tx, { userId: user.id, action: via, target: key, ip: meta.ip });
      // Issue 30: the sign-in says that a change is due; the client goes to the change page first.
      return { redirectUrl, passwordChangeRequired: user.mustChangePassword };
    });
    return { ...result, ssoToken: serverToken };
  }

  /**
   * ssoOps.smsLogin: phone + SMS code. A wrong code and an unregistered phone get the same answer, so the
   * call cannot be used to learn whether a phone has an account.
   */
  async function smsLogin(input: SmsLoginRequest, meta: RequestMeta) {
    await assertRedirect(input.redirect);
    const codeOk = await checkSmsCode(db, input.phone, 'LOGIN', input.smsCode);
    const user = codeOk ? await repo.findUserForLogin(db, input.phone) : null;
    if (!codeOk || !user || user.status !== 'ACTIVE') {
      await writeAudit(db, { userId: user?.id ?? null, action: 'login.sms.failed', target: input.phone, ip: meta.ip });
      throw new AppError('SMS_LOGIN_FAILED');
    }
    return openSsoSession(user, accountKey(user.username), input.redirect, meta, 'login.sms');
  }

  async function issueTicket(
    tx: Parameters<typeof repo.insertTicket>[0],
    ssoSessionId: number,
    userId: number,
    clientUrl: string,
  ) {
    const ticket = randomToken();
    await repo.insertTicket(tx, {
      ticketHash: sha256(ticket),
      ssoSessionId,
      userId,
      clientUrl,
      expiresAt: new Date(now().getTime() + TICKET_TTL_MS),
    });
    const u = new URL(clientUrl);
    u.searchParams.set('ticket', ticket);
    u.hash = '';
    return u.toString();
  }

  /** ssoOps.ticket: a live SSO cookie signs the user in to another client without a password. */
  async function ticketForSsoSession(ssoToken: string | undefined, redirect: string) {
    await assertRedirect(redirect);
    if (!ssoToken) return null;
    const found = await resolveSession(ssoToken, 'server');
    if (found.kind !== 'ok' || found.session.parentId !== null) return null;
    return { redirectUrl: await issueTicket(db, found.session.sessionId, found.session.userId, redirect) };
  }

  /**
   * ssoOps.loginByTicket: single use, 60 s, and only for the client address (origin + path) it was issued for,
   * which the caller must always name. A ticket shown for another address is used up all the same.
   */
  async function exchangeTicket(ticket: string, clientLoginUrl: string, meta: RequestMeta) {
    const used = await db.transaction(async (tx) => {
      const row = await repo.consumeTicket(tx, sha256(ticket));
      if (!row) return null;
      if (stripQuery(clientLoginUrl) !== stripQuery(row.clientUrl)) return null;
      const satokenClient = randomToken();
      const satokenServer = randomToken();
      const user = await repo.findUserById(tx, row.userId);
      if (!user || user.status !== 'ACTIVE') return null;
      await repo.insertSession(tx, {
        kind: 'CLIENT',
        parentId: row.ssoSessionId,
        userId: row.userId,
        clientTokenHash: sha256(satokenClient),
        serverTokenHash: sha256(satokenServer),
        firstLogin: user.lastLoginAt === null,
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      await repo.markLoggedIn(tx, row.userId);
      return { satokenClient, satokenServer };
    });
    if (!used) throw new AppError('TICKET_INVALID');
    return used;
  }

  async function logout(session: SessionContext, ip: string) {
    await db.transaction(async (tx) => {
      await repo.endSessionFamily(tx, session.sessionId, session.parentId);
      await writeAudit(tx, { userId: session.userId, action: 'logout', ip });
    });
  }

  /**
   * The session a signed file link names (modules/files/file-links.ts): the same rules as a token's (ended, expired,
   * user not active), read from the database each time (a link opens a file, not a page of calls).
   */
  async function resolveSessionById(sessionId: number): Promise<SessionLookup> {
    return decide(await repo.findClientSessionById(db, sessionId));
  }

  return {
    resolveSession,
    resolveSessionById,
    ssoAuthUrl,
    loginPageInfo,
    createCaptcha,
    checkCaptcha,
    passwordLogin,
    smsLogin,
    ticketForSsoSession,
    exchangeTicket,
    logout,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function stripQuery(url: string) {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return url;
  }
}
