import { sql } from 'drizzle-orm';
import {
  CHAIN_ENTERPRISE_TAGS,
  CHAIN_TIERS,
  ENTERPRISE_SCALES,
  NO_LOAN_REASONS,
  type ChainTier,
} from '@phjr/contract/chains/chain';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import { shanghaiDay } from '@phjr/contract/system/shanghai-time';
import type { DbOrTx } from '../db/client.ts';
import { chainFailRecords, chainImports, importJobs } from '../db/schema/index.ts';
import * as members from '../modules/chains/chain-enterprises.repo.ts';
import * as figures from '../modules/chains/chain-figures.repo.ts';
import * as records from '../modules/chains/chain-visits.repo.ts';
import type { DemoChainInfo } from './demo-chains.ts';
import { mulberry32 } from './random.ts';

/**
 * The demo chains' records (demo mode only): 30-80 members per chain over the three tiers (valid credit codes), visits
 * and loans by several banks in every state of the funnel (not visited, visited without need, with a need, following a
 * loan, no loan with its reason, financed), live claims, and an import record with failed rows (one registered again).
 * Everything is written through the module's repositories and the counter functions (chain-figures.repo.ts), so every
 * figure equals its list, as after real use. A fixed pseudo-random sequence makes every demo database the same.
 */

const DAY_MS = 86_400_000;

const WORDS: Record<DemoChainInfo['key'], string[]> = {
  tea: ['云雾', '高山', '翠峰', '明前', '兰香', '石门', '清泉', '雀舌', '毛峰', '白毫'],
  citrus: ['金果', '橙乡', '红橘', '蜜柚', '甜橙', '果香', '丰园', '南山', '沃柑', '脐橙'],
  pig: ['宏达', '旺农', '丰牧', '金猪', '六和', '瑞康', '安泰', '绿野', '牧原', '兴旺'],
  vegetable: ['四季鲜', '绿康', '菜园', '农家乐', '鲜丰', '禾田', '青禾', '田园', '惠民', '嘉蔬'],
  rice: ['稻香', '金穗', '云溪', '丰禾', '香米', '粮丰', '谷丰', '禾润', '米乡', '稻花'],
  aquaculture: ['碧水', '渔乐', '鱼米', '清湖', '蓝湾', '鲜渔', '湖鲜', '水韵', '渔家', '虾蟹'],
};
const KINDS: Record<ChainTier, string[]> = {
  UPSTREAM: ['种植专业合作社', '家庭农场', '农资有限公司', '种苗有限公司'],
  MIDSTREAM: ['加工有限公司', '食品有限公司', '仓储物流有限公司', '专业合作社'],
  DOWNSTREAM: ['商贸有限公司', '电子商务有限公司', '供应链有限公司', '销售有限公司'],
};
const BUSINESS: Record<ChainTier, string> = {
  UPSTREAM: '种植养殖与生产资料供应',
  MIDSTREAM: '收购、加工与仓储',
  DOWNSTREAM: '批发零售与品牌营销',
};
const STAFF = ['王客户经理', '李客户经理', '张信贷员', '刘客户经理', '陈信贷员'];
const CONTENT = [
  '走访企业生产基地，了解经营规模、上下游订单和资金周转情况。',
  '与企业负责人座谈，介绍产业链专属信贷产品和贴息政策。',
  '实地查看厂房设备和库存，核实企业近期流动资金需求。',
  '了解企业扩大种植面积的计划，收集财务报表和纳税信息。',
];

/** The enterprise account of the demo (示范市绿源茶业有限公司) is a member of the tea and citrus chains. */
const DEMO_ENTERPRISE = { creditCode: withCheckChar('91999906MA0000001'), name: '示范市绿源茶业有限公司' };

