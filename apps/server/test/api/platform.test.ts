import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, type Tokens, signIn } from '../helpers.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertUser } from '../../src/seed/factories.ts';

let t: TestApp;
let op: Tokens;
let opName: string;
let original: Record<string, unknown>;

const uniq = () => Math.random().toString(36).slice(2, 8);

async function newUser(prefix: string, roleCodes: string[], accountType = 'PERSON') {
  const username = `${prefix}${uniq()}`;
  const id = await insertUser(t.database.db, {
    username,
    name: prefix,
    password: DEMO_PASSWORD,
    accountType,
    roleCodes,
  });
  return { id, username, tokens: await signIn(t.app, username) };
}

async function getSettings() {
  const res = await call(t.app, op, { method: 'GET', url: '/finance/system/config/get.json' });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

function editable(s: Record<string, unknown>) {
  return {
    sessionIdleMinutes: s.sessionIdleMinutes,
    sessionAbsoluteHours: s.sessionAbsoluteHours,
    slaAcceptDays: s.slaAcceptDays,
    slaDecisionDays: s.slaDecisionDays,
    toSyxUrl: s.toSyxUrl,
    firstLoanCentreUrl: s.firstLoanCentreUrl,
    redirectAllowlist: s.customRedirectAllowlist,
  };
}

const save = (payload: object, tokens = op) =>
  call(t.app, tokens, { method: 'POST', url: '/finance/system/config/save.json', payload });

beforeAll(async () => {
  t = await createTestApp();
  const u = await newUser('platop', ['PLATFORM_ADMIN'], 'PLATFORM');
  op = u.tokens;
  opName = u.username;
  original = editable(await getSettings());
});
afterAll(async () => {
  // Settings are global: put them back for the test files that run after this one.
  await save(original);
  await t.close();
});

describe('settings', () => {
  it('get.json has the SLA days (defaults 3 and 15) and the links', async () => {
    const s = await getSettings();
    expect(s.slaAcceptDays).toBe(3);
    expect(s.slaDecisionDays).toBe(15);
    // No external credit system until the operator configures one (docs/credit.md): the clients hide the link.
    expect(s.toSyxUrl).toBe('');
    expect((await t.app.inject({ url: '/finance/portal/system/links.json' })).json().data.toSyxUrl).toBe('');
    expect(s.customRedirectAllowlist).toEqual([]);
    expect(s.redirectAllowlist).toContain('http://localhost:3000/');
  });

  it('saves every field, shows it in get.json and writes one audit row', async () => {
    const payload = {
      ...original,
      slaAcceptDays: 4,
      slaDecisionDays: 12,
      toSyxUrl: 'https://syx.example.org/entry',
      redirectAllowlist: ['https://partner.example.org/client/'],
    };
    const res = await save(payload);
    expect(res.json()).toMatchObject({ success: true, data: { slaAcceptDays: 4, slaDecisionDays: 12 } });
    const s = await getSettings();
    expect(s).toMatchObject({
      slaAcceptDays: 4,
      slaDecisionDays: 12,
      toSyxUrl: 'https://syx.example.org/entry',
      customRedirectAllowlist: ['https://partner.example.org/client/'],
    });
    expect(s.redirectAllowlist).toContain('https://partner.example.org/client/');
    const links = await t.app.inject({ url: '/finance/portal/system/links.json' });
    expect(links.json().data.toSyxUrl).toBe('https://syx.example.org/entry');
    // The new allowlist entry is effective for the SSO redirect at once.
    const info = await t.app.inject({
      url: `/ssoserver/loginPageInfo?redirect=${encodeURIComponent('https://partner.example.org/client/home')}`,
    });
    expect(info.statusCode).toBe(200);

    const audit = await call(t.app, op, {
      method: 'GET',
      url: `/finance/audit/page.json?username=${opName}&action=config.update`,
    });
    const rows = audit.json().data.list;
    expect(rows).toHaveLength(1);
    expect(rows[0].detail).toMatchObject({ slaAcceptDays: { from: 3, to: 4 } });
  });

  it.each([
    ['a path without origin', '/client/'],
    ['credentials', 'https://user:pw@partner.example.org/'],
    ['a javascript: URL', 'javascript:alert(1)//'],
    ['a query', 'https://partner.example.org/?a=1'],
    ['no path', 'https://partner.example.org'],
    ['ftp', 'ftp://partner.example.org/'],
  ])('refuses an allowlist entry with %s and changes nothing', async (_what, entry) => {
    const before = await getSettings();
    const res = await save({ ...editable(before), slaAcceptDays: 9, redirectAllowlist: [entry] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await getSettings()).toEqual(before);
  });

  it('refuses out-of-range numbers, unknown fields and an absolute time shorter than the idle time', async () => {
    const base = editable(await getSettings());
    expect((await save({ ...base, slaAcceptDays: 0 })).statusCode).toBe(400);
    expect((await save({ ...base, sessionIdleMinutes: 1 })).statusCode).toBe(400);
    expect((await save({ ...base, extra: 1 })).statusCode).toBe(400);
    expect((await save({ ...base, toSyxUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
    const res = await save({ ...base, sessionIdleMinutes: 180, sessionAbsoluteHours: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMessage).toContain('绝对时长');
  });

  it('a shorter idle timeout is effective: an older session answers 20002', async () => {
    const person = await newUser('platidle', ['PERSON']);
    // The session was last seen 10 minutes ago.
    await t.database.pool.query("UPDATE sessions SET last_seen_at = now() - interval '10 minutes' WHERE user_id = $1", [
      person.id,
    ]);
    const before = await call(t.app, person.tokens, {
      method: 'GET',
      url: '/zscms/user/getUserInfo.json?sysEnum=PHJR',
    });
    expect(before.statusCode).toBe(200);
    await t.database.pool.query("UPDATE sessions SET last_seen_at = now() - interval '10 minutes' WHERE user_id = $1", [
      person.id,
    ]);
    expect((await save({ ...editable(await getSettings()), sessionIdleMinutes: 5 })).statusCode).toBe(200);
    const after = await call(t.app, person.tokens, { method: 'GET', url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(20002);
    await save(original);
  });

  it('only the operator may save', async () => {
    const person = await newUser('platnope', ['PERSON']);
    expect((await save(original, person.tokens)).statusCode).toBe(403);
  });
});

describe('holiday calendar', () => {
  const list = async (year: number) =>
    (await call(t.app, op, { method: 'GET', url: `/finance/system/holiday/list.json?year=${year}` })).json().data;
  const saveDay = (payload: object) =>
    call(t.app, op, { method: 'POST', url: '/finance/system/holiday/save.json', payload });
  const removeDay = (day: string) =>
    call(t.app, op, { method: 'POST', url: '/finance/system/holiday/remove.json', payload: { day } });

  it('the demo calendar for 2026 has National Day and its swapped working days', async () => {
    const days = await list(2026);
    expect(days).toContainEqual({ day: '2026-10-01', kind: 'HOLIDAY', name: '国庆节' });
    expect(days).toContainEqual(expect.objectContaining({ day: '2026-10-10', kind: 'WORKDAY' }));
    expect(days.map((d: { day: string }) => d.day)).toEqual([...days.map((d: { day: string }) => d.day)].sort());
  });

  it('adds, changes and removes a day, with audit rows', async () => {
    // A year no other test uses.
    expect(await list(2091)).toEqual([]);
    expect((await saveDay({ day: '2091-03-05', kind: 'HOLIDAY', name: '测试假日' })).json().success).toBe(true);
    expect((await saveDay({ day: '2091-03-03', kind: 'WORKDAY', name: '调休' })).json().success).toBe(true); // Saturday
    expect(await list(2091)).toEqual([
      { day: '2091-03-03', kind: 'WORKDAY', name: '调休' },
      { day: '2091-03-05', kind: 'HOLIDAY', name: '测试假日' },
    ]);
    await saveDay({ day: '2091-03-05', kind: 'HOLIDAY', name: '改名假日' });
    expect((await list(2091))[1].name).toBe('改名假日');
    expect((await removeDay('2091-03-05')).json().success).toBe(true);
    expect(await list(2091)).toEqual([{ day: '2091-03-03', kind: 'WORKDAY', name: '调休' }]);
    expect((await removeDay('2091-03-05')).statusCode).toBe(404);
    await removeDay('2091-03-03');

    const audit = (
      await call(t.app, op, { method: 'GET', url: `/finance/audit/page.json?username=${opName}&target=2091-03-05` })
    ).json().data;
    expect(audit.list.map((r: { action: string }) => r.action)).toEqual([
      'holiday.remove',
      'holiday.save',
      'holiday.save',
    ]);
  });

  it('refuses a swapped working day on a weekday, a bad date and an empty name', async () => {
    const weekday = await saveDay({ day: '2091-03-06', kind: 'WORKDAY', name: '调休' });
    expect(weekday.statusCode).toBe(400);
    expect(weekday.json().errorMessage).toContain('周六或周日');
    expect((await saveDay({ day: '2091-02-30', kind: 'HOLIDAY', name: 'x' })).statusCode).toBe(400);
    expect((await saveDay({ day: '2091-03-06', kind: 'HOLIDAY', name: ' ' })).statusCode).toBe(400);
    expect((await saveDay({ day: '2091-03-06', kind: 'OTHER', name: 'x' })).statusCode).toBe(400);
    expect(await list(2091)).toEqual([]);
  });
});

describe('enums', () => {
  it.each([
    'AccountType',
    'OrgType',
    'ClassifiedOrgType',
    'Region',
    'CertStatus',
    'UserStatus',
    'HolidayKind',
    'SmsPurpose',
    'AuditAction',
    'DemandStatus',
    'DemandType',
    'ProductStatus',
    'ShelterStatus',
  ])('%s has entries with a Chinese message', async (name) => {
    const res = await t.app.inject({ url: `/anon/finance/enumMeta/getEnumBySimpleName/${name}` });
    const entries = res.json().data[name];
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(e.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('carries the English name in extName', async () => {
    const res = await t.app.inject({ url: '/anon/finance/enumMeta/getEnumBySimpleName/DemandStatus' });
    expect(res.json().data.DemandStatus).toContainEqual({
      name: 'PENDING',
      code: 'PENDING',
      message: '待受理',
      extName: 'Pending',
    });
    expect((await t.app.inject({ url: '/anon/finance/enumMeta/getEnumBySimpleName/Nope' })).statusCode).toBe(404);
  });
});
