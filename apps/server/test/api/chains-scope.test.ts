import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { createTestApp, type TestApp, type Tokens, signIn, signInAs } from '../helpers.ts';
import { callOp, DEMO_CHAINS, must, refused } from './chains-helpers.ts';

/**
 * Who reads which chain, on the demo chains (seed/demo-chains.ts): the operator every chain; the demo bank (head
 * office and its branch) 茶叶 生猪 (lead) 柑橘 蔬菜 (member); the second bank (工商银行) 柑橘 水产养殖 (member) 水稻
 * (lead); the demo gov (chief department of four, manager of 茶叶 柑橘); the second department (金融局) 茶叶 水稻.
 * Everything else answers NOT_FOUND, and callers without a chain permission 403.
 */
let t: TestApp;
const tok = {} as Record<
  'operator' | 'bank' | 'branch' | 'bank2' | 'gov' | 'jrj' | 'rsj' | 'person' | 'enterprise',
  Tokens
>;
const ids = {} as Record<(typeof DEMO_CHAINS)[number], number>;
const userId = async (username: string) =>
  Number((await t.database.pool.query('SELECT id FROM users WHERE username = $1', [username])).rows[0].id);
const orgIdOf = async (name: string) =>
  Number((await t.database.pool.query('SELECT id FROM orgs WHERE name = $1', [name])).rows[0].id);

const SEES: Record<'bank' | 'branch' | 'bank2' | 'gov' | 'jrj', string[]> = {
  bank: ['茶叶产业链', '柑橘产业链', '生猪产业链', '蔬菜产业链'],
  branch: ['茶叶产业链', '柑橘产业链', '生猪产业链', '蔬菜产业链'],
  bank2: ['柑橘产业链', '水稻产业链', '水产养殖产业链'],
  gov: ['茶叶产业链', '柑橘产业链', '生猪产业链', '蔬菜产业链'],
  jrj: ['茶叶产业链', '水稻产业链'],
};
const demoOnly = (names: string[]) => names.filter((n) => (DEMO_CHAINS as readonly string[]).includes(n)).sort();

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['operator', 'bank', 'gov', 'jrj', 'rsj', 'person', 'enterprise'] as const)
    tok[who] = await signInAs(t.app, who);
  tok.branch = await signIn(t.app, 'bank_dh');
  tok.bank2 = await signIn(t.app, 'icbc_admin');
  const page = await must(t.app, tok.operator, chainOps.page, { pageSize: 100 });
  for (const c of page.list as { id: number; name: string }[])
    if ((DEMO_CHAINS as readonly string[]).includes(c.name)) ids[c.name as keyof typeof ids] = c.id;
});
afterAll(() => t.close());

