import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ChainEnterpriseFields } from '@phjr/contract/chains/chain';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import type { Database } from '../../src/db/client.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertOrg, insertUser } from '../../src/seed/factories.ts';
import { call, type Tokens, signIn, signInAs } from '../helpers.ts';
import { testBank } from './products-helpers.ts';

export { get, post } from './content-helpers.ts';

/** Today in Beijing (YYYY-MM-DD), and `n` days before it. */
export const beijingDay = (offsetDays = 0) =>
  new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

let codeSeq = Math.floor(Math.random() * 900_000);
/** A valid credit code nobody else in the run has. */
export function nextCreditCode(): string {
  codeSeq += 1;
  return withCheckChar(`91999901MA${String(codeSeq).padStart(7, '0')}`.slice(0, 17));
}

/** A member form, valid unless `over` says otherwise. */
export function memberInput(chainId: number, over: Partial<ChainEnterpriseFields> & { id?: number } = {}) {
  return {
    industrialChainId: chainId,
    creditCode: nextCreditCode(),
    name: `测试链企业${randomBytes(3).toString('hex')}有限公司`,
    tier: 'UPSTREAM' as const,
    contactPhone: '13912345678',
    ...over,
  };
}

/**
 * The cast of the chain-record tests: two chains of their own. Chain X: chief department `gov`, lead bank `bank`
 * (its head office). Chain Y: chief department `gov2`, lead bank `bank2`, member bank `bank`'s 城关 branch. So
 * `bank2` and `gov2` must see nothing of X; `gov` nothing of Y; `bank`'s head office works in X only, its 城关 branch in
 * both. `govManager` is a user of `gov` named manager of X (it sees phones).
 */
export async function chainCast(app: FastifyInstance, database: Database, tag: string) {
  const { db, pool } = database;
  const bank = await testBank(app, db, `${tag}a`);
  const bank2 = await testBank(app, db, `${tag}b`);
  await pool.query('UPDATE orgs SET chain_access = true WHERE id = ANY($1)', [
    [...Object.values(bank.ids), ...Object.values(bank2.ids)],
  ]);
  const govOrg = await insertOrg(db, {
    name: `测试链长单位${tag}`,
    orgType: 'GOVERNMENT',
    classifiedType: 'GOVERNMENT',
    regionCode: '999900',
    chainAccess: true,
  });
  const gov2Org = await insertOrg(db, {
    name: `测试链长单位二${tag}`,
    orgType: 'JINRONGJU',
    classifiedType: 'JINRONGJU',
    regionCode: '999900',
    chainAccess: true,
  });
  const govUser = await insertUser(db, {
    username: `tcg${tag}`.toLowerCase(),
    name: `链长${tag}`,
    password: DEMO_PASSWORD,
    accountType: 'GOVERNMENT',
    orgId: govOrg,
    roleCodes: ['GOV_SUPERVISOR'],
  });
  await insertUser(db, {
    username: `tcgm${tag}`.toLowerCase(),
    name: `链长管理${tag}`,
    password: DEMO_PASSWORD,
    accountType: 'GOVERNMENT',
    orgId: govOrg,
    roleCodes: ['GOV_SUPERVISOR'],
  });
  await insertUser(db, {
    username: `tch${tag}`.toLowerCase(),
    name: `链长二${tag}`,
    password: DEMO_PASSWORD,
    accountType: 'GOVERNMENT',
    orgId: gov2Org,
    roleCodes: ['JRJ_SUPERVISOR'],
  });
  const tiers = JSON.stringify({ UPSTREAM: '种植', MIDSTREAM: '加工', DOWNSTREAM: '销售' });
  const chain = async (name: string) =>
    (
      await pool.query(
        `INSERT INTO industrial_chains (name, category, region_code, tiers) VALUES ($1, 'PLANTING', '999900', $2) RETURNING id`,
        [name, tiers],
      )
    ).rows[0].id as number;
  const x = await chain(`测试链X${tag}`);
  const y = await chain(`测试链Y${tag}`);
  const orgs = [
    [x, govOrg, 'CHIEF_DEPARTMENT'],
    [x, bank.ids.head, 'LEAD_BANK'],
    [y, gov2Org, 'CHIEF_DEPARTMENT'],
    [y, bank2.ids.head, 'LEAD_BANK'],
    [y, bank.ids.branchA, 'MEMBER_BANK'],
  ];
  for (const [c, o, role] of orgs)
    await pool.query('INSERT INTO chain_orgs (chain_id, org_id, role) VALUES ($1, $2, $3)', [c, o, role]);
  await pool.query(`UPDATE industrial_chains SET banks = 1 WHERE id = $1`, [x]);
  await pool.query(`UPDATE industrial_chains SET banks = 2 WHERE id = $1`, [y]);
  const govManager = (await pool.query('SELECT id FROM users WHERE username = $1', [`tcgm${tag}`.toLowerCase()]))
    .rows[0].id as number;
  await pool.query(`INSERT INTO chain_managers (chain_id, user_id, kind) VALUES ($1, $2, 'GOVERNMENT')`, [
    x,
    govManager,
  ]);
  return {
    x,
    y,
    bank,
    bank2,
    govOrg,
    gov2Org,
    govUser,
    operator: await signInAs(app, 'operator'),
    gov: await signIn(app, `tcg${tag}`.toLowerCase()),
    govManager: await signIn(app, `tcgm${tag}`.toLowerCase()),
    gov2: await signIn(app, `tch${tag}`.toLowerCase()),
  };
}
export type ChainCast = Awaited<ReturnType<typeof chainCast>>;

