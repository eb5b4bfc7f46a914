import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { demandOps } from '@phjr/contract/demands/calls';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import { productOps } from '@phjr/contract/products/product-ops';
import { reportOps } from '@phjr/contract/stats/reports';
import { insertOrg, insertUser } from '../../src/seed/factories.ts';
import { callOp, createTestApp, login, loginAs, must, type TestApp, type Tokens } from '../helpers.ts';
import { chainInput } from './chains-helpers.ts';
import { demandInput, testApplicant } from './demands-helpers.ts';
import { column, exportAudits, sheetOf } from './list-exports-helpers.ts';
import { createProduct, productInput, testBank } from './products-helpers.ts';

/**
 * Sorting of the back-office lists of products, chains, organisations and users and of the report drill-down, and
 * the user lists' exports (issue 30; docs/lists.md): each list sorted both ways by its fields on rows made here with
 * known values (the order checked against them), a 400 on a field outside the set, the default order unchanged; the
 * three user lists' files in the list's sort, the phones masked as the list masks them, each audited.
 */

let t: TestApp;
let operator: Tokens;
const tag = `LS${randomBytes(3).toString('hex')}`;
const PW = 'Test@2026ab';
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const bj = (day: string) => new Date(`${day}T10:00:00+08:00`);

beforeAll(async () => {
  t = await createTestApp();
  operator = await loginAs(t.app, 'operator');
});
afterAll(() => t.close());

/** The list's rows' `key` in the order the page answers them, for a sort (or none). */
async function order<K extends string>(
  tokens: Tokens,
  o: Parameters<typeof must>[2],
  query: Record<string, unknown>,
  key: K,
  sort?: [string, 'asc' | 'desc'],
) {
  const data = await must(t.app, tokens, o, {
    pageSize: 50,
    ...query,
    ...(sort ? { sortField: sort[0], sortOrder: sort[1] } : {}),
  });
  return (data.list as Record<K, unknown>[]).map((r) => r[key]);
}

/** A field outside the list's set is refused with a 400 naming it. */
async function refusesField(
  tokens: Tokens,
  o: Parameters<typeof must>[2],
  query: Record<string, unknown>,
  field: string,
) {
  const res = await callOp(t.app, tokens, o, { ...query, sortField: field });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.body).toContain('sortField');
}

