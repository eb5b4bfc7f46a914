import { sql } from 'drizzle-orm';
import { consentMaxExpiry, CREDIT_FIELD_GROUPS, type CreditPurpose } from '@phjr/contract/credit/credit';
import { shanghaiDay } from '@phjr/contract/system/shanghai-time';
import type { DbOrTx } from '../db/client.ts';
import * as repo from '../modules/credit/credit.repo.ts';
import { DEMO_BANK } from './demo-accounts.ts';

const DEMO_GUARANTEE = '示范市融资担保集团有限公司';
const DAY = 86_400_000;

type Org = { id: number; name: string; classifiedType: string; parentId: number | null };
type Account = {
  id: number;
  username: string;
  name: string;
  creditCode: string | null;
  regionCode: string | null;
  orgId: number | null;
  accountType: string;
};

/**
 * Demo data of credit queries with consent (docs/credit.md): the demo enterprise's consents in every state (live to
 * the demo bank, expiring soon, expired, revoked, one given by a demand) and a log of queries by several institutions,
 * a refused one among them; other enterprises' consents held by the demo bank (some expiring within 30 days) and their
 * queries. Every log row goes through the repository's insertQuery, so the figures' counters match the log exactly.
 */
export async function seedDemoCredit(db: DbOrTx, now = new Date()) {
  const orgRows = (
    await db.execute<Org>(
      sql`SELECT id::int, name, classified_type AS "classifiedType", parent_id::int AS "parentId" FROM orgs ORDER BY id`,
    )
  ).rows;
  const people = (
    await db.execute<Account>(sql`
      SELECT id::int, username, name, credit_code AS "creditCode", region_code AS "regionCode", org_id::int AS "orgId", account_type AS "accountType"
        FROM users WHERE status = 'ACTIVE' ORDER BY id`)
  ).rows;
  const org = (name: string) => orgRows.find((o) => o.name === name)!;
  const user = (username: string) => people.find((p) => p.username === username)!;
  const bank = org(DEMO_BANK);
  const guarantee = org(DEMO_GUARANTEE);
  const branches = orgRows.filter((o) => o.parentId === bank.id);
  const otherBanks = orgRows.filter((o) => o.classifiedType === 'BANK' && o.parentId === null && o.id !== bank.id);
  const staffOf = (orgId: number) => people.find((p) => p.orgId === orgId) ?? null;
  // The branch with staff of its own (the others' consents would have no one to use them).
  const staffedBranch = branches.find((b) => staffOf(b.id)) ?? bank;
  const staffedOthers = otherBanks.filter((b) => staffOf(b.id));
  const otherBank = staffedOthers[0] ?? otherBanks[0]!;
  const thirdBank = staffedOthers[1] ?? otherBank;
  const enterprise = user('enterprise');
  const others = people
    .filter((p) => p.accountType === 'ENTERPRISE' && p.creditCode && p.username !== 'enterprise')
    .slice(0, 8);
  const regionOf = new Map(
    (
      await db.execute<{ code: string; region: string | null }>(
        sql`SELECT credit_code AS code, region_code AS region FROM enterprise_registry`,
      )
    ).rows.map((r) => [r.code, r.region]),
  );
  const region = (a: Account) => regionOf.get(a.creditCode!) ?? a.regionCode;
  const day = (offset: number) => shanghaiDay(now.getTime() + offset * DAY);
  const at = (offset: number, hour = 10) =>
    new Date(Date.parse(`${day(offset)}T${String(hour).padStart(2, '0')}:15:00+08:00`));

  // The demand that gave a consent: the demo enterprise's latest orientation demand with a bank unit.
  const demand = (
    await db.execute<{ id: number; orgId: number; createdAtMs: number }>(sql`
      SELECT id::int, COALESCE(bank_org_id, target_org_id)::int AS "orgId", (extract(epoch FROM created_at) * 1000)::float8 AS "createdAtMs" FROM demands
       WHERE applicant_user_id = ${enterprise.id} AND type = 'ORIENTATION' AND COALESCE(bank_org_id, target_org_id) IS NOT NULL
       ORDER BY created_at DESC LIMIT 1`)
  ).rows[0];

  const give = (
    a: Account,
    orgId: number,
    purpose: CreditPurpose,
    givenOffset: number,
    expiresOffset: number | null,
    extra: { demandId?: number; revokedOffset?: number } = {},
  ) =>
    repo
      .insertConsent(db, {
        subjectCreditCode: a.creditCode!,
        subjectName: a.name,
        subjectUserId: a.id,
        orgId,
        purpose,
        source: extra.demandId ? 'DEMAND' : 'SELF',
        demandId: extra.demandId ?? null,
        givenOn: day(givenOffset),
        expiresOn: expiresOffset === null ? consentMaxExpiry(day(givenOffset)) : day(expiresOffset),
        givenBy: a.id,
        createdAt: at(givenOffset, 9),
      })
      .then(async (id) => {
        if (extra.revokedOffset !== undefined)
          await db.execute(
            sql`UPDATE credit_consents SET revoked_at = ${at(extra.revokedOffset, 16)}, revoked_by = ${a.id} WHERE id = ${id}`,
          );
        return id;
      });

  // The demo enterprise: live, expiring soon, expired, revoked, from a demand.
  const live = await give(enterprise, bank.id, 'LOAN_APPROVAL', -20, 345);
  const soon = await give(enterprise, bank.id, 'POST_LOAN', -340, 18);
  const expired = await give(enterprise, otherBank.id, 'CREDIT_LIMIT', -400, -35);
  const revoked = await give(enterprise, guarantee.id, 'GUARANTEE', -90, 200, { revokedOffset: -12 });
  const demandOffset = demand ? Math.floor((demand.createdAtMs - now.getTime()) / DAY) : 0;
  const fromDemand = demand
    ? await give(enterprise, demand.orgId, 'LOAN_APPROVAL', demandOffset, null, { demandId: demand.id })
    : null;

  // Other enterprises' consents the demo bank (or its branches) holds: three expire within 30 days.
  const held: { a: Account; id: number; orgId: number; purpose: CreditPurpose }[] = [];
  for (const [i, a] of others.entries()) {
    const orgId = i % 2 === 0 ? bank.id : staffedBranch.id;
    const purpose: CreditPurpose = (['LOAN_APPROVAL', 'CREDIT_LIMIT', 'POST_LOAN'] as const)[i % 3];
    const expires = [7, 25, 29, 120, 200, 300, 45, 90][i]!;
    held.push({ a, orgId, purpose, id: await give(a, orgId, purpose, -((i * 17) % 60) - 5, expires) });
  }

  const groups = (withContact: boolean) =>
    CREDIT_FIELD_GROUPS.filter(
      (g) => ['REGISTRY', 'DEMANDS', 'LOANS', 'CHAINS'].includes(g) || (g === 'CONTACT' && withContact),
    );
  const log = (
    a: Account,
    by: Account,
    orgId: number,
    purpose: CreditPurpose,
    consentId: number | null,
    offset: number,
    hour: number,
  ) => {
    const when = at(offset, hour);
    return repo.insertQuery(db, {
      at: when,
      day: shanghaiDay(when.getTime()),
      userId: by.id,
      orgId,
      subjectCreditCode: a.creditCode!,
      subjectName: a.name,
      subjectRegionCode: region(a),
      purpose,
      consentId,
      outcome: consentId === null ? 'REFUSED' : 'SHOWN',
      fieldGroups: consentId === null ? [] : groups(true),
      ip: '10.0.0.8',
    });
  };

  // Queries of the demo enterprise (oldest first): several institutions, refusals among them.
  const bankUser = user('bank');
  const branchUser = staffOf(staffedBranch.id) ?? bankUser;
  const otherUser = staffOf(otherBank.id) ?? bankUser;
  const guaranteeUser = user('guarantee');
  await log(enterprise, otherUser, otherBank.id, 'CREDIT_LIMIT', expired, -300, 10);
  await log(enterprise, bankUser, bank.id, 'POST_LOAN', soon, -200, 11);
  await log(enterprise, guaranteeUser, guarantee.id, 'GUARANTEE', revoked, -80, 15);
  await log(enterprise, otherUser, otherBank.id, 'CREDIT_LIMIT', expired, -60, 9);
  await log(enterprise, bankUser, bank.id, 'POST_LOAN', soon, -45, 14);
  await log(enterprise, otherUser, otherBank.id, 'CREDIT_LIMIT', null, -30, 10);
  await log(enterprise, branchUser, staffedBranch.id, 'LOAN_APPROVAL', live, -18, 10);
  await log(enterprise, bankUser, bank.id, 'LOAN_APPROVAL', live, -15, 16);
  await log(enterprise, guaranteeUser, guarantee.id, 'GUARANTEE', null, -10, 11);
  const demandStaff = demand ? staffOf(demand.orgId) : null;
  if (fromDemand !== null && demand && demandStaff)
    await log(enterprise, demandStaff, demand.orgId, 'LOAN_APPROVAL', fromDemand, Math.min(0, demandOffset + 1), 17);
  await log(enterprise, bankUser, bank.id, 'POST_LOAN', soon, -5, 9);
  await log(enterprise, branchUser, staffedBranch.id, 'LOAN_APPROVAL', live, -2, 15);
  await log(enterprise, staffOf(thirdBank.id) ?? otherUser, thirdBank.id, 'LOAN_APPROVAL', null, -1, 10);

  // The demo bank's queries of the enterprises whose consents it holds, and a refused one of an enterprise without.
  for (const [i, h] of held.entries()) {
    const by = h.orgId === bank.id ? bankUser : branchUser;
    await log(h.a, by, h.orgId, h.purpose, h.id, -((i * 5) % 30) - 1, 10 + (i % 6));
    if (i % 2 === 0)
      await log(
        h.a,
        bankUser,
        bank.id,
        'LOAN_APPROVAL',
        h.orgId === bank.id && h.purpose === 'LOAN_APPROVAL' ? h.id : null,
        -((i * 3) % 20),
        15,
      );
  }
}