/** Calls an operation with a JSON body or a query. */
export async function op(
  app: FastifyInstance,
  tokens: Tokens | null,
  o: (typeof chainOps)[keyof typeof chainOps],
  input: Record<string, unknown> = {},
) {
  if (o.method === 'GET') {
    const qs = new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return call(app, tokens, { method: 'GET', url: qs ? `${o.path}?${qs}` : o.path });
  }
  return call(app, tokens, { method: o.method, url: o.path, payload: input });
}

/** The `data` of a call that must succeed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the answers loosely
export async function ok<T = any>(
  app: FastifyInstance,
  tokens: Tokens | null,
  o: (typeof chainOps)[keyof typeof chainOps],
  input: Record<string, unknown> = {},
): Promise<T> {
  const res = await op(app, tokens, o, input);
  if (res.statusCode !== 200 || !res.json().success) throw new Error(`${o.path} failed: ${res.statusCode} ${res.body}`);
  return res.json().data as T;
}

/** A member added by the operator. */
export async function addMember(
  app: FastifyInstance,
  operator: Tokens,
  chainId: number,
  over: Partial<ChainEnterpriseFields> = {},
) {
  return ok(app, operator, chainOps.enterpriseSave, memberInput(chainId, over));
}

/** A visit body, valid unless `over` says otherwise. */
export function visitInput(enterpriseId: number, over: Record<string, unknown> = {}) {
  return {
    enterpriseId,
    visitDate: beijingDay(),
    staff: '客户经理甲',
    content: '走访了解企业生产经营与融资需求',
    intention: 'HAS_NEED',
    result: 'FOLLOW_UP',
    ...over,
  };
}

export function loanInput(enterpriseId: number, over: Record<string, unknown> = {}) {
  return { enterpriseId, amount: 50, rate: 4.2, term: 12, loanDate: beijingDay(), ...over };
}

/** The organisation a record's unit counts for in its chain: itself, its parent or its grandparent, nearest first. */
const BANK_OF = `(SELECT co.org_id FROM (VALUES (0, r.org_id), (1, o.parent_id), (2, p.parent_id)) AS l(d, id)
  JOIN chain_orgs co ON co.org_id = l.id AND co.chain_id = r.chain_id AND co.role IN ('LEAD_BANK', 'MEMBER_BANK') ORDER BY l.d LIMIT 1)`;
const records = (table: string) =>
  `(SELECT r.*, ${BANK_OF} AS bank FROM ${table} r JOIN orgs o ON o.id = r.org_id LEFT JOIN orgs p ON p.id = o.parent_id)`;