describe('chain list and detail by role', () => {
  it('the operator sees every demo chain with every action of an active chain', async () => {
    const page = await must(t.app, tok.operator, chainOps.page, { pageSize: 100 });
    expect(demoOnly(page.list.map((c: { name: string }) => c.name))).toEqual([...DEMO_CHAINS].sort());
    const tea = page.list.find((c: { name: string }) => c.name === '茶叶产业链');
    expect(tea).toMatchObject({
      leadBankName: '示范市农村商业银行股份有限公司',
      chiefDepartmentName: '示范市人民政府办公室',
      regionName: '青石县',
      status: 'ACTIVE',
    });
    expect(tea.actions).toEqual(['edit', 'archive', 'editOrgs', 'editManagers', 'addEnterprise', 'import']);
    expect(tea.figures.banks).toBe(2);
  });

  for (const who of Object.keys(SEES) as (keyof typeof SEES)[]) {
    it(`${who} sees its chains only; the others answer NOT_FOUND`, async () => {
      const page = await must(t.app, tok[who], chainOps.page, { pageSize: 100 });
      expect(demoOnly(page.list.map((c: { name: string }) => c.name))).toEqual([...SEES[who]].sort());
      for (const name of DEMO_CHAINS) {
        const res = await callOp(t.app, tok[who], chainOps.detail, { id: ids[name] });
        if (SEES[who].includes(name)) expect(res.json().data.name).toBe(name);
        else expect([res.statusCode, res.json().errorCode]).toEqual([404, 'NOT_FOUND']);
      }
      const options = await must(t.app, tok[who], chainOps.currentUserChains);
      expect(demoOnly(options.map((c: { name: string }) => c.name))).toEqual([...SEES[who]].sort());
    });
  }

  it('a lead bank may add members and import on its chains; a member bank and a department may not', async () => {
    const actionsOf = async (tokens: Tokens) =>
      Object.fromEntries(
        (
          (await must(t.app, tokens, chainOps.page, { pageSize: 100 })).list as { name: string; actions: string[] }[]
        ).map((c) => [c.name, c.actions]),
      );
    const bank = await actionsOf(tok.bank);
    expect(bank['茶叶产业链']).toEqual(['addEnterprise', 'import']);
    expect(bank['生猪产业链']).toEqual(['addEnterprise', 'import']);
    expect(bank['柑橘产业链']).toEqual([]);
    // The branch works as its head office: lead bank of the same chains.
    expect((await actionsOf(tok.branch))['茶叶产业链']).toEqual(['addEnterprise', 'import']);
    const bank2 = await actionsOf(tok.bank2);
    expect(bank2['水稻产业链']).toEqual(['addEnterprise', 'import']);
    expect(bank2['柑橘产业链']).toEqual([]);
    for (const a of Object.values(await actionsOf(tok.gov))) expect(a).toEqual([]);
  });

  it('answers 403 without a chain permission and 401 without a session', async () => {
    for (const who of ['rsj', 'person', 'enterprise'] as const) {
      expect((await refused(t.app, tok[who], chainOps.page)).status, who).toBe(403);
      expect((await refused(t.app, tok[who], chainOps.detail, { id: ids['茶叶产业链'] })).status, who).toBe(403);
      expect((await refused(t.app, tok[who], chainOps.currentUserChains)).status, who).toBe(403);
    }
    expect((await refused(t.app, null, chainOps.page)).status).toBe(401);
    expect((await refused(t.app, null, chainOps.existsForCurrentUser)).status).toBe(401);
  });

  it('the writes are the operator’s: a bank or a department gets 403 even on its own chain', async () => {
    for (const who of ['bank', 'bank2', 'gov', 'jrj'] as const) {
      const id = ids['茶叶产业链'];
      expect((await refused(t.app, tok[who], chainOps.setStatus, { id, status: 'ARCHIVED' })).status).toBe(403);
      expect((await refused(t.app, tok[who], chainOps.saveManagers, { id, userIds: [] })).status).toBe(403);
    }
  });
});

