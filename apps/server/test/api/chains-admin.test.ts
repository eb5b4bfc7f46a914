import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAIN_ACTIONS } from '@phjr/contract/chains/chain';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertOrg, insertUser } from '../../src/seed/factories.ts';
import { encodePng } from '../../src/seed/demo-images.ts';
import { call, createTestApp, type TestApp, type Tokens, signIn, signInAs } from '../helpers.ts';
import { testBank } from './products-helpers.ts';
import { callOp, chainInput, must, refused } from './chains-helpers.ts';

/**
 * The operator's writes on chains (docs/chains.md "Rules"): name, organisations, managers, archive, on chains and
 * organisations of this file's own (test banks with a head office, branches and a sub-branch; two departments).
 */
let t: TestApp;
let op: Tokens;
let gov: Tokens;
let person: Tokens;
const tag = `CA${Math.random().toString(36).slice(2, 6)}`;
let seq = 0;
const uniq = (s: string) => `${s}${tag}${++seq}`;
let A: Awaited<ReturnType<typeof testBank>>;
let B: Awaited<ReturnType<typeof testBank>>;
let dept: number;
let dept2: number;
let deptUser: number;
let dept2User: number;
let guaranteeOrg: number;
let codeSeq = Math.floor(Math.random() * 900_000);
const nextCode = () => withCheckChar(`91999902MA${String(++codeSeq).padStart(7, '0')}`.slice(0, 17));
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const userIdOf = async (username: string) =>
  Number((await sql('SELECT id FROM users WHERE username = $1', [username]))[0].id);

async function createChain(over: Record<string, unknown> = {}) {
  return (await must(t.app, op, chainOps.save, chainInput(uniq('测试链'), over))).id as number;
}
const validOrgs = () => [
  { orgId: dept, role: 'CHIEF_DEPARTMENT' },
  { orgId: A.ids.head, role: 'LEAD_BANK' },
  { orgId: B.ids.branchA, role: 'MEMBER_BANK' },
];

beforeAll(async () => {
  t = await createTestApp();
  [op, gov, person] = await Promise.all([
    signInAs(t.app, 'operator'),
    signInAs(t.app, 'gov'),
    signInAs(t.app, 'person'),
  ]);
  const db = t.database.db;
  A = await testBank(t.app, db, `${tag}a`);
  B = await testBank(t.app, db, `${tag}b`);
  dept = await insertOrg(db, {
    name: `测试农业农村局${tag}`,
    orgType: 'GOVERNMENT',
    classifiedType: 'GOVERNMENT',
    regionCode: '999900',
    chainAccess: true,
  });
  dept2 = await insertOrg(db, {
    name: `测试金融办${tag}`,
    orgType: 'JINRONGJU',
    classifiedType: 'JINRONGJU',
    regionCode: '999900',
    chainAccess: true,
  });
  guaranteeOrg = await insertOrg(db, {
    name: `测试担保${tag}`,
    orgType: 'GUARANTEE',
    classifiedType: 'GUARANTEE',
    regionCode: '999900',
  });
  deptUser = await insertUser(db, {
    username: `tcad${tag}`.toLowerCase(),
    name: '链长甲',
    password: DEMO_PASSWORD,
    accountType: 'GOVERNMENT',
    orgId: dept,
    roleCodes: ['GOV_SUPERVISOR'],
  });
  dept2User = await insertUser(db, {
    username: `tcae${tag}`.toLowerCase(),
    name: '链长乙',
    password: DEMO_PASSWORD,
    accountType: 'GOVERNMENT',
    orgId: dept2,
    roleCodes: ['JRJ_SUPERVISOR'],
  });
  await sql('UPDATE orgs SET chain_access = true WHERE id = ANY($1)', [
    [...Object.values(A.ids), ...Object.values(B.ids)],
  ]);
});
afterAll(() => t.close());