export async function seedDemoChainRecords(db: DbOrTx, chains: DemoChainInfo[]) {
  const rnd = mulberry32(20_261_123);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const now = Date.now();
  const today = shanghaiDay(now);
  const dayOf = (ms: number) => shanghaiDay(ms);
  const userOf = async (orgId: number) =>
    (await db.execute<{ id: number }>(sql`SELECT id FROM users WHERE org_id = ${orgId} ORDER BY id LIMIT 1`)).rows[0]
      ?.id ?? null;
  const [operator] = (await db.execute<{ id: number }>(sql`SELECT id FROM users WHERE username = 'operator'`)).rows;
  let codeSeq = 0;

  for (const [ci, chain] of chains.entries()) {
    const region = (
      (await db.execute<{ r: string }>(sql`SELECT region_code AS r FROM industrial_chains WHERE id = ${chain.id}`))
        .rows[0]?.r ?? '999901'
    ).slice(0, 6);
    // The unit that visits for each taking-part bank: its branch in the chain's district when it has one (it counts for
    // its head office), else the bank itself.
    const units: { unit: number; bank: number; user: number | null; product: number | null }[] = [];
    for (const bank of chain.bankOrgIds) {
      const branch = (
        await db.execute<{ id: number }>(
          sql`SELECT id FROM orgs WHERE parent_id = ${bank} AND region_code = ${region} AND classified_type = 'BANK' ORDER BY id LIMIT 1`,
        )
      ).rows[0]?.id;
      const unit = branch ?? bank;
      const product =
        (
          await db.execute<{ id: number }>(
            sql`SELECT id FROM products WHERE bank_id = ${bank} AND kind = 'LOAN' ORDER BY id LIMIT 1`,
          )
        ).rows[0]?.id ?? null;
      units.push({ unit, bank, user: (await userOf(unit)) ?? (await userOf(bank)), product });
    }

    // ---- members, joined 60-180 days ago
    const count = 30 + ((ci * 17 + 11) % 51);
    const joined: { id: number; tier: ChainTier; joinedMs: number }[] = [];
    const byTier: Partial<Record<ChainTier, number>> = {};
    const used = new Set<string>();
    for (let i = 0; i < count; i++) {
      const tier = CHAIN_TIERS[i % 3];
      let name = `示范市${pick(WORDS[chain.key])}${pick(KINDS[tier])}`;
      while (used.has(name)) name = `示范市${pick(WORDS[chain.key])}${pick(WORDS[chain.key])}${pick(KINDS[tier])}`;
      used.add(name);
      codeSeq += 1;
      const shared = i === 0 && (chain.key === 'tea' || chain.key === 'citrus');
      const joinedMs = now - (60 + Math.floor(rnd() * 120)) * DAY_MS;
      const id = await members.insertMember(db, {
        chainId: chain.id,
        creditCode: shared
          ? DEMO_ENTERPRISE.creditCode
          : withCheckChar(`91${region}MA${String(5_000_000 + codeSeq).padStart(7, '0')}`),
        name: shared ? DEMO_ENTERPRISE.name : name,
        legalPerson: pick(['赵', '钱', '孙', '李', '周', '吴']) + pick(['建国', '海燕', '志强', '春梅', '明华']),
        contactName: pick(['刘', '陈', '杨', '黄']) + pick(['经理', '主任', '会计']),
        contactPhone: `139${String(10_000_000 + (((ci * 1000 + i) * 7919) % 89_999_999)).padStart(8, '0')}`,
        scale: pick(ENTERPRISE_SCALES.slice(0, 3)),
        tier,
        mainBusiness: BUSINESS[tier],
        financingNeed: rnd() < 0.6 ? Math.round(20 + rnd() * 480) : null,
        tags: CHAIN_ENTERPRISE_TAGS.filter(() => rnd() < 0.2),
        source: i % 4 === 0 ? 'IMPORT' : 'MANUAL',
        createdBy: operator?.id ?? null,
        createdAt: new Date(joinedMs),
        updatedAt: new Date(joinedMs),
      });
      joined.push({ id, tier, joinedMs });
      byTier[tier] = (byTier[tier] ?? 0) + 1;
    }
    await figures.membersAdded(db, chain.id, byTier);

    // ---- the funnel: each member in one state, by one or two banks
    const visit = async (
      m: (typeof joined)[number],
      u: (typeof units)[number],
      v: { intention: string; result: string; noLoanReason?: string | null; afterMs?: number },
    ) => {
      const from = Math.max(m.joinedMs, v.afterMs ?? 0);
      const visitDate = dayOf(from + Math.floor(rnd() * Math.max(1, (now - from) / DAY_MS)) * DAY_MS);
      const locked = (await figures.lockMember(db, m.id))!;
      await records.insertVisit(db, {
        chainId: chain.id,
        enterpriseId: m.id,
        orgId: u.unit,
        userId: u.user,
        visitDate: visitDate > today ? today : visitDate,
        staff: pick(STAFF),
        content: pick(CONTENT),
        intention: v.intention,
        intendedAmount: v.intention === 'HAS_NEED' ? Math.round(50 + rnd() * 450) : null,
        result: v.result,
        noLoanReason: v.noLoanReason ?? null,
        createdAt: new Date(Date.parse(`${visitDate}T10:00:00+08:00`)),
      });
      await figures.visitCounted(db, locked, {
        bankOrgId: u.bank,
        hasNeed: v.intention === 'HAS_NEED',
        visitDate: visitDate > today ? today : visitDate,
      });
      return Date.parse(`${visitDate}T00:00:00+08:00`);
    };
    const loan = async (m: (typeof joined)[number], u: (typeof units)[number], afterMs: number) => {
      const loanDate = dayOf(afterMs + Math.floor(rnd() * Math.max(1, (now - afterMs) / DAY_MS)) * DAY_MS);
      const locked = (await figures.lockMember(db, m.id))!;
      const amount = Math.round((20 + rnd() * 480) * 100) / 100;
      await records.insertLoan(db, {
        chainId: chain.id,
        enterpriseId: m.id,
        orgId: u.unit,
        userId: u.user,
        amount,
        rate: pick([3.45, 3.85, 4.2, 4.35, 4.8]),
        term: pick([6, 12, 24, 36]),
        loanDate: loanDate > today ? today : loanDate,
        productId: rnd() < 0.7 ? u.product : null,
      });
      await figures.loanCounted(db, locked, { bankOrgId: u.bank, amount });
    };

    for (const [i, m] of joined.entries()) {
      const u = units[i % units.length];
      const other = units[(i + 1) % units.length];
      const state = i % 10;
      if (state <= 2) continue; // not visited
      if (state === 3) await visit(m, u, { intention: 'NO_NEED', result: 'NO_LOAN', noLoanReason: 'NO_NEED' });
      else if (state === 4) await visit(m, u, { intention: 'UNDECIDED', result: 'FOLLOW_UP' });
      else if (state === 5)
        await visit(m, u, { intention: 'HAS_NEED', result: 'NO_LOAN', noLoanReason: pick(NO_LOAN_REASONS.slice(1)) });
      else if (state === 6) await visit(m, u, { intention: 'HAS_NEED', result: 'FOLLOW_UP' });
      else if (state === 7) {
        const first = await visit(m, u, { intention: 'UNDECIDED', result: 'FOLLOW_UP' });
        await visit(m, other, { intention: 'HAS_NEED', result: 'LOAN_FOLLOWING', afterMs: first });
      } else {
        const at = await visit(m, u, { intention: 'HAS_NEED', result: 'LOAN_FOLLOWING' });
        await loan(m, u, at);
        if (state === 9 && units.length > 1) await loan(m, other, at);
      }
    }

    // ---- live claims on members not visited yet, by the lead bank and by another bank
    const free = joined.filter((_, i) => i % 10 <= 2);
    for (const [k, m] of free.slice(1, 4).entries()) {
      const u = units[k % units.length];
      await members.setClaim(db, m.id, u.unit, new Date(now + (10 + k * 5) * DAY_MS));
    }

    // ---- an import with failed rows (the lead bank's, in the first two chains)
    if (ci < 2) await seedImport(db, chain, units[0], joined, now);
  }
}

