import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { CHAIN_CLAIM_WARN_DAYS } from '@phjr/contract/chains/chain';
import { shelterOps } from '@phjr/contract/shelter/shelter-ops';
import { call, createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertOrg, insertUser } from '../../src/seed/factories.ts';
import { runDemandSweep } from '../../src/modules/demands/demand-jobs.ts';
import { addMember, chainCast, ok, type ChainCast } from './chain-records-helpers.ts';
import { demandIn, testApplicant, testGuarantee } from './demands-helpers.ts';
import { createProduct, must as mustPost, productInput } from './products-helpers.ts';
import { applyInput, must, testBank, testEnterprise } from './shelter-helpers.ts';

/**
 * Issue 30 item 9: every event that puts work in someone's list tells them (docs/decisions/0029-who-is-told-of-new-work.md). Each test makes its own people and asserts on their messages and texts only.
 */
let t: TestApp;
const tag = Math.random().toString(36).slice(2, 7);
const q = (sql: string, params: unknown[] = []) => t.database.pool.query(sql, params);
let phoneSeq = Math.floor(Math.random() * 9_000_000);
const phone = () => `135${String(1_000_000 + (phoneSeq++ % 8_999_999)).padStart(8, '0')}`;

const messagesOf = async (userId: number, like: string) =>
  (
    await q(`SELECT title, content, link FROM messages WHERE user_id = $1 AND content LIKE $2 ORDER BY id`, [
      userId,
      `%${like}%`,
    ])
  ).rows as { title: string; content: string; link: string | null }[];
const textsTo = async (to: string, template: string) =>
  (
    await q(`SELECT content, status FROM sms_outbox WHERE phone = $1 AND template_code = $2 ORDER BY id`, [
      to,
      template,
    ])
  ).rows as { content: string; status: string }[];

/** A government supervisor of `regionCode` with its notification setting. */
async function supervisor(name: string, regionCode: string, notifyPref: string, role = 'GOV_SUPERVISOR') {
  const orgId = await insertOrg(t.database.db, {
    name: `测试监管${name}${tag}`,
    orgType: 'GOVERNMENT',
    classifiedType: 'GOVERNMENT',
    regionCode,
  });
  const p = phone();
  const id = await insertUser(t.database.db, {
    username: `wm${name}${tag}`.toLowerCase(),
    name: `监管${name}`,
    password: DEMO_PASSWORD,
    accountType: 'GOVERNMENT',
    orgId,
    phone: p,
    roleCodes: [role],
  });
  await q('UPDATE users SET notify_pref = $2 WHERE id = $1', [id, notifyPref]);
  return { id, phone: p };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a new shelter application', () => {
  it('tells the supervisors of its district and of the city, each as its setting says, and no other district', async () => {
    const site = await supervisor('site', '999902', 'SITE');
    const both = await supervisor('both', '999902', 'BOTH');
    const sms = await supervisor('sms', '999902', 'SMS');
    const none = await supervisor('none', '999902', 'NONE');
    const city = await supervisor('city', '999900', 'SITE');
    const other = await supervisor('other', '999903', 'BOTH');
    const ent = await testEnterprise(t.app, t.database.db, `wm${tag}`, '999902');
    const r = await must(t.app, ent.tokens, shelterOps.apply, applyInput());
    for (const s of [site, both, city]) {
      const m = await messagesOf(s.id, r.code);
      expect(m).toHaveLength(1);
      expect(m[0]).toMatchObject({
        title: '收到新的金融方舱申请',
        link: `/supervisionClient/shelter/unShelter?id=${r.id}`,
      });
    }
    for (const s of [sms, none, other]) expect(await messagesOf(s.id, r.code)).toEqual([]);
    for (const s of [both, sms]) {
      const texts = await textsTo(s.phone, 'SHELTER_APPLIED');
      expect(texts).toHaveLength(1);
      expect(texts[0].content).toContain(r.code);
    }
    for (const s of [site, none, city, other]) expect(await textsTo(s.phone, 'SHELTER_APPLIED')).toEqual([]);
    // A refused application (bad input) tells nobody.
    const other2 = await testEnterprise(t.app, t.database.db, `wr${tag}`, '999902');
    const bad = await call(t.app, other2.tokens, {
      method: 'POST',
      url: shelterOps.apply.path,
      payload: applyInput({ helpAsked: [] }),
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await q(`SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND title = '收到新的金融方舱申请'`, [
          site.id,
        ])
      ).rows[0].n,
    ).toBe(1);
  });
});

