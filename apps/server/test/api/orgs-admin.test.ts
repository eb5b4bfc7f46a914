import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_ACCOUNT_RESOURCES } from '@phjr/contract/orgs/builtin-roles';
import { orgs, users } from '../../src/db/schema/index.ts';
import { auditLog } from '../../src/db/schema/system.ts';
import { insertOrg, insertUser } from '../../src/seed/factories.ts';
import { call, createTestApp, login, type TestApp, type Tokens, signInAs } from '../helpers.ts';

let t: TestApp;
let operator: Tokens;
const PW = 'Test@2026ab';
const uniq = () => randomBytes(4).toString('hex');
let phoneSeq = 0;
const phone = () => `177${String(Date.now() % 10000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signInAs(t.app, 'operator');
});
afterAll(() => t.close());

const post = (tokens: Tokens | null, url: string, payload: unknown) =>
  call(t.app, tokens, { method: 'POST', url, payload: payload as object });
const get = (tokens: Tokens | null, url: string) => call(t.app, tokens, { method: 'GET', url });

async function bankHead(): Promise<number> {
  const [o] = await t.database.db
    .select({ id: orgs.id })
    .from(orgs)
    .where(eq(orgs.name, '示范市农村商业银行股份有限公司'));
  return o.id;
}

describe('institutions', () => {
  it('creates a bank branch with its admin account in one transaction, and the admin signs in to the bank client', async () => {
    const parentId = await bankHead();
    const username = `br_${uniq()}`;
    const res = await post(operator, '/finance/org/save.json', {
      kind: 'BANK',
      name: `测试支行${uniq()}`,
      shortName: '测试支行',
      classifiedType: 'BANK',
      parentId,
      regionCode: '999903',
      admin: { username, name: '测试管理员', phone: phone(), password: PW },
    });
    expect(res.json().success, res.body).toBe(true);
    const { id, adminUserId } = res.json().data;
    const tree = (await get(operator, '/finance/org/tree.json?kind=BANK')).json().data as {
      id: number;
      parentId: number;
      level: string;
      chainAccess: boolean;
      userCount: number;
    }[];
    const node = tree.find((o) => o.id === id)!;
    expect(node).toMatchObject({ parentId, level: 'BRANCH', chainAccess: true, userCount: 1 });
    const admin = await login(t.app, username, PW);
    const info = (await get(admin, '/zscms/user/getUserInfo.json?sysEnum=PHJR')).json().data;
    expect(info.userId).toBe(adminUserId);
    expect(info.accountType.code).toBe('BANK');
    expect(info.resourceList).toContain('/financialInstitution/my/userManage');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `org:${id}`));
    expect(audits.map((a) => a.action)).toContain('org.create');
  });

  it('rolls back the organisation when its admin account cannot be created (username taken)', async () => {
    const name = `回滚担保${uniq()}`;
    const res = await post(operator, '/finance/org/save.json', {
      kind: 'GUARANTEE',
      name,
      shortName: '回滚担保',
      classifiedType: 'GUARANTEE',
      regionCode: '999900',
      admin: { username: 'operator', name: '重名', phone: phone(), password: PW },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('USERNAME_TAKEN');
    const found = await t.database.db.select().from(orgs).where(eq(orgs.name, name));
    expect(found).toEqual([]);
  });

  it('refuses a classification that does not belong to the list and a bad credit code', async () => {
    const base = {
      kind: 'GOVERNMENT',
      name: `x${uniq()}`,
      shortName: 'x',
      regionCode: '999900',
      admin: { username: `g_${uniq()}`, name: 'g', phone: phone(), password: PW },
    };
    expect((await post(operator, '/finance/org/save.json', { ...base, classifiedType: 'BANK' })).statusCode).toBe(400);
    expect(
      (
        await post(operator, '/finance/org/save.json', {
          ...base,
          classifiedType: 'JINRONGJU',
          creditCode: '91999900MA00000011',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('switches chain access off and on; the bank user sees it at the next request', async () => {
    const orgId = await insertOrg(t.database.db, {
      name: `链行${uniq()}`,
      orgType: 'BANK',
      classifiedType: 'BANK',
      regionCode: '999900',
      chainAccess: true,
    });
    const username = `cb_${uniq()}`;
    await insertUser(t.database.db, {
      username,
      name: 'cb',
      password: PW,
      accountType: 'BANK',
      orgId,
      roleCodes: ['BANK_ADMIN'],
    });
    const tok = await login(t.app, username, PW);
    const list = async () =>
      (await get(tok, '/zscms/user/getUserInfo.json?sysEnum=PHJR')).json().data.resourceList as string[];
    expect(await list()).toContain('/financialChain');
    expect(
      (await post(operator, '/finance/org/setChainAccess.json', { id: orgId, chainAccess: false })).json().success,
    ).toBe(true);
    expect(await list()).not.toContain('/financialChain');
    expect((await get(tok, '/finance/org/getChainAccess.json')).json().data).toBe(false);
    await post(operator, '/finance/org/setChainAccess.json', { id: orgId, chainAccess: true });
    expect(await list()).toContain('/financialChain');
  });

  it('disabling an organisation disables its accounts and ends their sessions', async () => {
    const orgId = await insertOrg(t.database.db, {
      name: `停用担保${uniq()}`,
      orgType: 'GUARANTEE',
      classifiedType: 'GUARANTEE',
      regionCode: '999900',
    });
    const username = `dg_${uniq()}`;
    await insertUser(t.database.db, {
      username,
      name: 'dg',
      password: PW,
      accountType: 'GUARANTEE',
      orgId,
      roleCodes: ['GUARANTEE_ADMIN'],
    });
    const tok = await login(t.app, username, PW);
    expect(
      (await post(operator, '/finance/org/setStatus.json', { id: orgId, status: 'DISABLED' })).json().success,
    ).toBe(true);
    expect((await get(tok, '/zscms/user/getUserInfo.json?sysEnum=PHJR')).statusCode).toBe(401);
    const page = (
      await get(operator, `/finance/org/page.json?kind=GUARANTEE&name=${encodeURIComponent('停用担保')}`)
    ).json().data;
    expect(page.list.find((o: { id: number }) => o.id === orgId).status).toBe('DISABLED');
  });
});

describe('users', () => {
  it('lists enterprises with masked phones and filters by certification', async () => {
    const res = (
      await get(operator, '/finance/user/page.json?accountType=ENTERPRISE&certified=true&pageSize=100')
    ).json().data;
    expect(res.pageSize).toBe(100);
    expect(res.list.length).toBeGreaterThan(0);
    for (const u of res.list) {
      expect(u.accountType).toBe('ENTERPRISE');
      expect(u.certified).toBe(true);
      expect(u.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    }
  });

  it('disabling a user ends their sessions at once; enabling lets them sign in again', async () => {
    const username = `p_${uniq()}`;
    const userId = await insertUser(t.database.db, {
      username,
      name: '停用测试',
      password: PW,
      accountType: 'PERSON',
      phone: phone(),
      roleCodes: ['PERSON'],
    });
    const tok = await login(t.app, username, PW);
    expect((await get(tok, '/zscms/user/getUserInfo.json?sysEnum=PHJR')).statusCode).toBe(200);
    expect((await post(operator, '/finance/user/setStatus.json', { userId, status: 'DISABLED' })).json().success).toBe(
      true,
    );
    expect((await get(tok, '/zscms/user/getUserInfo.json?sysEnum=PHJR')).statusCode).toBe(401);
    await expect(login(t.app, username, PW)).rejects.toThrow();
    await post(operator, '/finance/user/setStatus.json', { userId, status: 'ACTIVE' });
    await expect(login(t.app, username, PW)).resolves.toBeTruthy();
    const detail = (await get(operator, `/finance/user/detail.json?userId=${userId}`)).json().data;
    expect(detail).toMatchObject({ userId, status: 'ACTIVE', roles: [expect.objectContaining({ name: '个人用户' })] });
  });
});

describe('roles', () => {
  it('a custom role gives exactly its resources and permissions, immediately', async () => {
    const resources = ['/operateClient', '/operateClient/home', '/operateClient/users/company'];
    const saved = await post(operator, '/finance/role/save.json', {
      name: `只读运营${uniq()}`,
      description: '测试',
      accountType: 'PLATFORM',
      resources,
      permissions: ['user:read'],
    });
    expect(saved.json().success, saved.body).toBe(true);
    const roleId = saved.json().data.id;
    const username = `ro_${uniq()}`;
    const created = await post(operator, '/finance/platformUser/save.json', {
      username,
      name: '只读',
      phone: phone(),
      password: PW,
      roleIds: [roleId],
    });
    expect(created.json().success, created.body).toBe(true);
    const tok = await login(t.app, username, PW);
    const info = (await get(tok, '/zscms/user/getUserInfo.json?sysEnum=PHJR')).json().data;
    // The role's pages, and the account's own page, which every platform account has whatever its roles (issue 30).
    const own = OWN_ACCOUNT_RESOURCES.PLATFORM;
    expect(info.resourceList).toEqual([...resources, ...own].sort());
    expect(info.permissions).toEqual(['user:read']);
    expect((await get(tok, '/finance/user/page.json?accountType=PERSON')).statusCode).toBe(200);
    expect((await get(tok, '/finance/role/list.json')).statusCode).toBe(403);
    expect((await post(tok, '/finance/user/setStatus.json', { userId: 1, status: 'DISABLED' })).statusCode).toBe(403);
    // Editing the role changes the user's next request.
    await post(operator, '/finance/role/save.json', {
      id: roleId,
      name: '只读运营改',
      description: null,
      accountType: 'PLATFORM',
      resources: ['/operateClient/home'],
      permissions: [],
    });
    const after = (await get(tok, '/zscms/user/getUserInfo.json?sysEnum=PHJR')).json().data;
    expect(after.resourceList).toEqual(['/operateClient/home', ...own].sort());
    expect((await get(tok, '/finance/user/page.json?accountType=PERSON')).statusCode).toBe(403);
    // A role in use cannot be deleted; a built-in one never.
    expect((await post(operator, '/finance/role/delete.json', { id: roleId })).json().errorCode).toBe('ROLE_IN_USE');
    const list = (await get(operator, '/finance/role/list.json')).json().data as { id: number; builtin: boolean }[];
    const builtin = list.find((r) => r.builtin)!;
    expect((await post(operator, '/finance/role/delete.json', { id: builtin.id })).json().errorCode).toBe(
      'ROLE_BUILTIN',
    );
  });

  it('refuses unknown resources and roles of another account type', async () => {
    expect(
      (
        await post(operator, '/finance/role/save.json', {
          name: 'x',
          accountType: 'PLATFORM',
          resources: ['/nope'],
          permissions: [],
        })
      ).statusCode,
    ).toBe(400);
    const list = (await get(operator, '/finance/role/list.json')).json().data as { id: number; code: string }[];
    const bankRole = list.find((r) => r.code === 'BANK_ADMIN')!;
    const userId = await insertUser(t.database.db, {
      username: `pp_${uniq()}`,
      name: 'pp',
      password: PW,
      accountType: 'PERSON',
      roleCodes: ['PERSON'],
    });
    expect((await post(operator, '/finance/user/setRoles.json', { userId, roleIds: [bankRole.id] })).statusCode).toBe(
      400,
    );
  });
});

describe('staff scoping', () => {
  it('a bank admin manages its own subtree only; a branch admin only its branch; a guarantee admin only its own', async () => {
    const bank = await signInAs(t.app, 'bank');
    const scope = (await get(bank, '/finance/org/staff/orgs.json')).json().data as { id: number }[];
    const head = await bankHead();
    expect(scope.map((o) => o.id)).toContain(head);
    expect(scope.length).toBeGreaterThan(8);
    const staff = (await get(bank, '/finance/org/staff/page.json?pageSize=100')).json().data.list as {
      username: string;
      orgId: number;
    }[];
    expect(staff.map((s) => s.username)).toEqual(expect.arrayContaining(['bank', 'bank_cg', 'bank_dh']));
    expect(staff.map((s) => s.username)).not.toContain('icbc_admin');

    // Another bank's staff: not visible, not manageable.
    const [icbc] = await t.database.db
      .select({ id: users.id, orgId: users.orgId })
      .from(users)
      .where(eq(users.username, 'icbc_admin'));
    expect(
      (await post(bank, '/finance/org/staff/setStatus.json', { userId: icbc.id, status: 'DISABLED' })).statusCode,
    ).toBe(404);
    expect((await get(bank, `/finance/org/staff/page.json?orgId=${icbc.orgId}`)).json().data.total).toBe(0);
    const intoIcbc = await post(bank, '/finance/org/staff/save.json', {
      orgId: icbc.orgId,
      username: `x_${uniq()}`,
      name: 'x',
      phone: phone(),
      password: PW,
    });
    expect(intoIcbc.statusCode).toBe(403);

    // The bank admin creates a staff account in a branch; the branch admin sees it, but not the head office's.
    const [dh] = await t.database.db
      .select({ id: users.id, orgId: users.orgId })
      .from(users)
      .where(eq(users.username, 'bank_dh'));
    const username = `st_${uniq()}`;
    const created = await post(bank, '/finance/org/staff/save.json', {
      orgId: dh.orgId,
      username,
      name: '新员工',
      phone: phone(),
      password: PW,
    });
    expect(created.json().success, created.body).toBe(true);
    const branchAdmin = await login(t.app, 'bank_dh', 'Demo@2026');
    const seen = (await get(branchAdmin, '/finance/org/staff/page.json?pageSize=100')).json().data.list as {
      username: string;
    }[];
    expect(seen.map((s) => s.username)).toContain(username);
    expect(seen.map((s) => s.username)).not.toContain('bank');
    const [headUser] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'bank_cg'));
    expect(
      (await post(branchAdmin, '/finance/org/staff/setStatus.json', { userId: headUser.id, status: 'DISABLED' }))
        .statusCode,
    ).toBe(404);

    // The new staff signs in with the bank's built-in role; disabling them ends their session.
    const staffTok = await login(t.app, username, PW);
    expect((await get(staffTok, '/zscms/user/getUserInfo.json?sysEnum=PHJR')).json().data.accountType.code).toBe(
      'BANK',
    );
    expect(
      (
        await post(branchAdmin, '/finance/org/staff/setStatus.json', {
          userId: created.json().data.userId,
          status: 'DISABLED',
        })
      ).json().success,
    ).toBe(true);
    expect((await get(staffTok, '/zscms/user/getUserInfo.json?sysEnum=PHJR')).statusCode).toBe(401);

    const guarantee = await signInAs(t.app, 'guarantee');
    const gList = (await get(guarantee, '/finance/org/staff/page.json?pageSize=100')).json().data.list as {
      username: string;
      orgId: number;
    }[];
    // Other test files may add staff to the guarantee company: what matters is that nothing of another organisation shows.
    const [gUser] = await t.database.db
      .select({ orgId: users.orgId })
      .from(users)
      .where(eq(users.username, 'guarantee'));
    expect(gList.map((s) => s.username)).toContain('guarantee');
    expect(gList.filter((s) => s.orgId !== gUser.orgId)).toEqual([]);
    expect(
      (await post(guarantee, '/finance/org/staff/setStatus.json', { userId: headUser.id, status: 'DISABLED' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('supervisor settings', () => {
  it('a supervisor edits their own display name, email and notification preference', async () => {
    const orgId = await insertOrg(t.database.db, {
      name: `区政府${uniq()}`,
      orgType: 'GOVERNMENT',
      classifiedType: 'GOVERNMENT',
      regionCode: '999901',
    });
    const username = `sv_${uniq()}`;
    await insertUser(t.database.db, {
      username,
      name: '原名',
      password: PW,
      accountType: 'GOVERNMENT',
      orgId,
      roleCodes: ['GOV_SUPERVISOR'],
    });
    const tok = await login(t.app, username, PW);
    const saved = await post(tok, '/finance/user/saveMySetting.json', {
      name: '新名字',
      email: 'sv@example.com',
      notifyPref: 'BOTH',
    });
    expect(saved.json().data).toMatchObject({ name: '新名字', email: 'sv@example.com', notifyPref: 'BOTH' });
    expect((await get(tok, '/zscms/user/getUserInfo.json?sysEnum=PHJR')).json().data.name).toBe('新名字');
    expect(
      (await post(tok, '/finance/user/saveMySetting.json', { name: 'x', email: 'bad', notifyPref: 'SITE' })).statusCode,
    ).toBe(400);
  });
});