describe('users: the operator’s lists, the platform’s accounts, an institution’s staff', () => {
  // Three persons and three bank accounts of one test bank, made in a known order with known sign-ins.
  const persons: { id: number; name: string }[] = [];
  let bankOrg: number;
  let admin: Tokens;
  let adminId: number;
  const staff: { id: number; name: string }[] = [];

  beforeAll(async () => {
    const db = t.database.db;
    // created 01-01, 01-03, 01-02; signed in: 02-01, never, 02-05
    const made = [
      ['甲', '2020-01-01', '2020-02-01', '13800990001'],
      ['乙', '2020-01-03', null, '13800990002'],
      ['丙', '2020-01-02', '2020-02-05', '13800990003'],
    ] as const;
    for (const [n, created, signed, phone] of made) {
      const name = `${tag}个人${n}`;
      const id = await insertUser(db, {
        username: `p${tag}${n.charCodeAt(0)}`.toLowerCase(),
        name,
        password: PW,
        accountType: 'PERSON',
        phone,
        regionCode: '999901',
        roleCodes: ['PERSON'],
      });
      await sql(`UPDATE users SET created_at = $2, last_login_at = $3 WHERE id = $1`, [
        id,
        bj(created),
        signed ? bj(signed) : null,
      ]);
      persons.push({ id, name });
    }
    bankOrg = await insertOrg(db, {
      name: `${tag}排序银行`,
      orgType: 'BANK',
      classifiedType: 'BANK',
      regionCode: '999900',
    });
    const adminName = `a${tag}`.toLowerCase();
    adminId = await insertUser(db, {
      username: adminName,
      name: `${tag}管理员`,
      password: PW,
      accountType: 'BANK',
      orgId: bankOrg,
      phone: '13800990010',
      roleCodes: ['BANK_ADMIN'],
    });
    admin = await login(t.app, adminName, PW);
    staff.push({ id: adminId, name: `${tag}管理员` });
    for (const [n, phone] of [
      ['丁', '13800990011'],
      ['戊', '13800990012'],
    ] as const) {
      const id = await insertUser(db, {
        username: `s${tag}${n.charCodeAt(0)}`.toLowerCase(),
        name: `${tag}员工${n}`,
        password: PW,
        accountType: 'BANK',
        orgId: bankOrg,
        phone,
        roleCodes: [],
      });
      staff.push({ id, name: `${tag}员工${n}` });
    }
    // admin: created 03-02, signed in 03-10 (after its sign-in above); 丁: 03-03, never; 戊: 03-01, 03-20
    const set = [
      [adminId, '2020-03-02', '2020-03-10'],
      [staff[1].id, '2020-03-03', null],
      [staff[2].id, '2020-03-01', '2020-03-20'],
    ] as const;
    for (const [id, created, signed] of set)
      await sql(`UPDATE users SET created_at = $2, last_login_at = $3 WHERE id = $1`, [
        id,
        bj(created),
        signed ? bj(signed) : null,
      ]);
  });

  const [p甲, p乙, p丙] = [0, 1, 2];
  const ids = (xs: { id: number }[], idx: number[]) => idx.map((i) => xs[i].id);

  it('the operator’s person list sorts by created and by last sign-in, both ways; newest account first without a sort', async () => {
    const q = { accountType: 'PERSON', name: tag };
    expect(await order(operator, orgsOps.userPage, q, 'userId', ['createdAt', 'desc'])).toEqual(
      ids(persons, [p乙, p丙, p甲]),
    );
    expect(await order(operator, orgsOps.userPage, q, 'userId', ['createdAt', 'asc'])).toEqual(
      ids(persons, [p甲, p丙, p乙]),
    );
    // Never signed in sorts below every sign-in.
    expect(await order(operator, orgsOps.userPage, q, 'userId', ['lastLoginAt', 'desc'])).toEqual(
      ids(persons, [p丙, p甲, p乙]),
    );
    expect(await order(operator, orgsOps.userPage, q, 'userId', ['lastLoginAt', 'asc'])).toEqual(
      ids(persons, [p乙, p甲, p丙]),
    );
    expect(await order(operator, orgsOps.userPage, q, 'userId')).toEqual(ids(persons, [p乙, p丙, p甲]));
    await refusesField(operator, orgsOps.userPage, q, 'phone');
  });

  it('the platform’s accounts and the staff list sort both ways by created and last sign-in', async () => {
    const [a, d, w] = [0, 1, 2];
    for (const [who, o, q] of [
      [operator, orgsOps.platformUserPage, { orgId: bankOrg }],
      [admin, orgsOps.staffPage, {}],
    ] as const) {
      expect(await order(who, o, q, 'userId', ['createdAt', 'desc'])).toEqual(ids(staff, [d, a, w]));
      expect(await order(who, o, q, 'userId', ['createdAt', 'asc'])).toEqual(ids(staff, [w, a, d]));
      expect(await order(who, o, q, 'userId', ['lastLoginAt', 'desc'])).toEqual(ids(staff, [w, a, d]));
      expect(await order(who, o, q, 'userId', ['lastLoginAt', 'asc'])).toEqual(ids(staff, [d, a, w]));
      await refusesField(who, o, q, 'username');
    }
  });

  it('exports the operator’s person list in its sort, the phones masked as the list shows them, audited', async () => {
    const q = { accountType: 'PERSON', name: tag, sortField: 'lastLoginAt', sortOrder: 'desc' };
    const page = await must(t.app, operator, orgsOps.userPage, q);
    const s = await sheetOf(t.app, operator, orgsOps.userExport.path, q);
    expect(column(s, '用户名称')).toEqual(
      ids(persons, [p丙, p甲, p乙]).map((id) => persons.find((p) => p.id === id)!.name),
    );
    expect(column(s, '手机号')).toEqual(['138****0003', '138****0001', '138****0002']);
    expect(column(s, '手机号')).toEqual(page.list.map((r: { phone: string }) => r.phone));
    // A row's last cells, when empty, are not written: read as ''.
    expect(column(s, '最近登录').map((v) => v ?? '')).toEqual(['2020-02-05 10:00', '2020-02-01 10:00', '']);
    expect(s.rows.flat().some((c) => c.includes('13800990001'))).toBe(false);
    const me = (await sql(`SELECT id FROM users WHERE username = 'operator'`))[0].id as number;
    expect((await exportAudits(t.database.pool, me, 'users:accounts'))[0].detail).toMatchObject({
      list: 'users',
      filters: q,
    });
  });

  it('exports the platform’s accounts and the staff (the admin’s own organisation only), masked, audited', async () => {
    const plat = await sheetOf(t.app, operator, orgsOps.platformUserExport.path, {
      orgId: bankOrg,
      sortField: 'createdAt',
      sortOrder: 'asc',
    });
    expect(column(plat, '姓名')).toEqual([staff[2].name, staff[0].name, staff[1].name]);
    expect(column(plat, '手机号')).toEqual(['138****0012', '138****0010', '138****0011']);
    expect(column(plat, '角色')[1]).not.toBe('');
    const me = (await sql(`SELECT id FROM users WHERE username = 'operator'`))[0].id as number;
    expect((await exportAudits(t.database.pool, me, 'users:platform'))[0].detail).toMatchObject({
      list: 'platformUsers',
      filters: { orgId: bankOrg, sortField: 'createdAt', sortOrder: 'asc' },
    });

    const mine = await sheetOf(t.app, admin, orgsOps.staffExport.path, { sortField: 'lastLoginAt', sortOrder: 'desc' });
    expect(column(mine, '姓名')).toEqual([staff[2].name, staff[0].name, staff[1].name]);
    expect(column(mine, '手机号')).toEqual(['138****0012', '138****0010', '138****0011']);
    expect(column(mine, '所属机构')).toEqual(Array(3).fill(`${tag}排序银行`));
    expect((await exportAudits(t.database.pool, adminId, 'users:staff'))[0].detail).toMatchObject({
      list: 'staff',
      filters: { sortField: 'lastLoginAt', sortOrder: 'desc' },
    });
    // Another institution's admin exports its own staff, none of this bank's.
    const other = await sheetOf(t.app, await loginAs(t.app, 'bank'), orgsOps.staffExport.path, { name: tag });
    expect(other.rows).toEqual([]);
  });
});

