import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import type { DbOrTx } from '../../src/db/client.ts';
import { enterpriseRegistry } from '../../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertUser } from '../../src/seed/factories.ts';
import { call, type Tokens, signIn } from '../helpers.ts';
import { nextPhone } from './demands-helpers.ts';

export { testBank } from './products-helpers.ts';
export { demandInput, nextPhone, shanghaiToday, testDistrictSupervisor, testGuarantee } from './demands-helpers.ts';

let seq = Math.floor(Math.random() * 9_000_000);
/** A valid credit code nobody else in the run has (district `region`). */
export function nextCreditCode(region = '999901') {
  seq += 1;
  return withCheckChar(`91${region}MA${String(1_000_000 + (seq % 8_999_999)).padStart(7, '0')}`);
}

/** An enterprise of its own: a registry row and a certified main account with a phone, signed in. */
export async function testEnterprise(
  app: FastifyInstance,
  db: DbOrTx,
  tag: string,
  opts: { region?: string; registry?: boolean } = {},
) {
  const region = opts.region ?? '999901';
  const creditCode = nextCreditCode(region);
  const name = `信用测试${tag}${creditCode.slice(-5)}有限公司`;
  if (opts.registry !== false) {
    await db.insert(enterpriseRegistry).values({
      creditCode,
      name,
      legalRep: `法人${tag}`,
      regCapital: '500.00',
      establishedOn: '2015-06-01',
      address: '示范市城关区测试路1号',
      businessScope: '茶叶种植、加工、销售',
      industry: '农业',
      regionCode: region,
    });
  }
  const phone = nextPhone();
  const username = creditCode;
  const id = await insertUser(db, {
    username,
    name,
    password: DEMO_PASSWORD,
    accountType: 'ENTERPRISE',
    phone,
    creditCode,
    regionCode: region,
    certified: true,
    roleCodes: ['ENTERPRISE'],
  });
  return { id, creditCode, name, phone, tokens: await signIn(app, username) };
}

export async function get(app: FastifyInstance, tokens: Tokens | null, url: string) {
  return call(app, tokens, { method: 'GET', url });
}
export async function post(app: FastifyInstance, tokens: Tokens | null, url: string, payload: unknown) {
  return call(app, tokens, { method: 'POST', url, payload: payload as object });
}

/** Gives a consent through the API (the enterprise main account); returns the consent. */
export async function giveConsent(
  app: FastifyInstance,
  tokens: Tokens,
  body: { orgId: number; purpose: string; expiresOn: string },
) {
  const res = await post(app, tokens, '/finance/credit/consent/create.json', body);
  if (res.statusCode !== 200) throw new Error(`consent failed: ${res.body}`);
  return res.json().data as { id: number; state: string };
}

/** The institution's query (the raw answer). */
export const query = (app: FastifyInstance, tokens: Tokens, creditCode: string, purpose = 'LOAN_APPROVAL') =>
  get(app, tokens, `/finance/credit/query.json?creditCode=${creditCode}&purpose=${purpose}`);

/** The log rows of a subject, straight from the table (what was written, whoever may read it). */
export async function logRows(db: DbOrTx, creditCode: string) {
  const r = await db.execute<{
    outcome: string;
    orgId: number;
    consentId: number | null;
    fieldGroups: string[];
    purpose: string;
    userId: number;
  }>(sql`
    SELECT outcome, org_id::int AS "orgId", consent_id::int AS "consentId", field_groups AS "fieldGroups", purpose, user_id::int AS "userId"
      FROM credit_queries WHERE subject_credit_code = ${creditCode} ORDER BY id`);
  return r.rows;
}

/** Days from today (Beijing), YYYY-MM-DD. */
export function dayFrom(today: string, days: number) {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