/** One import record of the chain: its members already counted above; three failed rows, one registered again. */
async function seedImport(
  db: DbOrTx,
  chain: DemoChainInfo,
  lead: { unit: number; bank: number; user: number | null },
  joined: { id: number; tier: ChainTier }[],
  now: number,
) {
  const imported = await db.execute<{ id: number }>(
    sql`SELECT id FROM chain_enterprises WHERE chain_id = ${chain.id} AND source = 'IMPORT' ORDER BY id`,
  );
  const at = new Date(now - 30 * DAY_MS);
  const [job] = await db
    .insert(importJobs)
    .values({
      kind: 'CHAIN_ENTERPRISES',
      fileName: `${chain.name}企业名单.xlsx`,
      total: imported.rows.length + 3,
      succeeded: imported.rows.length,
      failed: 3,
      userId: lead.user,
      createdAt: at,
    })
    .returning({ id: importJobs.id });
  await db.execute(
    sql`UPDATE chain_enterprises SET import_job_id = ${job.id} WHERE chain_id = ${chain.id} AND source = 'IMPORT'`,
  );
  const first = joined[0];
  const [existing] = (
    await db.execute<{ code: string; name: string }>(
      sql`SELECT credit_code AS code, name FROM chain_enterprises WHERE id = ${first.id}`,
    )
  ).rows;
  const fixedCode = withCheckChar(`91999907MA${String(7_000_000 + chain.id).padStart(7, '0')}`);
  const fails: { rowNo: number; cells: Record<string, string>; errors: { column: string | null; reason: string }[] }[] =
    [
      {
        rowNo: 4,
        cells: {
          creditCode: `${fixedCode.slice(0, 17)}${fixedCode[17] === '0' ? '1' : '0'}`,
          name: '示范市禾丰农业开发有限公司',
          tier: '上游',
          contactPhone: '13900001111',
        },
        errors: [{ column: 'creditCode', reason: '统一社会信用代码格式或校验位错误' }],
      },
      {
        rowNo: 7,
        cells: { creditCode: existing.code, name: existing.name, tier: '中游' },
        errors: [{ column: 'creditCode', reason: `该企业已在本产业链中：${existing.code}` }],
      },
      {
        rowNo: 9,
        cells: {
          creditCode: withCheckChar(`91999907MA${String(7_100_000 + chain.id).padStart(7, '0')}`),
          name: '示范市山野果蔬专业合作社',
          tier: '侧游',
          contactPhone: '1390000',
        },
        errors: [
          { column: 'tier', reason: '所处环节须为上游、中游或下游：侧游' },
          { column: 'contactPhone', reason: '请输入正确的11位手机号' },
        ],
      },
    ];
  // Row 4 was corrected and registered again: a member REREGISTERED, the record REGISTERED, one fewer pending.
  const again = await members.insertMember(db, {
    chainId: chain.id,
    creditCode: fixedCode,
    name: fails[0].cells.name,
    contactPhone: fails[0].cells.contactPhone,
    tier: 'UPSTREAM',
    tags: [],
    source: 'REREGISTERED',
    importJobId: job.id,
    createdBy: lead.user,
  });
  await figures.membersAdded(db, chain.id, { UPSTREAM: 1 });
  await db.insert(chainFailRecords).values(
    fails.map((f, i) => ({
      jobId: job.id,
      chainId: chain.id,
      rowNo: f.rowNo,
      cells: f.cells,
      errors: f.errors,
      status: i === 0 ? 'REGISTERED' : 'FAILED',
      enterpriseId: i === 0 ? again : null,
      createdAt: at,
    })),
  );
  await db.insert(chainImports).values({ jobId: job.id, chainId: chain.id, orgId: lead.unit, pending: 2 });
}