describe('organisations, products, chains', () => {
  it('the operator’s organisation list sorts by created and by its accounts, both ways; parents first without', async () => {
    const db = t.database.db;
    const made: number[] = [];
    for (const [n, created, accounts] of [
      ['一', '2020-05-01', 2],
      ['二', '2020-05-03', 0],
      ['三', '2020-05-02', 1],
    ] as const) {
      const id = await insertOrg(db, {
        name: `${tag}机构${n}`,
        orgType: 'BANK',
        classifiedType: 'BANK',
        regionCode: '999900',
      });
      await sql(`UPDATE orgs SET created_at = $2 WHERE id = $1`, [id, bj(created)]);
      for (let i = 0; i < accounts; i++)
        await insertUser(db, {
          username: `o${tag}${id}${i}`.toLowerCase(),
          name: '机构账号',
          password: PW,
          accountType: 'BANK',
          orgId: id,
          roleCodes: [],
        });
      made.push(id);
    }
    const [one, two, three] = made;
    const q = { kind: 'BANK', name: `${tag}机构` };
    expect(await order(operator, orgsOps.orgPage, q, 'id', ['createdAt', 'desc'])).toEqual([two, three, one]);
    expect(await order(operator, orgsOps.orgPage, q, 'id', ['createdAt', 'asc'])).toEqual([one, three, two]);
    expect(await order(operator, orgsOps.orgPage, q, 'id', ['userCount', 'desc'])).toEqual([one, three, two]);
    expect(await order(operator, orgsOps.orgPage, q, 'id', ['userCount', 'asc'])).toEqual([two, three, one]);
    expect(await order(operator, orgsOps.orgPage, q, 'id')).toEqual([one, two, three]);
    await refusesField(operator, orgsOps.orgPage, q, 'name');
  });

  it('a provider’s product list sorts by rate, amount, term, applications and dates, both ways; last changed first without', async () => {
    const bank = await testBank(t.app, t.database.db, `${tag}p`);
    const made: number[] = [];
    for (const [n, rate, amount, term, apps] of [
      ['A', 4.2, 300, 24, 5],
      ['B', 3.6, 50, 60, 9],
      ['C', 5.1, 120, 12, 1],
    ] as const) {
      const id = await createProduct(
        t.app,
        bank.tokens.head,
        productInput(`${tag}产品${n}`, {
          rateMin: rate,
          rateMax: rate + 1,
          amountMax: amount,
          termMax: term,
          termMin: 6,
        }),
      );
      await sql(`UPDATE products SET applications = $2 WHERE id = $1`, [id, apps]);
      made.push(id);
    }
    const [a, b, c] = made;
    await sql(`UPDATE products SET updated_at = $2 WHERE id = $1`, [a, bj('2021-01-03')]);
    await sql(`UPDATE products SET updated_at = $2 WHERE id = $1`, [b, bj('2021-01-01')]);
    await sql(`UPDATE products SET updated_at = $2 WHERE id = $1`, [c, bj('2021-01-02')]);
    const q = { keyword: `${tag}产品` };
    const cases: [string, number[]][] = [
      ['rateMin', [c, a, b]],
      ['amountMax', [a, c, b]],
      ['termMax', [b, a, c]],
      ['applications', [b, a, c]],
      ['updatedAt', [a, c, b]],
    ];
    for (const [field, desc] of cases) {
      expect(await order(bank.tokens.head, productOps.managePage, q, 'id', [field, 'desc']), field).toEqual(desc);
      expect(await order(bank.tokens.head, productOps.managePage, q, 'id', [field, 'asc']), field).toEqual(
        [...desc].reverse(),
      );
    }
    expect(await order(bank.tokens.head, productOps.managePage, q, 'id')).toEqual([a, c, b]);
    // The operator's list takes the same sort.
    expect(await order(operator, productOps.managePage, q, 'id', ['amountMax', 'asc'])).toEqual([b, c, a]);
    await refusesField(bank.tokens.head, productOps.managePage, q, 'name');
  });

  it('the chain list sorts by members, loan amount and created, both ways; newest chain first without', async () => {
    const made: number[] = [];
    for (const [n, members, amount, created] of [
      ['甲', 30, 500, '2019-01-02'],
      ['乙', 10, 900, '2019-01-03'],
      ['丙', 20, 100, '2019-01-01'],
    ] as const) {
      const { id } = await must(t.app, operator, chainOps.save, chainInput(`${tag}链${n}`));
      await sql(`UPDATE industrial_chains SET enterprises = $2, loan_amount = $3, created_at = $4 WHERE id = $1`, [
        id,
        members,
        amount,
        bj(created),
      ]);
      made.push(id as number);
    }
    const [x, y, z] = made;
    const q = { keyword: `${tag}链` };
    for (const [field, desc] of [
      ['enterprises', [x, z, y]],
      ['loanAmount', [y, x, z]],
      ['createdAt', [y, x, z]],
    ] as [string, number[]][]) {
      expect(await order(operator, chainOps.page, q, 'id', [field, 'desc']), field).toEqual(desc);
      expect(await order(operator, chainOps.page, q, 'id', [field, 'asc']), field).toEqual([...desc].reverse());
    }
    expect(await order(operator, chainOps.page, q, 'id')).toEqual([z, y, x]);
    await refusesField(operator, chainOps.page, q, 'name');
  });
});