describe('an orientation demand past its acceptance deadline', () => {
  it('is in its district supervisors’ overdue list: they are told once by the sweep that expires it', async () => {
    const bank = await testBank(t.app, t.database.db, `wd${tag}`);
    const cast = {
      bank,
      guarantee: await testGuarantee(t.app, t.database.db, `wd${tag}`),
      applicant: await testApplicant(t.app, t.database.db, `wd${tag}`),
    };
    const s = await supervisor('overdue', '999901', 'BOTH', 'GOV_SUPERVISOR');
    const id = await demandIn(t.database.db, cast, 'ORIENTATION', 'PENDING', { overdue: true });
    const sweep = () => runDemandSweep(t.database.db, t.app.services.demands, {});
    await sweep();
    await sweep();
    expect((await q('SELECT status FROM demands WHERE id = $1', [id])).rows[0].status).toBe('EXPIRED');
    // The sweep expires every overdue demand of the shared database, other files' in 999901 too: this demand's own.
    const code = (
      await q(`SELECT content FROM messages WHERE user_id = $1 AND title = '融资需求受理超时' AND link LIKE $2`, [
        s.id,
        `%?id=${id}`,
      ])
    ).rows as { content: string }[];
    expect(code).toHaveLength(1);
    expect(code[0].content).toContain(`申请人${cast.applicant.id}`);
    const demandNo = /融资需求(\S+?)（/.exec(code[0].content)?.[1] ?? '';
    expect(demandNo).not.toBe('');
    const texts = (await textsTo(s.phone, 'DEMAND_OVERDUE')).filter((x) => x.content.includes(demandNo));
    expect(texts).toHaveLength(1);
  });
});

describe('a product submitted for review', () => {
  it('tells the operator’s reviewers', async () => {
    const bank = await testBank(t.app, t.database.db, `wp${tag}`);
    const operator = (await q(`SELECT id FROM users WHERE username = 'operator'`)).rows[0].id as number;
    const name = `待审产品${tag}`;
    const id = await createProduct(t.app, bank.tokens.head, productInput(name));
    expect(await messagesOf(operator, name)).toEqual([]);
    await mustPost(t.app, bank.tokens.head, '/finance/product/manage/submit.json', { id });
    const m = await messagesOf(operator, name);
    expect(m).toHaveLength(1);
    expect(m[0]).toMatchObject({ title: '收到待审核的产品', link: '/operateClient/product' });
  });
});

describe('a chain claim about to lapse', () => {
  let c: ChainCast;
  let bankUser: number;
  let bankPhone: string;
  let operator: Tokens;
  beforeAll(async () => {
    c = await chainCast(t.app, t.database, `wc${tag}`);
    operator = await signInAs(t.app, 'operator');
    bankUser = (await q('SELECT id FROM users WHERE username = $1', [`tbwc${tag}ahead`])).rows[0].id as number;
    bankPhone = phone();
    await q('UPDATE users SET phone = $2 WHERE id = $1', [bankUser, bankPhone]);
  });
  const sweep = (now = new Date()) =>
    runDemandSweep(t.database.db, t.app.services.demands, { now, claims: t.app.services.chainEnterprises });
  const claimOf = async (name: string) => {
    const m = await addMember(t.app, operator, c.x, { name });
    await ok(t.app, c.bank.tokens.head, chainOps.enterpriseClaim, { id: m.id });
    return m.id as number;
  };

  it(`warns the claiming bank ${CHAIN_CLAIM_WARN_DAYS} days before, once per claim, with an in-site message and an SMS`, async () => {
    const name = `认领到期企业${tag}有限公司`;
    const id = await claimOf(name);
    // Not yet due: the claim lapses in 30 days.
    await sweep();
    expect(await messagesOf(bankUser, name)).toEqual([]);
    // Lapses within the warning window: warned by the sweep, once however often it runs.
    await q(`UPDATE chain_enterprises SET claimed_until = now() + interval '2 days' WHERE id = $1`, [id]);
    const first = await sweep();
    await sweep();
    expect(first.claimsWarned).toBeGreaterThan(0);
    const m = await messagesOf(bankUser, name);
    expect(m).toHaveLength(1);
    expect(m[0]).toMatchObject({ title: '产业链企业认领即将到期', link: '/financialChain/home' });
    const texts = (await textsTo(bankPhone, 'CHAIN_CLAIM_LAPSING')).filter((x) => x.content.includes(name));
    expect(texts).toHaveLength(1);
    // Released and claimed again: a new claim, warned again when it in turn nears its end.
    await ok(t.app, c.bank.tokens.head, chainOps.enterpriseRelease, { id });
    await ok(t.app, c.bank.tokens.head, chainOps.enterpriseClaim, { id });
    await q(`UPDATE chain_enterprises SET claimed_until = now() + interval '1 day' WHERE id = $1`, [id]);
    await sweep();
    expect(await messagesOf(bankUser, name)).toHaveLength(2);
    // A claim that already lapsed, or was released, is not warned.
    const lapsed = `已过期认领${tag}有限公司`;
    const released = `已释放认领${tag}有限公司`;
    const a = await claimOf(lapsed);
    const b = await claimOf(released);
    await q(`UPDATE chain_enterprises SET claimed_until = now() - interval '1 hour' WHERE id = $1`, [a]);
    await ok(t.app, c.bank.tokens.head, chainOps.enterpriseRelease, { id: b });
    await q(`UPDATE chain_enterprises SET claimed_until = now() + interval '1 day' WHERE id = $1`, [b]);
    await sweep();
    expect(await messagesOf(bankUser, lapsed)).toEqual([]);
    expect(await messagesOf(bankUser, released)).toEqual([]);
  });
});