describe('membership checks and pickers', () => {
  it('detectCurrentUserExistsIndustrialChain: taking part (or through the head office) or managing', async () => {
    const exists = async (tokens: Tokens) => must(t.app, tokens, chainOps.existsForCurrentUser);
    for (const who of ['bank', 'branch', 'bank2', 'gov', 'jrj'] as const)
      expect(await exists(tok[who]), who).toBe(true);
    for (const who of ['operator', 'rsj', 'person', 'enterprise'] as const)
      expect(await exists(tok[who]), who).toBe(false);
  });

  it('detectBackendUserCanOperate: the operator every chain, a bank and a department their own', async () => {
    const op = await must(t.app, tok.operator, chainOps.backendUserCanOperate);
    expect(op).toMatchObject({ canOperate: true, kind: 'PLATFORM' });
    expect(demoOnly(op.chains.map((c: { name: string }) => c.name))).toEqual([...DEMO_CHAINS].sort());
    const bank2 = await must(t.app, tok.bank2, chainOps.backendUserCanOperate);
    expect(bank2).toMatchObject({ exists: true, canOperate: true, kind: 'BANK' });
    expect(demoOnly(bank2.chains.map((c: { name: string }) => c.name))).toEqual([...SEES.bank2].sort());
    expect(await must(t.app, tok.jrj, chainOps.backendUserCanOperate)).toMatchObject({
      canOperate: true,
      kind: 'GOVERNMENT',
    });
    for (const who of ['rsj', 'person'] as const)
      expect(await must(t.app, tok[who], chainOps.backendUserCanOperate)).toEqual({
        exists: false,
        canOperate: false,
        kind: 'NONE',
        chains: [],
      });
  });

  it('detectUserCanOperateIndustrialChain: a portal user never operates', async () => {
    const ent = await must(t.app, tok.enterprise, chainOps.portalUserCanOperate);
    expect(ent).toMatchObject({ canOperate: false, kind: 'ENTERPRISE' });
    expect(ent.exists).toBe(ent.chains.length > 0);
    expect(await must(t.app, tok.person, chainOps.portalUserCanOperate)).toEqual({
      exists: false,
      canOperate: false,
      kind: 'NONE',
      chains: [],
    });
    expect(await must(t.app, tok.bank, chainOps.portalUserCanOperate)).toMatchObject({
      exists: true,
      canOperate: false,
      kind: 'BANK',
    });
  });

  it('the chains a user manages, within its scope', async () => {
    const names = async (tokens: Tokens) =>
      demoOnly((await must(t.app, tokens, chainOps.managedByCurrentUser)).map((c: { name: string }) => c.name));
    expect(await names(tok.gov)).toEqual(['柑橘产业链', '茶叶产业链'].sort());
    expect(await names(tok.jrj)).toEqual(['水稻产业链']);
    expect(await names(tok.bank)).toEqual(['生猪产业链', '茶叶产业链'].sort());
    expect(await names(tok.bank2)).toEqual(['水稻产业链']);
    expect(await names(tok.operator)).toEqual([]);
  });

  it('chains by organisation, within the caller’s scope', async () => {
    const icbc = await orgIdOf('中国工商银行股份有限公司');
    const names = async (tokens: Tokens, orgIds: number[]) =>
      demoOnly(
        (await must(t.app, tokens, chainOps.chainsByOrgIds, { orgIds: orgIds.join(',') })).map(
          (c: { name: string }) => c.name,
        ),
      );
    expect(await names(tok.operator, [icbc])).toEqual(['柑橘产业链', '水稻产业链', '水产养殖产业链'].sort());
    // The demo bank shares only 柑橘 with the second bank.
    expect(await names(tok.bank, [icbc])).toEqual(['柑橘产业链']);
    expect(await names(tok.jrj, [icbc])).toEqual(['水稻产业链']);
    const one = await must(t.app, tok.gov, chainOps.selectListByOrg, { orgId: icbc });
    expect(demoOnly(one.map((c: { name: string }) => c.name))).toEqual(['柑橘产业链']);
  });

  it('the taking-part organisations, within the caller’s scope; a government manager’s chains’ organisations', async () => {
    const dongHu = await orgIdOf('示范市东湖区人民政府');
    const psbc = await orgIdOf('中国邮政储蓄银行股份有限公司');
    const all = await must(t.app, tok.operator, chainOps.allChainOrgs);
    expect(all.find((o: { orgId: number }) => o.orgId === psbc)).toMatchObject({ classifiedType: 'BANK', chains: 3 });
    expect(all.some((o: { orgId: number }) => o.orgId === dongHu)).toBe(true);
    const jrj = await must(t.app, tok.jrj, chainOps.allChainOrgs);
    // 金融局 sees 水稻 (where PSBC is) but not 水产养殖 (东湖区) nor 生猪.
    expect(jrj.find((o: { orgId: number }) => o.orgId === psbc)).toMatchObject({ chains: 1 });
    expect(jrj.some((o: { orgId: number }) => o.orgId === dongHu)).toBe(false);
    const gov = await must(t.app, tok.gov, chainOps.govManagerOrgs);
    expect(gov.some((o: { orgId: number }) => o.orgId === psbc)).toBe(false);
    expect(gov.find((o: { name: string }) => o.name === '示范市人民政府办公室')).toMatchObject({ chains: 2 });
  });

  it('the manager pickers are the operator’s: users of an organisation and its branches; one user by kind', async () => {
    const rcb = await orgIdOf('示范市农村商业银行股份有限公司');
    const list = await must(t.app, tok.operator, chainOps.managerSelectList, { orgId: rcb });
    const names = list.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['bank', 'bank_cg', 'bank_dh']));
    expect((await refused(t.app, tok.gov, chainOps.managerSelectList, { orgId: rcb })).status).toBe(403);
    const bankUser = await userId('bank');
    expect(await must(t.app, tok.operator, chainOps.findUser, { userId: bankUser, type: 'BANK' })).toMatchObject({
      userId: bankUser,
      username: 'bank',
      orgId: rcb,
    });
    expect(await must(t.app, tok.operator, chainOps.findUser, { userId: bankUser, type: 'GOVERNMENT' })).toBeNull();
    expect(
      await must(t.app, tok.operator, chainOps.findUser, { userId: await userId('person'), type: 'GOVERNMENT' }),
    ).toBeNull();
    expect((await refused(t.app, tok.bank, chainOps.findUser, { userId: bankUser, type: 'BANK' })).status).toBe(403);
  });
});

