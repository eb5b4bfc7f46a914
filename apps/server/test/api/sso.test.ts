import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_URL,
  call,
  createTestApp,
  login,
  nextIp,
  signIn,
  ticketOf,
  type TestApp,
  type Tokens,
} from '../helpers.ts';
import { insertUser, setUserStatus } from '../../src/seed/factories.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { sql } from 'drizzle-orm';
import { findSessionByToken } from '../../src/modules/auth/auth.repo.ts';
import { sha256 } from '../../src/lib/crypto.ts';
import { CAPTCHA_PER_ADDRESS_PER_MINUTE } from '@phjr/contract/auth/sso';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function passwordLogin(username: string, password: string, ip: string, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/ssoserver/doLogin',
    payload: { username, password, redirect: CLIENT_URL, ...extra },
    remoteAddress: ip,
  });
}

async function newUser(prefix: string) {
  const username = `${prefix}${Math.random().toString(36).slice(2, 8)}`;
  const id = await insertUser(t.database.db, {
    username,
    name: prefix,
    password: DEMO_PASSWORD,
    accountType: 'PERSON',
    roleCodes: ['PERSON'],
  });
  return { id, username };
}

/** A captcha and its answer, as a person would read the picture (the app tells the tests; the row keeps a keyed hash). */
async function solveCaptcha() {
  const res = await t.app.inject({ method: 'GET', url: '/ssoserver/captcha', remoteAddress: nextIp() });
  const { captchaId, image } = res.json().data;
  expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
  return { captchaId, captchaCode: t.captchaAnswer(captchaId).toUpperCase() };
}

describe('GET /getSsoAuthUrl', () => {
  it('sends institutions to the welcome page and persons to the personal login page', async () => {
    const inst = await t.app.inject({
      url: `/getSsoAuthUrl?clientLoginUrl=${encodeURIComponent(CLIENT_URL)}&authUrlMapKey=platform`,
    });
    expect(inst.json().data).toBe(`/sso/welcome?redirect=${encodeURIComponent(CLIENT_URL)}`);
    const person = await t.app.inject({
      url: `/getSsoAuthUrl?clientLoginUrl=${encodeURIComponent(CLIENT_URL)}&authUrlMapKey=nonPlatform`,
    });
    expect(person.json().data).toBe(`/sso/login?redirect=${encodeURIComponent(CLIENT_URL)}`);
  });

  it.each([
    'https://evil.example.com/home',
    'http://localhost:3000.evil.com/home',
    'http://user:pw@localhost:3000/home',
    'javascript:alert(1)',
  ])('refuses the foreign redirect %s', async (target) => {
    const res = await t.app.inject({
      url: `/getSsoAuthUrl?clientLoginUrl=${encodeURIComponent(target)}&authUrlMapKey=platform`,
    });
    expect(res.json()).toMatchObject({
      success: false,
      errorCode: expect.stringMatching(/REDIRECT_NOT_ALLOWED|VALIDATION/),
    });
  });

  it('refuses a foreign redirect at login too, before checking the password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ssoserver/doLogin',
      payload: { username: 'bank', password: DEMO_PASSWORD, redirect: 'https://evil.example.com/home' },
      remoteAddress: nextIp(),
    });
    expect(res.json()).toMatchObject({ success: false, errorCode: 'REDIRECT_NOT_ALLOWED' });
    expect(res.json().data?.redirectUrl).toBeUndefined();
  });
});