describe('the report drill-down', () => {
  it('sorts a figure’s demands by the amount shown, term and days, both ways; newest first without', async () => {
    const made: number[] = [];
    for (const [k, amount, term, day] of [
      ['a', 30, 24, '2012-06-02'],
      ['b', 80, 6, '2012-06-01'],
      ['c', 50, 36, '2012-06-03'],
    ] as const) {
      const a = await testApplicant(t.app, t.database.db, `${tag}${k}`);
      const { id } = await must(t.app, a.tokens, demandOps.create, demandInput({ amount, term }));
      await sql(`UPDATE demands SET created_at = $2 WHERE id = $1`, [id, bj(day)]);
      made.push(id as number);
    }
    const [a, b, c] = made;
    // a granted 90 (the amount the row shows) on 06-20; b and c never granted.
    await sql(`UPDATE demands SET granted_amount = 90, granted_at = '2012-06-20' WHERE id = $1`, [a]);
    const q = { measure: 'counted', from: '2012-06-01', to: '2012-06-03' };
    for (const [field, desc] of [
      ['amount', [a, b, c]],
      ['term', [c, a, b]],
      ['createdAt', [c, a, b]],
      ['grantedAt', [a, c, b]],
    ] as [string, number[]][]) {
      const got = await order(operator, reportOps.drill, q, 'id', [field, 'desc']);
      // grantedAt: b and c (no grant) tie below a, in id order.
      expect(got, field).toEqual(field === 'grantedAt' ? [a, ...[b, c].sort((m, n) => n - m)] : desc);
      const up = await order(operator, reportOps.drill, q, 'id', [field, 'asc']);
      expect(up, field).toEqual(field === 'grantedAt' ? [...[b, c].sort((m, n) => m - n), a] : [...desc].reverse());
    }
    expect(await order(operator, reportOps.drill, q, 'id')).toEqual([c, a, b]);
    // Paged: the second page continues the sort.
    const second = await must(t.app, operator, reportOps.drill, {
      ...q,
      sortField: 'amount',
      sortOrder: 'desc',
      pageSize: 2,
      current: 2,
    });
    expect(second.list.map((r: { id: number }) => r.id)).toEqual([c]);
    await refusesField(operator, reportOps.drill, q, 'status');
    // Back to today: the worker's later files read "all time" from the first day with figures (display-figures), and
    // 2012 is further back than a report may reach.
    await sql(
      `UPDATE demands SET created_at = now(), granted_at = CASE WHEN granted_at IS NULL THEN NULL ELSE now() END
        WHERE id = ANY($1)`,
      [made],
    );
  });
});
