import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_URL, createTestApp, nextIp, type TestApp } from '../helpers.ts';

/**
 * Whose address the per-address limits count and the audit log records: the connection's, unless it comes from a
 * proxy listed in TRUST_PROXY, whose X-Forwarded-For is then believed. Any client can write the header.
 */
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function appWith(trustProxy: string[]) {
  const t = await createTestApp({ trustProxy });
  apps.push(t);
  return t;
}

/** Three failed logins from one connection, each with a different forged X-Forwarded-For and a different name. */
async function threeFailures(t: TestApp, remoteAddress: string) {
  const tag = randomBytes(4).toString('hex');
  const forged = [1, 2, 3].map((i) => `203.0.113.${(parseInt(tag.slice(0, 2), 16) % 80) + i * 50}`);
  const answers = [];
  for (let i = 0; i < 3; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ssoserver/doLogin',
      payload: { username: `nobody${tag}${i}`, password: 'Not-the-password1', redirect: CLIENT_URL },
      headers: { 'x-forwarded-for': forged[i] },
      remoteAddress,
    });
    answers.push(res.json());
  }
  const audit = await t.database.pool.query<{ ip: string }>(
    `SELECT ip FROM audit_log WHERE target LIKE $1 ORDER BY id`,
    [`nobody${tag}%`],
  );
  return { forged, answers, auditIps: audit.rows.map((r) => r.ip) };
}

describe('TRUST_PROXY', () => {
  it('is off by default: a rotated X-Forwarded-For changes neither the limits nor the audit log', async () => {
    const t = await appWith([]);
    const ip = nextIp();
    const { answers, auditIps } = await threeFailures(t, ip);
    expect(answers[2]).toMatchObject({ success: false, errorCode: 'LOGIN_FAILED', data: { captchaRequired: true } });
    expect(auditIps).toEqual([ip, ip, ip]);
    const info = await t.app.inject({
      url: '/ssoserver/loginPageInfo',
      headers: { 'x-forwarded-for': '198.51.100.99' },
      remoteAddress: ip,
    });
    expect(info.json().data.captchaRequired).toBe(true);
  });

  it('believes X-Forwarded-For from a listed proxy', async () => {
    const proxy = nextIp();
    const t = await appWith([proxy]);
    const { forged, answers, auditIps } = await threeFailures(t, proxy);
    expect(answers[2]).toMatchObject({ success: false, errorCode: 'LOGIN_FAILED', data: { captchaRequired: false } });
    expect(auditIps).toEqual(forged);
  });

  it('ignores X-Forwarded-For from an address that is not a listed proxy', async () => {
    const t = await appWith(['198.51.100.7', '10.99.0.0/16']);
    const ip = nextIp();
    const { answers, auditIps } = await threeFailures(t, ip);
    expect(answers[2]).toMatchObject({ success: false, data: { captchaRequired: true } });
    expect(auditIps).toEqual([ip, ip, ip]);
  });
});
