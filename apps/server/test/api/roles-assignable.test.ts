import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignableRole } from '@phjr/contract/orgs/role-admin';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertOrg, insertUser } from '../../src/seed/factories.ts';
import { call, createTestApp, login, type TestApp, type Tokens, signIn, signInAs } from '../helpers.ts';
import { demandInput, nextPhone, testApplicant } from './demands-helpers.ts';
import { form } from './sms-helpers.ts';

/**
 * Issue 11, item 12: an enterprise main account and an institution's staff admin choose the role of the accounts they
 * create, among the roles the operator made assignable by their kind and whose permissions they hold; a create
 * without a role gets the least of them (not the admin role).
 */
let t: TestApp;
let operator: Tokens;
const tag = `RA${randomBytes(3).toString('hex')}`;
const SUB_PW = 'Sub#Account-88';
const STAFF_PW = 'Staff2026ok';
let seq = 0;
const uname = (p: string) => `${p}${tag}${++seq}`.toLowerCase();

const sql = async (text: string, values: unknown[]) => (await t.database.pool.query(text, values)).rows;
const get = (tokens: Tokens, url: string) => call(t.app, tokens, { method: 'GET', url });
const post = (tokens: Tokens, url: string, payload: unknown) =>
  call(t.app, tokens, { method: 'POST', url, payload: payload as object });
const saveSub = (tokens: Tokens, fields: Record<string, string>) =>
  call(t.app, tokens, { method: 'POST', url: '/ssoserver/user/createOrUpdateEntChildUser.do', ...form(fields) });
const assignable = async (tokens: Tokens) =>
  (await get(tokens, '/finance/role/assignable.json')).json().data as AssignableRole[];
const roleId = async (code: string) => Number((await sql('SELECT id FROM roles WHERE code = $1', [code]))[0].id);
const rolesOf = async (userId: number) =>
  (
    await sql(
      'SELECT r.code FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = $1 ORDER BY r.code',
      [userId],
    )
  ).map((r) => r.code as string);
const userInfo = async (tokens: Tokens) =>
  (await get(tokens, '/zscms/user/getUserInfo.json?sysEnum=PHJR')).json().data as {
    permissions: string[];
    resourceList: string[];
  };
const grantsOf = async (code: string) => ({
  permissions: (
    await sql(
      'SELECT permission FROM role_permissions rp JOIN roles r ON r.id = rp.role_id WHERE r.code = $1 ORDER BY 1',
      [code],
    )
  ).map((r) => r.permission as string),
  resources: (
    await sql('SELECT path FROM role_resources rr JOIN roles r ON r.id = rr.role_id WHERE r.code = $1 ORDER BY 1', [
      code,
    ])
  ).map((r) => r.path as string),
});
const userIdOf = async (username: string) =>
  Number((await sql('SELECT id FROM users WHERE lower(username) = lower($1)', [username]))[0]?.id ?? 0);

beforeAll(async () => {
  t = await createTestApp();
  operator = await signInAs(t.app, 'operator');
});
afterAll(() => t.close());