/** Every counter of a chain next to the same figure counted over the records: each pair must be equal. */
export async function figureMismatches(database: Database, chainId: number) {
  const sql = async (text: string, values: unknown[] = []) => (await database.pool.query(text, values)).rows;
  const out: string[] = [];
  const [kept] = await sql(
    `SELECT enterprises, visits, enterprises_visited, enterprises_with_intention, enterprises_financed, loans, loan_amount::float8 AS loan_amount FROM industrial_chains WHERE id = $1`,
    [chainId],
  );
  const [counted] = await sql(
    `SELECT (SELECT count(*) FROM chain_enterprises WHERE chain_id = $1)::int AS enterprises,
            (SELECT count(*) FROM chain_visits WHERE chain_id = $1)::int AS visits,
            (SELECT count(DISTINCT enterprise_id) FROM chain_visits WHERE chain_id = $1)::int AS enterprises_visited,
            (SELECT count(DISTINCT enterprise_id) FROM chain_visits WHERE chain_id = $1 AND intention = 'HAS_NEED')::int AS enterprises_with_intention,
            (SELECT count(DISTINCT enterprise_id) FROM chain_loans WHERE chain_id = $1)::int AS enterprises_financed,
            (SELECT count(*) FROM chain_loans WHERE chain_id = $1)::int AS loans,
            (SELECT coalesce(sum(amount), 0) FROM chain_loans WHERE chain_id = $1)::float8 AS loan_amount`,
    [chainId],
  );
  if (JSON.stringify(kept) !== JSON.stringify(counted))
    out.push(`chain ${JSON.stringify(kept)} != ${JSON.stringify(counted)}`);

  const members = await sql(
    `SELECT e.id, e.visits, e.last_visit_date::text AS last, e.has_intention AS need, e.loans, e.loan_amount::float8 AS amount,
            (SELECT count(*) FROM chain_visits v WHERE v.enterprise_id = e.id)::int AS c_visits,
            (SELECT max(visit_date)::text FROM chain_visits v WHERE v.enterprise_id = e.id) AS c_last,
            coalesce((SELECT bool_or(intention = 'HAS_NEED') FROM chain_visits v WHERE v.enterprise_id = e.id), false) AS c_need,
            (SELECT count(*) FROM chain_loans l WHERE l.enterprise_id = e.id)::int AS c_loans,
            (SELECT coalesce(sum(amount), 0) FROM chain_loans l WHERE l.enterprise_id = e.id)::float8 AS c_amount
     FROM chain_enterprises e WHERE e.chain_id = $1`,
    [chainId],
  );
  for (const m of members) {
    if (
      m.visits !== m.c_visits ||
      m.last !== m.c_last ||
      m.need !== m.c_need ||
      m.loans !== m.c_loans ||
      m.amount !== m.c_amount
    )
      out.push(`member ${JSON.stringify(m)}`);
  }

  const perMemberBank = await sql(
    `WITH v AS (SELECT enterprise_id, bank, count(*)::int AS visits, bool_or(intention = 'HAS_NEED') AS need FROM ${records('chain_visits')} WHERE chain_id = $1 GROUP BY 1, 2),
          l AS (SELECT enterprise_id, bank, count(*)::int AS loans, sum(amount)::float8 AS amount FROM ${records('chain_loans')} WHERE chain_id = $1 GROUP BY 1, 2),
          counted AS (SELECT coalesce(v.enterprise_id, l.enterprise_id) AS enterprise_id, coalesce(v.bank, l.bank) AS bank, coalesce(v.visits, 0) AS visits,
                             coalesce(v.need, false) AS need, coalesce(l.loans, 0) AS loans, coalesce(l.amount, 0) AS amount
                      FROM v FULL JOIN l ON l.enterprise_id = v.enterprise_id AND l.bank = v.bank),
          kept AS (SELECT b.enterprise_id, b.org_id AS bank, b.visits, b.has_intention AS need, b.loans, b.loan_amount::float8 AS amount
                   FROM chain_enterprise_banks b JOIN chain_enterprises e ON e.id = b.enterprise_id WHERE e.chain_id = $1)
     (SELECT 'kept' AS side, * FROM kept EXCEPT SELECT 'kept', * FROM counted) UNION ALL (SELECT 'counted', * FROM counted EXCEPT SELECT 'counted', * FROM kept)`,
    [chainId],
  );
  for (const r of perMemberBank) out.push(`member×bank ${JSON.stringify(r)}`);

  const perBank = await sql(
    `WITH v AS (SELECT bank, count(*)::int AS visits, count(DISTINCT enterprise_id)::int AS visited,
                       count(DISTINCT enterprise_id) FILTER (WHERE intention = 'HAS_NEED')::int AS need FROM ${records('chain_visits')} WHERE chain_id = $1 GROUP BY 1),
          l AS (SELECT bank, count(*)::int AS loans, count(DISTINCT enterprise_id)::int AS financed, sum(amount)::float8 AS amount FROM ${records('chain_loans')} WHERE chain_id = $1 GROUP BY 1)
     SELECT f.org_id, f.visits, f.enterprises_visited, f.enterprises_with_intention, f.enterprises_financed, f.loans, f.loan_amount::float8 AS loan_amount,
            coalesce(v.visits, 0) AS c_visits, coalesce(v.visited, 0) AS c_visited, coalesce(v.need, 0) AS c_need,
            coalesce(l.financed, 0) AS c_financed, coalesce(l.loans, 0) AS c_loans, coalesce(l.amount, 0) AS c_amount
     FROM chain_bank_figures f LEFT JOIN v ON v.bank = f.org_id LEFT JOIN l ON l.bank = f.org_id WHERE f.chain_id = $1`,
    [chainId],
  );
  for (const b of perBank) {
    if (
      b.visits !== b.c_visits ||
      b.enterprises_visited !== b.c_visited ||
      b.enterprises_with_intention !== b.c_need ||
      b.enterprises_financed !== b.c_financed ||
      b.loans !== b.c_loans ||
      b.loan_amount !== b.c_amount
    ) {
      out.push(`bank ${JSON.stringify(b)}`);
    }
  }
  const banksWithRecords = await sql(
    `SELECT DISTINCT bank FROM (SELECT bank FROM ${records('chain_visits')} WHERE chain_id = $1 UNION SELECT bank FROM ${records('chain_loans')} WHERE chain_id = $1) x`,
    [chainId],
  );
  for (const b of banksWithRecords)
    if (!perBank.some((f) => f.org_id === b.bank)) out.push(`no figures row for bank ${b.bank}`);

  const tiers = await sql(
    `SELECT t.tier, t.enterprises, t.enterprises_visited, t.enterprises_financed, t.loan_amount::float8 AS loan_amount,
            (SELECT count(*) FROM chain_enterprises e WHERE e.chain_id = $1 AND e.tier = t.tier)::int AS c_enterprises,
            (SELECT count(DISTINCT v.enterprise_id) FROM chain_visits v JOIN chain_enterprises e ON e.id = v.enterprise_id WHERE v.chain_id = $1 AND e.tier = t.tier)::int AS c_visited,
            (SELECT count(*) FROM chain_enterprises e WHERE e.chain_id = $1 AND e.tier = t.tier AND e.loans > 0)::int AS c_financed,
            (SELECT coalesce(sum(l.amount), 0) FROM chain_loans l JOIN chain_enterprises e ON e.id = l.enterprise_id WHERE l.chain_id = $1 AND e.tier = t.tier)::float8 AS c_amount
     FROM chain_tier_figures t WHERE t.chain_id = $1`,
    [chainId],
  );
  for (const r of tiers) {
    if (
      r.enterprises !== r.c_enterprises ||
      r.enterprises_visited !== r.c_visited ||
      r.enterprises_financed !== r.c_financed ||
      r.loan_amount !== r.c_amount
    )
      out.push(`tier ${JSON.stringify(r)}`);
  }
  return out;
}