describe('chain fields', () => {
  it('creates a chain with an audit row, zero figures and every action of an active chain', async () => {
    const name = uniq('新建链');
    const d = await must(t.app, op, chainOps.save, chainInput(name, { leadEnterprises: ['甲', '甲', '乙'] }));
    expect(d).toMatchObject({
      name,
      status: 'ACTIVE',
      regionName: '城关区',
      leadEnterprises: ['甲', '乙'],
      orgs: [],
      managers: [],
      leadBankName: null,
    });
    expect(d.figures).toMatchObject({
      enterprises: 0,
      banks: 0,
      visitRate: null,
      intentionRate: null,
      financedRate: null,
    });
    expect(d.actions).toEqual(['edit', 'archive', 'editOrgs', 'editManagers', 'addEnterprise', 'import']);
    expect(await sql(`SELECT action FROM audit_log WHERE target = $1`, [`chain:${d.id}`])).toEqual([
      { action: 'chain.create' },
    ]);
    expect(
      (await sql('SELECT tier FROM chain_tier_figures WHERE chain_id = $1 ORDER BY tier', [d.id])).map((r) => r.tier),
    ).toEqual(['DOWNSTREAM', 'MIDSTREAM', 'UPSTREAM']);
  });

  it('refuses a name in use (create and edit), an unknown region and a cover that is not a public picture', async () => {
    const id = await createChain();
    for (const body of [chainInput('茶叶产业链'), chainInput('茶叶产业链', { id })]) {
      const r = await refused(t.app, op, chainOps.save, body);
      expect(r).toMatchObject({ status: 409, code: 'CHAIN_NAME_TAKEN' });
      expect(r.data.fields[0].field).toBe('name');
    }
    expect(await refused(t.app, op, chainOps.save, chainInput(uniq('地区'), { regionCode: '123456' }))).toMatchObject({
      status: 400,
      code: 'VALIDATION',
    });
    expect(
      await refused(t.app, op, chainOps.save, chainInput(uniq('封面'), { coverFileId: 'x'.repeat(32) })),
    ).toMatchObject({ status: 400, code: 'VALIDATION' });
    // Its own name again is fine.
    const own = (await must(t.app, op, chainOps.detail, { id })).name;
    expect((await must(t.app, op, chainOps.save, chainInput(own, { id, description: '改过' }))).description).toBe(
      '改过',
    );
    // An unknown id answers NOT_FOUND.
    expect(await refused(t.app, op, chainOps.save, chainInput(uniq('无'), { id: 99_999_999 }))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('takes a PUBLIC picture as its cover, not a private one', async () => {
    const upload = async (visibility: 'PUBLIC' | 'PRIVATE') => {
      const boundary = `----chain${tag}${visibility}`;
      const png = encodePng(4, 4, () => [10, 120, 60]);
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const payload = Buffer.concat([head, png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      const res = await call(t.app, op, {
        method: 'POST',
        url: `/zscms/files/upload.json?visibility=${visibility}`,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      return res.json().data.id as string;
    };
    const pub = await upload('PUBLIC');
    const d = await must(t.app, op, chainOps.save, chainInput(uniq('封面链'), { coverFileId: pub }));
    expect(d).toMatchObject({ coverFileId: pub, coverUrl: `/zscms/files/view.json?id=${pub}` });
    const r = await refused(
      t.app,
      op,
      chainOps.save,
      chainInput(uniq('私有封面'), { coverFileId: await upload('PRIVATE') }),
    );
    expect(r).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(r.data.fields[0].field).toBe('coverFileId');
  });

  it('two creations of one name at once: one wins, the other hears CHAIN_NAME_TAKEN', async () => {
    const name = uniq('并发');
    const results = await Promise.all([1, 2, 3].map(() => callOp(t.app, op, chainOps.save, chainInput(name))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().errorCode === 'CHAIN_NAME_TAKEN')).toBe(
      true,
    );
  });

  it('is the operator’s only', async () => {
    for (const tokens of [gov, person, A.tokens.head])
      expect((await refused(t.app, tokens, chainOps.save, chainInput(uniq('越权')))).status).toBe(403);
    expect((await refused(t.app, null, chainOps.save, chainInput(uniq('匿名')))).status).toBe(401);
  });
});

describe('taking-part organisations', () => {
  it('keeps the banks counter, a figures row per bank, the lead bank and chief department names', async () => {
    const id = await createChain();
    const d = await must(t.app, op, chainOps.saveOrgs, {
      id,
      orgs: [...validOrgs(), { orgId: dept2, role: 'MEMBER_DEPARTMENT' }],
    });
    expect(d.figures.banks).toBe(2);
    expect(d.leadBankName).toBe(`测试银行${tag}a`);
    expect(d.chiefDepartmentName).toBe(`测试农业农村局${tag}`);
    expect(d.orgs.map((o: { role: string }) => o.role)).toEqual([
      'CHIEF_DEPARTMENT',
      'MEMBER_DEPARTMENT',
      'LEAD_BANK',
      'MEMBER_BANK',
    ]);
    const rows = await sql('SELECT org_id::int AS org FROM chain_bank_figures WHERE chain_id = $1 ORDER BY org_id', [
      id,
    ]);
    expect(rows.map((r) => r.org)).toEqual([A.ids.head, B.ids.branchA].sort((a, b) => a - b));
    // Down to one bank: the counter follows.
    const one = await must(t.app, op, chainOps.saveOrgs, {
      id,
      orgs: [
        { orgId: dept, role: 'CHIEF_DEPARTMENT' },
        { orgId: B.ids.head, role: 'LEAD_BANK' },
      ],
    });
    expect(one.figures.banks).toBe(1);
    // The lead bank is kept on the chain from its organisations (migration 0030), whoever writes them.
    expect([one.leadBankName, one.chiefDepartmentName]).toEqual([`测试银行${tag}b`, `测试农业农村局${tag}`]);
    await sql(`UPDATE chain_orgs SET role = 'MEMBER_BANK' WHERE chain_id = $1 AND role = 'LEAD_BANK'`, [id]);
    expect((await must(t.app, op, chainOps.detail, { id })).leadBankName).toBeNull();
    await sql(`DELETE FROM chain_orgs WHERE chain_id = $1 AND role = 'CHIEF_DEPARTMENT'`, [id]);
    await sql(
      `INSERT INTO chain_orgs (chain_id, org_id, role) VALUES ($1, $2, 'LEAD_BANK') ON CONFLICT (chain_id, org_id) DO UPDATE SET role = 'LEAD_BANK'`,
      [id, B.ids.head],
    );
    expect(await must(t.app, op, chainOps.detail, { id })).toMatchObject({
      leadBankName: `测试银行${tag}b`,
      chiefDepartmentName: null,
    });
    expect(
      (await must(t.app, null, chainOps.figuresById, { industrialChainId: id })).byBank.map(
        (b: { orgId: number }) => b.orgId,
      ),
    ).toEqual([B.ids.head]);
  });

  it('refuses every invalid list with CHAIN_ORGS_INVALID and changes nothing', async () => {
    const id = await createChain();
    await must(t.app, op, chainOps.saveOrgs, { id, orgs: validOrgs() });
    const before = await must(t.app, op, chainOps.detail, { id });
    const cases: [string, { orgId: number; role: string }[]][] = [
      ['two chief departments', [...validOrgs(), { orgId: dept2, role: 'CHIEF_DEPARTMENT' }]],
      ['no chief department', validOrgs().slice(1)],
      ['two lead banks', [...validOrgs(), { orgId: B.ids.head, role: 'LEAD_BANK' }]],
      ['no lead bank', [validOrgs()[0], validOrgs()[2]]],
      ['an organisation twice', [...validOrgs(), { orgId: B.ids.branchA, role: 'MEMBER_BANK' }]],
      ['a bank role on a department', [...validOrgs(), { orgId: dept2, role: 'MEMBER_BANK' }]],
      ['a government role on a bank', [...validOrgs(), { orgId: B.ids.head, role: 'MEMBER_DEPARTMENT' }]],
      ['a guarantee company', [...validOrgs(), { orgId: guaranteeOrg, role: 'MEMBER_BANK' }]],
      ['an unknown organisation', [...validOrgs(), { orgId: 99_999_999, role: 'MEMBER_BANK' }]],
    ];
    for (const [what, orgs] of cases) {
      const r = await refused(t.app, op, chainOps.saveOrgs, { id, orgs });
      expect(r, what).toMatchObject({ status: 400, code: 'CHAIN_ORGS_INVALID' });
      expect(r.data.fields[0].field, what).toBe('orgs');
    }
    expect(await must(t.app, op, chainOps.detail, { id })).toEqual(before);
  });

  it('an organisation that leaves takes its managers (and its branches’) with it', async () => {
    const id = await createChain();
    await must(t.app, op, chainOps.saveOrgs, {
      id,
      orgs: [...validOrgs(), { orgId: dept2, role: 'MEMBER_DEPARTMENT' }],
    });
    const branchUser = await userIdOf(`tb${tag}asub`.toLowerCase());
    const d = await must(t.app, op, chainOps.saveManagers, { id, userIds: [deptUser, dept2User, branchUser] });
    expect(d.managers.map((m: { userId: number; kind: string }) => [m.userId, m.kind]).sort()).toEqual(
      [
        [deptUser, 'GOVERNMENT'],
        [dept2User, 'GOVERNMENT'],
        [branchUser, 'BANK'],
      ].sort(),
    );
    // Bank A and the second department leave; bank B's head office comes in as lead bank.
    const after = await must(t.app, op, chainOps.saveOrgs, {
      id,
      orgs: [
        { orgId: dept, role: 'CHIEF_DEPARTMENT' },
        { orgId: B.ids.head, role: 'LEAD_BANK' },
      ],
    });
    expect(after.managers.map((m: { userId: number }) => m.userId)).toEqual([deptUser]);
    const audit = await sql(
      `SELECT detail FROM audit_log WHERE target = $1 AND action = 'chain.orgs' ORDER BY id DESC LIMIT 1`,
      [`chain:${id}`],
    );
    expect(audit[0].detail.removedManagers.sort()).toEqual([dept2User, branchUser].sort());
  });
});

describe('managers', () => {
  it('accepts users of a taking-part organisation or of a branch of a taking-part bank, and nobody else', async () => {
    const id = await createChain();
    await must(t.app, op, chainOps.saveOrgs, { id, orgs: validOrgs() });
    const aBranch = await userIdOf(`tb${tag}abrancha`.toLowerCase());
    const bHead = await userIdOf(`tb${tag}bhead`.toLowerCase());
    const bBranchA = await userIdOf(`tb${tag}bbrancha`.toLowerCase());
    const bSub = await userIdOf(`tb${tag}bsub`.toLowerCase());
    const bBranchB = await userIdOf(`tb${tag}bbranchb`.toLowerCase());
    // Bank B takes part through its 城关 branch: that branch and its sub-branch qualify, its head office and other branch do not.
    expect(
      (await must(t.app, op, chainOps.saveManagers, { id, userIds: [deptUser, aBranch, bBranchA, bSub, bSub] }))
        .managers,
    ).toHaveLength(4);
    for (const [what, userId] of [
      ['bank B head office', bHead],
      ['bank B other branch', bBranchB],
      ['a department not taking part', dept2User],
      ['a person', await userIdOf('person')],
      ['an unknown user', 99_999_999],
    ] as const) {
      const r = await refused(t.app, op, chainOps.saveManagers, { id, userIds: [deptUser, userId] });
      expect(r, what).toMatchObject({ status: 400, code: 'CHAIN_MANAGER_INVALID' });
      expect(r.data.userIds, what).toEqual([userId]);
    }
    expect((await must(t.app, op, chainOps.detail, { id })).managers).toHaveLength(4);
    // The managers' lists follow.
    const mgr = await signIn(t.app, `tcad${tag}`.toLowerCase());
    expect((await must(t.app, mgr, chainOps.managedByCurrentUser)).map((c: { id: number }) => c.id)).toContain(id);
    expect((await must(t.app, op, chainOps.saveManagers, { id, userIds: [] })).managers).toEqual([]);
    expect((await must(t.app, mgr, chainOps.managedByCurrentUser)).map((c: { id: number }) => c.id)).not.toContain(id);
  });
});

describe('archive', () => {
  it('an archived chain is read-only and off the portal; activating brings it back', async () => {
    const id = await createChain();
    await must(t.app, op, chainOps.saveOrgs, { id, orgs: validOrgs() });
    const archived = await must(t.app, op, chainOps.setStatus, { id, status: 'ARCHIVED' });
    expect(archived.status).toBe('ARCHIVED');
    expect(archived.actions).toEqual(['activate']);
    for (const [o, body] of [
      [chainOps.save, chainInput(uniq('归档改'), { id })],
      [chainOps.saveOrgs, { id, orgs: validOrgs() }],
      // Even an invalid list answers CHAIN_ARCHIVED: the chain is refused before the input.
      [chainOps.saveOrgs, { id, orgs: validOrgs().slice(1) }],
      [chainOps.saveManagers, { id, userIds: [] }],
      [chainOps.setStatus, { id, status: 'ARCHIVED' }],
    ] as const) {
      expect(await refused(t.app, op, o, body as Record<string, unknown>)).toMatchObject({
        status: 409,
        code: 'CHAIN_ARCHIVED',
      });
    }
    expect((await must(t.app, null, chainOps.portalList)).map((c: { id: number }) => c.id)).not.toContain(id);
    expect(await refused(t.app, null, chainOps.portalDetail, { industrialChainId: id })).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    // Its banks still read it.
    expect((await must(t.app, A.tokens.head, chainOps.detail, { id })).status).toBe('ARCHIVED');
    const active = await must(t.app, op, chainOps.setStatus, { id, status: 'ACTIVE' });
    expect(active.actions).toContain('archive');
    expect(await refused(t.app, op, chainOps.setStatus, { id, status: 'ACTIVE' })).toMatchObject({
      status: 409,
      code: 'CONFLICT',
    });
    expect(
      (
        await sql(`SELECT action FROM audit_log WHERE target = $1 AND action LIKE 'chain.a%' ORDER BY id`, [
          `chain:${id}`,
        ])
      ).map((r) => r.action),
    ).toEqual(['chain.archive', 'chain.activate']);
  });
});

describe('the actions a row lists are exactly the calls accepted', () => {
  /** Tries one chain action as `tokens` on a copy of the chain's state; true when the server accepted it. */
  async function accepted(tokens: Tokens, id: number, action: (typeof CHAIN_ACTIONS)[number]): Promise<boolean | null> {
    const d = await must(t.app, op, chainOps.detail, { id });
    const orgs = d.orgs.map((o: { orgId: number; role: string }) => ({ orgId: o.orgId, role: o.role }));
    const call = {
      edit: () =>
        callOp(
          t.app,
          tokens,
          chainOps.save,
          chainInput(d.name, { id, regionCode: d.regionCode, description: `${d.description}.` }),
        ),
      archive: () => callOp(t.app, tokens, chainOps.setStatus, { id, status: 'ARCHIVED' }),
      activate: () => callOp(t.app, tokens, chainOps.setStatus, { id, status: 'ACTIVE' }),
      editOrgs: () => callOp(t.app, tokens, chainOps.saveOrgs, { id, orgs }),
      editManagers: () =>
        callOp(t.app, tokens, chainOps.saveManagers, {
          id,
          userIds: d.managers.map((m: { userId: number }) => m.userId),
        }),
      addEnterprise: () =>
        callOp(t.app, tokens, chainOps.enterpriseSave, {
          industrialChainId: id,
          creditCode: nextCode(),
          name: uniq('测试链上企业'),
          tier: 'UPSTREAM',
        }),
      // The import's dry run and file are the import's tests (chain-records-*); its rule is addEnterprise's.
      import: null,
    }[action];
    if (!call) return null;
    const res = await call();
    if (res.statusCode === 200) {
      // Put the state back for the next action.
      if (action === 'archive') await must(t.app, op, chainOps.setStatus, { id, status: 'ACTIVE' });
      if (action === 'activate') await must(t.app, op, chainOps.setStatus, { id, status: 'ARCHIVED' });
      return true;
    }
    return false;
  }

  it('for the operator, a lead bank, a member bank and a department, on an active and on an archived chain', async () => {
    const id = await createChain();
    await must(t.app, op, chainOps.saveOrgs, {
      id,
      orgs: [...validOrgs(), { orgId: dept2, role: 'MEMBER_DEPARTMENT' }],
    });
    const dept2Tokens = await signIn(t.app, `tcae${tag}`.toLowerCase());
    const callers: [string, Tokens][] = [
      ['operator', op],
      ['lead bank', A.tokens.head],
      ['lead bank branch', A.tokens.branchA],
      ['member bank', B.tokens.branchA],
      ['department', dept2Tokens],
    ];
    for (const status of ['ACTIVE', 'ARCHIVED'] as const) {
      if (status === 'ARCHIVED') await must(t.app, op, chainOps.setStatus, { id, status });
      for (const [who, tokens] of callers) {
        const listed = (await must(t.app, tokens, chainOps.detail, { id })).actions as string[];
        const fromPage = (
          (await must(t.app, tokens, chainOps.page, { keyword: tag, pageSize: 100 })).list as {
            id: number;
            actions: string[];
          }[]
        ).find((c) => c.id === id)!.actions;
        expect(fromPage, `${who} ${status}`).toEqual(listed);
        for (const action of CHAIN_ACTIONS) {
          const ok = await accepted(tokens, id, action);
          if (ok !== null) expect(ok, `${who} ${status} ${action}`).toBe(listed.includes(action));
        }
        const lead = who.startsWith('lead bank') || who === 'operator';
        expect(listed.includes('import'), `${who} ${status} import`).toBe(lead && status === 'ACTIVE');
      }
    }
  });
});

describe('a bank or department outside the chain', () => {
  it('reads nothing of it: NOT_FOUND on the detail, absent from the lists and the pickers', async () => {
    const id = await createChain();
    // A department of this chain alone: no other chain of the file names it.
    const alone = await insertOrg(t.database.db, {
      name: `测试独链局${tag}`,
      orgType: 'GOVERNMENT',
      classifiedType: 'GOVERNMENT',
      regionCode: '999900',
      chainAccess: true,
    });
    await must(t.app, op, chainOps.saveOrgs, {
      id,
      orgs: [
        { orgId: alone, role: 'CHIEF_DEPARTMENT' },
        { orgId: A.ids.head, role: 'LEAD_BANK' },
      ],
    });
    const dept2Tokens = await signIn(t.app, `tcae${tag}`.toLowerCase());
    for (const [who, tokens] of [
      ['second bank', B.tokens.head],
      ['second bank branch', B.tokens.branchA],
      ['second department', dept2Tokens],
      ['demo gov', gov],
    ] as const) {
      expect(await refused(t.app, tokens, chainOps.detail, { id }), who).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
      });
      expect(
        (await must(t.app, tokens, chainOps.page, { pageSize: 100 })).list.map((c: { id: number }) => c.id),
        who,
      ).not.toContain(id);
      expect(
        (await must(t.app, tokens, chainOps.currentUserChains)).map((c: { id: number }) => c.id),
        who,
      ).not.toContain(id);
      expect(
        (await must(t.app, tokens, chainOps.chainsByOrgIds, { orgIds: `${alone},${A.ids.head}` })).map(
          (c: { id: number }) => c.id,
        ),
        who,
      ).not.toContain(id);
      expect(
        (await must(t.app, tokens, chainOps.allChainOrgs)).map((o: { orgId: number }) => o.orgId),
        who,
      ).not.toContain(alone);
    }
    // A bank whose organisation lost its chain access reads nothing, even of its chain.
    await sql('UPDATE orgs SET chain_access = false WHERE id = $1', [A.ids.branchB]);
    const noAccess = await signIn(t.app, `tb${tag}abranchb`.toLowerCase());
    expect(await refused(t.app, noAccess, chainOps.detail, { id })).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await must(t.app, noAccess, chainOps.backendUserCanOperate)).toMatchObject({
      canOperate: false,
      kind: 'NONE',
    });
    // Its sibling with access works in it through the head office.
    expect((await must(t.app, A.tokens.branchA, chainOps.detail, { id })).id).toBe(id);
  });
});