describe('enterprise sub-accounts', () => {
  let main: Awaited<ReturnType<typeof testApplicant>>;
  beforeAll(async () => {
    main = await testApplicant(t.app, t.database.db, tag, { enterprise: true });
  });

  it('offers the enterprise roles the operator allows, the view-only one as the least', async () => {
    const roles = await assignable(main.tokens);
    expect(roles.map((r) => r.code)).toEqual(['ENTERPRISE_SUB_VIEWER', 'ENTERPRISE_SUB']);
    expect(roles.map((r) => r.least)).toEqual([true, false]);
    expect(roles[0].permissions).toEqual(['demand:view']);
  });

  it('a sub-account created with a chosen allowed role has exactly that role', async () => {
    const username = uname('sub');
    const res = await saveSub(main.tokens, {
      username,
      name: '经办员',
      phone: nextPhone(),
      password: SUB_PW,
      roleId: String(await roleId('ENTERPRISE_SUB')),
    });
    expect(res.json(), res.body).toMatchObject({ success: true });
    expect(await rolesOf(res.json().data.id)).toEqual(['ENTERPRISE_SUB']);
    const info = await userInfo(await login(t.app, username, SUB_PW));
    const grants = await grantsOf('ENTERPRISE_SUB');
    expect([...info.permissions].sort()).toEqual(grants.permissions);
    expect([...info.resourceList].sort()).toEqual(grants.resources);
    const list = (await get(main.tokens, '/ssoserver/user/entChildUsers.json')).json().data as {
      username: string;
      roles: { name: string }[];
    }[];
    expect(list.find((c) => c.username === username)?.roles).toEqual([
      { id: await roleId('ENTERPRISE_SUB'), name: '企业子账号' },
    ]);
  });

  it('a sub-account created without a role gets the least one: it sees the enterprise demands and posts none', async () => {
    const posted = (
      await post(main.tokens, '/finance/demand/create.json', demandInput({ purpose: `主账号发布的需求${tag}` }))
    ).json().data;
    const username = uname('view');
    const res = await saveSub(main.tokens, { username, name: '查看员', phone: nextPhone(), password: SUB_PW });
    expect(res.json(), res.body).toMatchObject({ success: true });
    expect(await rolesOf(res.json().data.id)).toEqual(['ENTERPRISE_SUB_VIEWER']);
    const viewer = await login(t.app, username, SUB_PW);
    expect((await userInfo(viewer)).permissions).toEqual(['demand:view']);
    const mine = (await get(viewer, '/finance/demand/my/page.json')).json().data;
    expect(mine.list.map((d: { id: number }) => d.id)).toContain(posted.id);
    const detail = (await get(viewer, `/finance/demand/detail.json?id=${posted.id}`)).json().data;
    expect(detail.actions).toEqual([]);
    expect(
      (await post(viewer, '/finance/demand/create.json', demandInput({ purpose: `查看员试图发布${tag}` }))).statusCode,
    ).toBe(403);
    expect((await post(viewer, '/finance/demand/withdraw.json', { id: posted.id })).statusCode).toBe(403);
  });

  it('refuses a role the operator did not allow enterprises to give, and changes the role when asked', async () => {
    const phone = nextPhone();
    for (const code of ['ENTERPRISE', 'BANK_STAFF', 'PERSON']) {
      const res = await saveSub(main.tokens, {
        username: uname('no'),
        name: '不允许',
        phone,
        password: SUB_PW,
        roleId: String(await roleId(code)),
      });
      expect(res.statusCode, code).toBe(403);
      expect(res.json().errorCode).toBe('ROLE_NOT_ASSIGNABLE');
    }
    expect((await sql('SELECT 1 FROM users WHERE phone = $1', [phone])).length).toBe(0);

    const username = uname('chg');
    const subPhone = nextPhone();
    const { id } = (await saveSub(main.tokens, { username, name: '改角色', phone: subPhone, password: SUB_PW })).json()
      .data;
    expect(await rolesOf(id)).toEqual(['ENTERPRISE_SUB_VIEWER']);
    // An edit without a role keeps it; with an allowed one, changes it; with another, is refused and changes nothing.
    expect(
      (await saveSub(main.tokens, { id: String(id), username, name: '改名', phone: subPhone })).json().success,
    ).toBe(true);
    expect(await rolesOf(id)).toEqual(['ENTERPRISE_SUB_VIEWER']);
    expect(
      (
        await saveSub(main.tokens, {
          id: String(id),
          username,
          name: '改名',
          phone: subPhone,
          roleId: String(await roleId('ENTERPRISE_SUB')),
        })
      ).json().success,
    ).toBe(true);
    expect(await rolesOf(id)).toEqual(['ENTERPRISE_SUB']);
    expect(
      (
        await saveSub(main.tokens, {
          id: String(id),
          username,
          name: '改名',
          phone: subPhone,
          roleId: String(await roleId('ENTERPRISE')),
        })
      ).statusCode,
    ).toBe(403);
    expect(await rolesOf(id)).toEqual(['ENTERPRISE_SUB']);
  });
});