describe('the portal (public)', () => {
  it('lists the active chains with their figures; a chain page has no managers and tier counts from the counters', async () => {
    const list = await must(t.app, null, chainOps.portalList);
    expect(demoOnly(list.map((c: { name: string }) => c.name))).toEqual([...DEMO_CHAINS].sort());
    for (const c of list)
      expect(Object.keys(c).sort()).toEqual([
        'category',
        'chiefDepartmentName',
        'coverUrl',
        'figures',
        'id',
        'leadBankName',
        'name',
        'regionName',
      ]);
    expect(list.find((c: { name: string }) => c.name === '茶叶产业链')).toMatchObject({
      leadBankName: '示范市农村商业银行股份有限公司',
      chiefDepartmentName: '示范市人民政府办公室',
    });
    const tea = await must(t.app, null, chainOps.portalDetail, { industrialChainId: ids['茶叶产业链'] });
    expect(tea).not.toHaveProperty('managers');
    expect(tea.orgs[0]).toEqual({ name: '示范市人民政府办公室', shortName: '市政府办', role: 'CHIEF_DEPARTMENT' });
    const tiers = (
      await t.database.pool.query(
        `SELECT tier, count(*)::int AS n FROM chain_enterprises WHERE chain_id = $1 GROUP BY tier`,
        [ids['茶叶产业链']],
      )
    ).rows;
    const counted = Object.fromEntries(
      ['UPSTREAM', 'MIDSTREAM', 'DOWNSTREAM'].map((k) => [k, tiers.find((r) => r.tier === k)?.n ?? 0]),
    );
    expect(tea.tierCounts).toEqual(counted);
    expect(tea.figures.enterprises).toBe(counted.UPSTREAM + counted.MIDSTREAM + counted.DOWNSTREAM);
  });

  it('the figures: per chain with every taking-part bank (lead first) and per tier; the total sums the chains', async () => {
    const f = await must(t.app, null, chainOps.figuresById, { industrialChainId: ids['水稻产业链'] });
    expect(f.byBank[0]).toMatchObject({ name: '中国工商银行股份有限公司', role: 'LEAD_BANK' });
    expect(f.byBank.map((b: { name: string }) => b.name).sort()).toEqual(
      ['中国工商银行股份有限公司', '中国农业发展银行', '中国邮政储蓄银行股份有限公司'].sort(),
    );
    expect(f.byBank).toHaveLength(3);
    expect(f.byTier.map((x: { tier: string }) => x.tier)).toEqual(['UPSTREAM', 'MIDSTREAM', 'DOWNSTREAM']);
    const list = await must(t.app, null, chainOps.portalList);
    const total = await must(t.app, null, chainOps.totalFigures);
    expect(total.chains).toBe(list.length);
    expect(total.enterprises).toBe(
      list.reduce((s: number, c: { figures: { enterprises: number } }) => s + c.figures.enterprises, 0),
    );
    expect(total.enterprisesFinanced).toBe(
      list.reduce((s: number, c: { figures: { enterprisesFinanced: number } }) => s + c.figures.enterprisesFinanced, 0),
    );
    expect(total.loanAmount).toBeCloseTo(
      list.reduce((s: number, c: { figures: { loanAmount: number } }) => s + c.figures.loanAmount, 0),
      2,
    );
    const cats = await must(t.app, null, chainOps.categoryData);
    expect(cats.reduce((s: number, c: { chains: number }) => s + c.chains, 0)).toBe(list.length);
    expect(cats.find((c: { category: string }) => c.category === 'AQUACULTURE').chains).toBeGreaterThanOrEqual(1);
  });

  it('the rates come from the counters: visited / members, intention / visited, financed / intention (null on a zero base)', async () => {
    const rate = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);
    for (const c of await must(t.app, null, chainOps.portalList)) {
      const [kept] = (
        await t.database.pool.query(
          'SELECT enterprises, enterprises_visited AS v, enterprises_with_intention AS i, enterprises_financed AS f FROM industrial_chains WHERE id = $1',
          [c.id],
        )
      ).rows;
      // The list's card shows two of the rates; the chain's page all of them.
      expect(c.figures).toMatchObject({
        enterprises: kept.enterprises,
        enterprisesFinanced: kept.f,
        visitRate: rate(kept.v, kept.enterprises),
        financedRate: rate(kept.f, kept.i),
      });
      const f = (await must(t.app, null, chainOps.portalDetail, { industrialChainId: c.id })).figures;
      expect([f.enterprises, f.enterprisesVisited, f.enterprisesWithIntention, f.enterprisesFinanced]).toEqual([
        kept.enterprises,
        kept.v,
        kept.i,
        kept.f,
      ]);
      expect([f.visitRate, f.intentionRate, f.financedRate]).toEqual([
        rate(kept.v, kept.enterprises),
        rate(kept.i, kept.v),
        rate(kept.f, kept.i),
      ]);
    }
  });

  it('an unknown chain answers NOT_FOUND', async () => {
    expect(await refused(t.app, null, chainOps.portalDetail, { industrialChainId: 99_999_999 })).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(await refused(t.app, null, chainOps.figuresById, { industrialChainId: 99_999_999 })).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });
});