describe('tickets', () => {
  it('exchanges a ticket once, for both tokens, and refuses it the second time', async () => {
    const ip = nextIp();
    const res = await passwordLogin('bank', DEMO_PASSWORD, ip);
    expect(res.json().success).toBe(true);
    const ticket = ticketOf(res.json().data.redirectUrl);
    expect(ticket.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    const first = await t.app.inject({
      method: 'POST',
      url: '/doLoginByTicket',
      payload: `ticket=${ticket}&clientLoginUrl=${encodeURIComponent(CLIENT_URL)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(first.json()).toMatchObject({
      success: true,
      code: 200,
      data: { satokenClient: expect.any(String), satokenServer: expect.any(String) },
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/doLoginByTicket',
      payload: `ticket=${ticket}&clientLoginUrl=${encodeURIComponent(CLIENT_URL)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.json()).toMatchObject({ success: false, errorCode: 'TICKET_INVALID' });
  });

  it('refuses an expired ticket', async () => {
    const res = await passwordLogin('bank', DEMO_PASSWORD, nextIp());
    const ticket = ticketOf(res.json().data.redirectUrl);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const late = await t.app.inject({
        method: 'POST',
        url: '/doLoginByTicket',
        payload: { ticket, clientLoginUrl: CLIENT_URL },
      });
      expect(late.json()).toMatchObject({ success: false, errorCode: 'TICKET_INVALID' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('always binds a ticket to its client URL: refused without one, refused (and used up) for another path', async () => {
    const ticketFor = async () =>
      ticketOf((await passwordLogin('bank', DEMO_PASSWORD, nextIp())).json().data.redirectUrl);
    const exchange = (payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/doLoginByTicket', payload });

    const bare = await ticketFor();
    expect((await exchange({ ticket: bare })).json()).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect((await exchange({ ticket: bare, clientLoginUrl: '' })).json()).toMatchObject({
      success: false,
      errorCode: 'VALIDATION',
    });

    const stolen = await ticketFor();
    const other = await exchange({ ticket: stolen, clientLoginUrl: 'http://localhost:3000/operateClient/home' });
    expect(other.json()).toMatchObject({ success: false, errorCode: 'TICKET_INVALID' });
    // A wrong guess spends the ticket: the address cannot be guessed path by path.
    expect((await exchange({ ticket: stolen, clientLoginUrl: CLIENT_URL })).json()).toMatchObject({
      success: false,
      errorCode: 'TICKET_INVALID',
    });

    // The query and the fragment of the address are not part of the binding.
    const good = await exchange({ ticket: await ticketFor(), clientLoginUrl: `${CLIENT_URL}?tab=2#top` });
    expect(good.json()).toMatchObject({ success: true, data: { satokenClient: expect.any(String) } });
    // The ticket without a client URL, never spent by the refused calls above, still works for its own address.
    expect((await exchange({ ticket: bare, clientLoginUrl: CLIENT_URL })).json()).toMatchObject({ success: true });
  });

  it('refuses an unknown ticket', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/doLoginByTicket',
      payload: { ticket: 'made-up', clientLoginUrl: CLIENT_URL },
    });
    expect(res.json()).toMatchObject({ success: false, errorCode: 'TICKET_INVALID' });
  });

  it('signs in to another client from the SSO cookie without a password', async () => {
    const res = await passwordLogin('person', DEMO_PASSWORD, nextIp());
    const cookie = res.cookies.find((c) => c.name === 'phjr_sso');
    expect(cookie?.httpOnly).toBe(true);
    const again = await t.app.inject({
      method: 'POST',
      url: '/ssoserver/ssoTicket',
      payload: { redirect: CLIENT_URL },
      cookies: { phjr_sso: cookie!.value },
    });
    expect(ticketOf(again.json().data.redirectUrl)).not.toBe('');
    const none = await t.app.inject({ method: 'POST', url: '/ssoserver/ssoTicket', payload: { redirect: CLIENT_URL } });
    expect(none.json()).toMatchObject({ success: true, data: null });
  });
});

describe('failed logins', () => {
  it('counts a wrong password and answers the same for an unknown account', async () => {
    const { username } = await newUser('wrong');
    const ip = nextIp();
    const wrong = await passwordLogin(username, 'Not-the-password1', ip);
    const unknown = await passwordLogin(`${username}-nobody`, 'Not-the-password1', nextIp());
    expect(wrong.json()).toMatchObject({ success: false, errorCode: 'LOGIN_FAILED', data: { captchaRequired: false } });
    expect(unknown.json()).toMatchObject({
      success: false,
      errorCode: 'LOGIN_FAILED',
      data: { captchaRequired: false },
    });
    expect(wrong.json().errorMessage).toBe(unknown.json().errorMessage);
    const rows = await t.database.pool.query('SELECT count(*)::int AS n FROM login_failures WHERE account_key = $1', [
      username,
    ]);
    expect(rows.rows[0].n).toBe(1);
  });

  it('requires the captcha after 3 failures for an account, then accepts the right password with it', async () => {
    const { username } = await newUser('cap');
    for (let i = 0; i < 3; i++) await passwordLogin(username, 'Not-the-password1', nextIp());
    const noCaptcha = await passwordLogin(username, DEMO_PASSWORD, nextIp());
    expect(noCaptcha.json()).toMatchObject({
      success: false,
      errorCode: 'CAPTCHA_REQUIRED',
      data: { captchaRequired: true },
    });
    const badCaptcha = await passwordLogin(username, DEMO_PASSWORD, nextIp(), {
      captchaId: (await solveCaptcha()).captchaId,
      captchaCode: 'zzzz',
    });
    expect(badCaptcha.json()).toMatchObject({ success: false, errorCode: 'CAPTCHA_INVALID' });
    const captcha = await solveCaptcha();
    const good = await passwordLogin(username, DEMO_PASSWORD, nextIp(), captcha);
    expect(good.json().success).toBe(true);
    // A captcha is single use.
    const reused = await passwordLogin(username, DEMO_PASSWORD, nextIp(), captcha);
    expect(reused.json().success).toBe(true); // failures were cleared by the success, so no captcha is asked
  });

  it('requires the captcha after 3 failures from one address, whatever the account', async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++) await passwordLogin(`nobody-${i}-${ip}`, 'Not-the-password1', ip);
    const info = await t.app.inject({
      url: `/ssoserver/loginPageInfo?redirect=${encodeURIComponent(CLIENT_URL)}`,
      remoteAddress: ip,
    });
    expect(info.json().data).toEqual({ captchaRequired: true, redirectAllowed: true });
    const res = await passwordLogin('person', DEMO_PASSWORD, ip);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'CAPTCHA_REQUIRED' });
  });

  it('a captcha is used up by one try, right or wrong', async () => {
    const { username } = await newUser('once');
    for (let i = 0; i < 3; i++) await passwordLogin(username, 'Not-the-password1', nextIp());
    const captcha = await solveCaptcha();
    await passwordLogin(username, 'Not-the-password1', nextIp(), captcha);
    const second = await passwordLogin(username, DEMO_PASSWORD, nextIp(), captcha);
    expect(second.json()).toMatchObject({ success: false, errorCode: 'CAPTCHA_INVALID' });
  });

  it('locks password login for an account after 5 failures, even with the right password and a captcha', async () => {
    const { username } = await newUser('lock');
    for (let i = 0; i < 3; i++) await passwordLogin(username, 'Not-the-password1', nextIp());
    for (let i = 0; i < 2; i++) await passwordLogin(username, 'Not-the-password1', nextIp(), await solveCaptcha());
    const res = await passwordLogin(username, DEMO_PASSWORD, nextIp(), await solveCaptcha());
    expect(res.json()).toMatchObject({ success: false, errorCode: 'LOGIN_LOCKED' });
  });
});

describe('picture captchas', () => {
  it('keeps the answer only as a keyed hash, and takes it back in either case', async () => {
    const { captchaId, captchaCode } = await solveCaptcha();
    const answer = captchaCode.toLowerCase();
    const columns = await t.database.pool.query(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'captchas' ORDER BY column_name",
    );
    expect(columns.rows.map((r) => r.column_name)).toEqual([
      'answer_hash',
      'created_at',
      'expires_at',
      'id',
      'ip',
      'used_at',
    ]);
    const row = (await t.database.pool.query('SELECT answer_hash FROM captchas WHERE id = $1', [captchaId])).rows[0];
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    // Not the answer, nor a hash anyone could compute without the server's key.
    for (const unkeyed of [answer, sha256(answer), sha256(`${captchaId}:${answer}`), sha256(`${answer}${captchaId}`)])
      expect(row.answer_hash).not.toBe(unkeyed);
    const { username } = await newUser('cap');
    const ip = nextIp();
    for (let i = 0; i < 3; i++) await passwordLogin(username, 'Not-the-password1', ip);
    expect(
      (await passwordLogin(username, DEMO_PASSWORD, ip, { captchaId, captchaCode: answer.toUpperCase() })).json()
        .success,
    ).toBe(true);
  });

  it(`gives an address ${CAPTCHA_PER_ADDRESS_PER_MINUTE} pictures a minute, however many ask at once, then RATE_LIMITED without a row`, async () => {
    const ip = nextIp();
    const ask = (from = ip) => t.app.inject({ method: 'GET', url: '/ssoserver/captcha', remoteAddress: from });
    const answers = await Promise.all(Array.from({ length: CAPTCHA_PER_ADDRESS_PER_MINUTE + 6 }, () => ask()));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(CAPTCHA_PER_ADDRESS_PER_MINUTE);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(6);
    for (const r of refused) expect([r.statusCode, r.json().errorCode]).toEqual([429, 'RATE_LIMITED']);
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM captchas WHERE ip = $1', [ip])).rows[0].n).toBe(
      CAPTCHA_PER_ADDRESS_PER_MINUTE,
    );
    // Another address is not held back, and the minute passes.
    expect((await ask(nextIp())).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      expect((await ask()).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('sessions', () => {
  it('loads the user info with role, organisation and resources', async () => {
    const tokens = await login(t.app, 'operator');
    const res = await call(t.app, tokens, { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' });
    const data = res.json().data;
    expect(data).toMatchObject({
      username: 'operator',
      accountType: { code: 'PLATFORM' },
      orgTypeEnum: { code: 'ROOT' },
      classifiedOrgTypeEnum: { code: 'PLATFORM' },
    });
    expect(data.resourceList).toContain('/operateClient/home');
    expect(data.resourceList).not.toContain('/userClient/home');
    expect(data.phone).toBe('138****0001');
  });

  it('gives banks with chain access the /financialChain resources and government the /govermentChain ones', async () => {
    const bank = (
      await call(t.app, await login(t.app, 'bank'), { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' })
    ).json().data;
    expect(bank.chainAccess).toBe(true);
    expect(bank.resourceList).toContain('/financialChain/home');
    const gov = (
      await call(t.app, await login(t.app, 'gov'), { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' })
    ).json().data;
    expect(gov.resourceList).toContain('/govermentChain/home');
    const rsj = (
      await call(t.app, await login(t.app, 'rsj'), { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' })
    ).json().data;
    expect(rsj.resourceList).not.toContain('/govermentChain/home');
  });

  it('reads the organisation tree and the region level with the session, in its one statement', async () => {
    const db = t.database.db;
    const orgs = await db.execute<{
      id: string;
      parentId: string | null;
      level: string;
      region: string;
      city: boolean;
    }>(sql`
      SELECT o.id, o.parent_id AS "parentId", o.level, o.region_code AS region, r.parent_code IS NULL AS city
      FROM orgs o JOIN regions r ON r.code = o.region_code WHERE o.classified_type = 'BANK' ORDER BY o.id`);
    const sub = orgs.rows.find((o) => o.level === 'SUB' && !o.city)!;
    const branch = orgs.rows.find((o) => o.id === sub.parentId)!;
    const head = orgs.rows.find((o) => o.id === branch.parentId)!;
    const username = `tree${Date.now() % 1e9}`;
    await insertUser(db, {
      username,
      name: '支行客户经理',
      password: DEMO_PASSWORD,
      accountType: 'BANK',
      orgId: Number(sub.id),
      roleCodes: ['BANK_ADMIN'],
    });
    const session = async (name: string) =>
      (await findSessionByToken(db, sha256((await login(t.app, name)).satokenClient), 'client'))!;
    const below = await session(username);
    expect(below).toMatchObject({
      orgHeadId: Number(head.id),
      orgLine: [Number(sub.id), Number(branch.id), Number(head.id)],
      orgUnits: [Number(sub.id)],
      orgCityWide: false,
      regionIsCity: false,
    });
    const top = await session('bank');
    const underHead = orgs.rows.filter(
      (o) =>
        o.id === head.id ||
        o.parentId === head.id ||
        orgs.rows.some((b) => b.id === o.parentId && b.parentId === head.id),
    );
    expect(top).toMatchObject({
      orgHeadId: Number(head.id),
      orgLine: [Number(head.id)],
      orgUnits: underHead.map((o) => Number(o.id)),
      regionIsCity: true,
    });
    expect(top.orgUnits).toContain(Number(sub.id));
    expect(await session('person')).toMatchObject({ orgHeadId: null, orgLine: [], orgUnits: [] });
  });

  it('answers isLogin with the user, or null without a valid token', async () => {
    const tokens = await login(t.app, 'person');
    expect((await call(t.app, tokens, { url: '/isLogin' })).json().data).toMatchObject({ username: 'person' });
    expect((await call(t.app, tokens, { url: '/ssoserver/isLogin' })).json().data).toMatchObject({
      username: 'person',
    });
    // The client token is not the server token: /ssoserver paths need the server one.
    const crossed = await t.app.inject({ url: '/ssoserver/isLogin', headers: { satoken: tokens.satokenClient } });
    expect(crossed.json().data).toBeNull();
    expect((await t.app.inject({ url: '/isLogin' })).json().data).toBeNull();
  });

  it('answers 401 with code 401 without a token, and 20401 for an unknown one', async () => {
    const none = await t.app.inject({ url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, code: 401, errorCode: 'UNAUTHENTICATED' });
    const bad = await t.app.inject({
      url: '/zscms/user/getUserInfo.json?sysEnum=PHJR',
      headers: { satoken: 'nonsense' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ success: false, code: 20401 });
  });

  it('expires a session after the idle timeout with HTTP 401 and code 20002', async () => {
    const tokens = await login(t.app, 'person');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 121 * 60_000);
      const res = await call(t.app, tokens, { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 20002, errorCode: 'SESSION_EXPIRED' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('logout ends both tokens at once, and the SSO cookie session with them', async () => {
    const ip = nextIp();
    const res = await passwordLogin('person', DEMO_PASSWORD, ip);
    const cookie = res.cookies.find((c) => c.name === 'phjr_sso')!.value;
    const ex = await t.app.inject({
      method: 'POST',
      url: '/doLoginByTicket',
      payload: { ticket: ticketOf(res.json().data.redirectUrl), clientLoginUrl: CLIENT_URL },
    });
    const tokens = ex.json().data;
    const out = await call(t.app, tokens, { method: 'POST', url: '/ssoserver/logout' });
    expect(out.json()).toMatchObject({ success: true, data: null });
    expect((await call(t.app, tokens, { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' })).json().code).toBe(20401);
    expect((await call(t.app, tokens, { url: '/ssoserver/isLogin' })).json().data).toBeNull();
    const sso = await t.app.inject({
      method: 'POST',
      url: '/ssoserver/ssoTicket',
      payload: { redirect: CLIENT_URL },
      cookies: { phjr_sso: cookie },
    });
    expect(sso.json().data).toBeNull();
  });

  it('a disabled account loses its sessions at once and cannot log in', async () => {
    const { id, username } = await newUser('dis');
    const tokens = await login(t.app, username);
    expect((await call(t.app, tokens, { url: '/isLogin' })).json().data).not.toBeNull();
    // Disabled from another connection (as another process would): refused as soon as its notification comes
    // (the session this process kept is dropped then: session-cache.test.ts).
    await setUserStatus(t.database.db, id, 'DISABLED');
    await expect
      .poll(async () => (await call(t.app, tokens, { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' })).json().code, {
        timeout: 5_000,
        interval: 20,
      })
      .toBe(20401);
    const again = await passwordLogin(username, DEMO_PASSWORD, nextIp());
    expect(again.json()).toMatchObject({ success: false, errorCode: 'LOGIN_FAILED' });
  });

  it('issues new tokens at every login and stores only their hashes', async () => {
    const a = await login(t.app, 'person');
    const b = await login(t.app, 'person');
    expect(a.satokenClient).not.toBe(b.satokenClient);
    const raw = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM sessions WHERE client_token_hash = $1 OR server_token_hash = $2',
      [a.satokenClient, a.satokenServer],
    );
    expect(raw.rows[0].n).toBe(0);
  });
});

describe('the tests’ session factory (helpers.ts signIn)', () => {
  it('writes the sessions a login writes, and they are answered the same', async () => {
    const viaLogin = await newUser('sfl');
    const viaFactory = await newUser('sff');
    await login(t.app, viaLogin.username);
    await signIn(t.app, viaFactory.username);
    const rows = async (userId: number) =>
      (
        await t.database.pool.query(
          `SELECT s.kind, s.parent_id IS NOT DISTINCT FROM p.id AS "underItsSso", p.kind AS "parentKind", s.first_login AS "firstLogin",
                  s.ended_at IS NULL AS live, s.client_token_hash IS NOT NULL AS "clientToken", u.last_login_at IS NOT NULL AS "lastLogin"
           FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN sessions p ON p.id = s.parent_id WHERE s.user_id = $1 ORDER BY s.id`,
          [userId],
        )
      ).rows;
    const made = await rows(viaLogin.id);
    expect(made.map((r) => r.kind)).toEqual(['SSO', 'CLIENT']);
    expect(await rows(viaFactory.id)).toEqual(made);
    // A signed-in demo account: the same user info either way (its first login is behind it in both).
    await login(t.app, 'operator');
    const info = async (tokens: Tokens) =>
      (await call(t.app, tokens, { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' })).json().data;
    expect(await info(await signIn(t.app, 'operator'))).toEqual(await info(await login(t.app, 'operator')));
  });

  it('refuses an account the login refuses', async () => {
    const u = await newUser('sfd');
    await t.database.pool.query(`UPDATE users SET status = 'DISABLED' WHERE id = $1`, [u.id]);
    await expect(login(t.app, u.username)).rejects.toThrow(/failed/);
    await expect(signIn(t.app, u.username)).rejects.toThrow(/no active account/);
  });
});