describe('staff of an institution', () => {
  let head: number;
  let branch: number;
  let bankAdmin: Tokens;
  let adminUsername: string;
  beforeAll(async () => {
    const db = t.database.db;
    head = await insertOrg(db, {
      name: `角色测试银行${tag}`,
      orgType: 'BANK',
      classifiedType: 'BANK',
      regionCode: '999900',
    });
    branch = await insertOrg(db, {
      name: `角色测试银行${tag}城关支行`,
      orgType: 'BANK',
      classifiedType: 'BANK',
      regionCode: '999901',
      parentId: head,
      level: 'BRANCH',
    });
    adminUsername = uname('bka');
    await insertUser(db, {
      username: adminUsername,
      name: '银行管理员',
      password: DEMO_PASSWORD,
      accountType: 'BANK',
      orgId: head,
      phone: nextPhone(),
      roleCodes: ['BANK_ADMIN'],
    });
    bankAdmin = await signIn(t.app, adminUsername);
  });

  const saveStaff = (tokens: Tokens, body: Record<string, unknown>) =>
    post(tokens, '/finance/org/staff/save.json', body);

  it('staff created without a role get the least one (a clerk), not the admin role', async () => {
    const roles = await assignable(bankAdmin);
    expect(roles.map((r) => r.code)).toEqual(['BANK_STAFF', 'BANK_ADMIN']);
    expect(roles.find((r) => r.least)?.code).toBe('BANK_STAFF');
    const username = uname('clerk');
    const res = await saveStaff(bankAdmin, {
      orgId: branch,
      username,
      name: '业务员',
      phone: nextPhone(),
      password: STAFF_PW,
    });
    expect(res.json(), res.body).toMatchObject({ success: true });
    expect(await rolesOf(res.json().data.userId)).toEqual(['BANK_STAFF']);
    const clerk = await login(t.app, username, STAFF_PW);
    // The clerk's role and nothing more: it handles demands, records shelter help and queries credit with consent.
    expect((await userInfo(clerk)).permissions).toEqual(['credit:query', 'demand:handle', 'shelter:help']);
    // A clerk manages no staff.
    expect((await get(clerk, '/finance/org/staff/page.json')).statusCode).toBe(403);
    const page = (await get(bankAdmin, `/finance/org/staff/page.json?pageSize=100&orgId=${branch}`)).json().data;
    expect(page.list.find((s: { username: string }) => s.username === username).roles).toEqual([
      { id: await roleId('BANK_STAFF'), name: '银行业务员' },
    ]);
  });

  it('an institution admin creates staff with a chosen role', async () => {
    const username = uname('adm');
    const res = await saveStaff(bankAdmin, {
      orgId: branch,
      username,
      name: '支行管理员',
      phone: nextPhone(),
      password: STAFF_PW,
      roleId: await roleId('BANK_ADMIN'),
    });
    expect(res.json(), res.body).toMatchObject({ success: true });
    expect(await rolesOf(res.json().data.userId)).toEqual(['BANK_ADMIN']);
    const info = await userInfo(await login(t.app, username, STAFF_PW));
    expect([...info.permissions].sort()).toEqual((await grantsOf('BANK_ADMIN')).permissions);
  });

  it('a bank admin cannot give a role with a permission it lacks, nor one not allowed to banks', async () => {
    // The operator makes a bank role that also reviews products, and allows banks to give it.
    const wide = await post(operator, '/finance/role/save.json', {
      name: `复核员${tag}`,
      accountType: 'BANK',
      resources: ['/financialInstitution', '/financialInstitution/home'],
      permissions: ['demand:handle', 'product:review'],
      assignableTo: ['BANK'],
    });
    expect(wide.json(), wide.body).toMatchObject({ success: true });
    const notAllowed = await post(operator, '/finance/role/save.json', {
      name: `内部岗${tag}`,
      accountType: 'BANK',
      resources: ['/financialInstitution', '/financialInstitution/home'],
      permissions: ['demand:handle'],
    });
    const list = (await get(operator, '/finance/role/list.json')).json().data as {
      id: number;
      assignableTo: string[];
    }[];
    expect(list.find((r) => r.id === wide.json().data.id)?.assignableTo).toEqual(['BANK']);
    expect(list.find((r) => r.id === notAllowed.json().data.id)?.assignableTo).toEqual([]);
    // Neither is offered; both are refused, and no account is made.
    const offered = (await assignable(bankAdmin)).map((r) => r.id);
    expect(offered).not.toContain(wide.json().data.id);
    expect(offered).not.toContain(notAllowed.json().data.id);
    const phone = nextPhone();
    const lacking = await saveStaff(bankAdmin, {
      orgId: branch,
      username: uname('x'),
      name: 'x',
      phone,
      password: STAFF_PW,
      roleId: wide.json().data.id,
    });
    expect(lacking.json()).toMatchObject({
      success: false,
      errorCode: 'ROLE_NOT_ASSIGNABLE',
      errorMessage: expect.stringContaining('没有的权限'),
    });
    const outside = await saveStaff(bankAdmin, {
      orgId: branch,
      username: uname('y'),
      name: 'y',
      phone,
      password: STAFF_PW,
      roleId: notAllowed.json().data.id,
    });
    expect(outside.json()).toMatchObject({ success: false, errorCode: 'ROLE_NOT_ASSIGNABLE' });
    // Another kind's role, even one the bank admin's permissions cover.
    const guaranteeRole = await saveStaff(bankAdmin, {
      orgId: branch,
      username: uname('z'),
      name: 'z',
      phone,
      password: STAFF_PW,
      roleId: await roleId('GUARANTEE_STAFF'),
    });
    expect(guaranteeRole.json()).toMatchObject({ success: false, errorCode: 'ROLE_NOT_ASSIGNABLE' });
    expect((await sql('SELECT 1 FROM users WHERE phone = $1', [phone])).length).toBe(0);
  });

  it('an admin changes a staff member role but not its own', async () => {
    const username = uname('mv');
    const { userId } = (
      await saveStaff(bankAdmin, { orgId: branch, username, name: '调岗', phone: nextPhone(), password: STAFF_PW })
    ).json().data;
    const promote = await saveStaff(bankAdmin, {
      userId,
      orgId: branch,
      username,
      name: '调岗',
      roleId: await roleId('BANK_ADMIN'),
    });
    expect(promote.json(), promote.body).toMatchObject({ success: true });
    expect(await rolesOf(userId)).toEqual(['BANK_ADMIN']);
    const meId = await userIdOf(adminUsername);
    const demote = await saveStaff(bankAdmin, {
      userId: meId,
      orgId: head,
      username: adminUsername,
      name: '银行管理员',
      roleId: await roleId('BANK_STAFF'),
    });
    expect(demote.json()).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    // Its own current role sent back unchanged (the edit form does) is fine.
    const same = await saveStaff(bankAdmin, {
      userId: meId,
      orgId: head,
      username: adminUsername,
      name: '银行管理员',
      roleId: await roleId('BANK_ADMIN'),
    });
    expect(same.json(), same.body).toMatchObject({ success: true });
    expect(await rolesOf(meId)).toEqual(['BANK_ADMIN']);
  });

  it('a government department admin creates staff: the supervision viewer by default', async () => {
    const dept = await insertOrg(t.database.db, {
      name: `角色测试金融局${tag}`,
      orgType: 'JINRONGJU',
      classifiedType: 'JINRONGJU',
      regionCode: '999900',
    });
    const adminName = uname('jrj');
    await insertUser(t.database.db, {
      username: adminName,
      name: '金融局管理员',
      password: DEMO_PASSWORD,
      accountType: 'GOVERNMENT',
      orgId: dept,
      roleCodes: ['JRJ_SUPERVISOR'],
    });
    const admin = await signIn(t.app, adminName);
    expect((await assignable(admin)).map((r) => [r.code, r.least])).toEqual([
      ['GOV_STAFF', true],
      ['JRJ_SUPERVISOR', false],
    ]);
    const res = await saveStaff(admin, {
      orgId: dept,
      username: uname('gs'),
      name: '监管员',
      phone: nextPhone(),
      password: STAFF_PW,
    });
    expect(await rolesOf(res.json().data.userId)).toEqual(['GOV_STAFF']);
  });
});

describe('the operator sets who may give a role', () => {
  it('refuses grantors whose accounts are of another type than the role', async () => {
    const res = await post(operator, '/finance/role/save.json', {
      name: `错配${tag}`,
      accountType: 'BANK',
      resources: [],
      permissions: [],
      assignableTo: ['ENTERPRISE'],
    });
    expect(res.json()).toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });

  it('a role save without assignableTo keeps it (older clients)', async () => {
    const id = await roleId('BANK_STAFF');
    const role = (
      (await get(operator, '/finance/role/list.json')).json().data as {
        id: number;
        name: string;
        resources: string[];
        permissions: string[];
        assignableTo: string[];
      }[]
    ).find((r) => r.id === id)!;
    const res = await post(operator, '/finance/role/save.json', {
      id,
      name: role.name,
      accountType: 'BANK',
      resources: role.resources,
      permissions: role.permissions,
    });
    expect(res.json(), res.body).toMatchObject({ success: true });
    expect((await sql('SELECT assignable_to FROM roles WHERE id = $1', [id]))[0].assignable_to).toEqual(['BANK']);
  });
});
