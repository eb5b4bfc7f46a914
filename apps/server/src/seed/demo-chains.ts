import { eq, inArray, sql } from 'drizzle-orm';
import type { ChainCategory, ChainOrgRole } from '@phjr/contract/chains/chain';
import type { DbOrTx } from '../db/client.ts';
import {
  articles,
  chainBankFigures,
  chainManagers,
  chainOrgs,
  chainTierFigures,
  industrialChains,
  orgs,
  users,
} from '../db/schema/index.ts';
import { DEMO_BANK } from './demo-accounts.ts';

/**
 * The demo chains (issue 14, docs/chains.md): six chains over the demo districts, each with its chief department,
 * lead bank and member banks. The demo `bank` (示范市农村商业银行) leads 茶叶 and 生猪 and is a member of 柑橘 and
 * 蔬菜; a second bank with chain access (中国工商银行, `icbc_admin`) takes part in 柑橘, 水稻 and 水产养殖 only; the demo
 * `gov` (city government office) is the chief department of four chains and manages 茶叶 and 柑橘; a second department
 * with chain access (市金融局, `jrj`) takes part in 茶叶 and 水稻 only. So each of them has chains it must not see.
 * Members, visits, loans and imports: demo-chain-records.ts (called right after, with what this returns).
 */

const ICBC = '中国工商银行股份有限公司';
const ABC = '中国农业银行股份有限公司';
const CCB = '中国建设银行股份有限公司';
const PSBC = '中国邮政储蓄银行股份有限公司';
const ADBC = '中国农业发展银行';
const CITY_GOV = '示范市人民政府办公室';
const JRJ = '示范市地方金融管理局';

interface DemoChain {
  key: 'tea' | 'citrus' | 'pig' | 'vegetable' | 'rice' | 'aquaculture';
  name: string;
  category: ChainCategory;
  region: string;
  description: string;
  tiers: { UPSTREAM: string; MIDSTREAM: string; DOWNSTREAM: string };
  leadEnterprises: string[];
  orgs: [string, ChainOrgRole][];
  /** usernames */
  managers: string[];
}

/** In this order (ids 1, 2, 3 on a fresh database: the products' catalog names 1 茶叶, 2 柑橘, 3 生猪). */
const CHAINS: DemoChain[] = [
  {
    key: 'tea',
    name: '茶叶产业链',
    category: 'PLANTING',
    region: '999906',
    description:
      '以青石县高山茶园为核心，覆盖茶苗繁育、茶园种植、初精制加工、品牌营销和茶旅融合，链上经营主体1400余家。',
    tiers: {
      UPSTREAM: '茶苗繁育、茶园种植、农资供应',
      MIDSTREAM: '鲜叶收购、初制与精制加工、包装',
      DOWNSTREAM: '品牌营销、电商销售、茶旅融合',
    },
    leadEnterprises: ['示范市云岭茶叶种植有限公司', '示范市绿源茶业有限公司'],
    orgs: [
      [CITY_GOV, 'CHIEF_DEPARTMENT'],
      [JRJ, 'MEMBER_DEPARTMENT'],
      [DEMO_BANK, 'LEAD_BANK'],
      [CCB, 'MEMBER_BANK'],
    ],
    managers: ['gov', 'bank'],
  },
  {
    key: 'citrus',
    name: '柑橘产业链',
    category: 'PLANTING',
    region: '999907',
    description: '桃源县柑橘种植面积12万亩，形成种植、采后处理、冷链物流、深加工到销售的完整链条。',
    tiers: {
      UPSTREAM: '苗木、果园种植、农资',
      MIDSTREAM: '采后商品化处理、冷链仓储、果汁罐头加工',
      DOWNSTREAM: '批发市场、商超与电商销售',
    },
    leadEnterprises: ['示范市青山柑橘专业合作社', '示范市山里红果业有限公司'],
    orgs: [
      [CITY_GOV, 'CHIEF_DEPARTMENT'],
      [ABC, 'LEAD_BANK'],
      [DEMO_BANK, 'MEMBER_BANK'],
      [ICBC, 'MEMBER_BANK'],
    ],
    managers: ['gov'],
  },
  {
    key: 'pig',
    name: '生猪产业链',
    category: 'LIVESTOCK',
    region: '999905',
    description: '北岭区生猪年出栏80万头，链上有种猪繁育场、规模养殖场、饲料企业和屠宰冷链企业。',
    tiers: {
      UPSTREAM: '饲料、兽药、种猪繁育',
      MIDSTREAM: '规模养殖、家庭农场代养',
      DOWNSTREAM: '屠宰分割、冷链配送、肉制品加工',
    },
    leadEnterprises: ['示范市宏达生猪养殖有限公司'],
    orgs: [
      [CITY_GOV, 'CHIEF_DEPARTMENT'],
      [DEMO_BANK, 'LEAD_BANK'],
      [PSBC, 'MEMBER_BANK'],
    ],
    managers: ['bank'],
  },
  {
    key: 'vegetable',
    name: '蔬菜产业链',
    category: 'PLANTING',
    region: '999903',
    description: '西山区设施蔬菜基地连片发展，产地直供城区商超和学校食堂。',
    tiers: {
      UPSTREAM: '种子种苗、设施大棚、农资',
      MIDSTREAM: '基地种植、分拣包装、产地预冷',
      DOWNSTREAM: '商超直供、社区团购、净菜加工',
    },
    leadEnterprises: ['示范市四季鲜果蔬配送有限公司'],
    orgs: [
      [CITY_GOV, 'CHIEF_DEPARTMENT'],
      [CCB, 'LEAD_BANK'],
      [DEMO_BANK, 'MEMBER_BANK'],
    ],
    managers: [],
  },
  {
    key: 'rice',
    name: '水稻产业链',
    category: 'PLANTING',
    region: '999908',
    description: '云溪县优质稻种植与稻米加工一体化发展，“云溪香米”区域公用品牌覆盖全县。',
    tiers: {
      UPSTREAM: '良种繁育、农机服务、农资',
      MIDSTREAM: '规模种植、烘干仓储、稻米加工',
      DOWNSTREAM: '品牌大米销售、粮食收储',
    },
    leadEnterprises: ['示范市稻香米业有限公司', '示范市金穗粮油加工有限公司'],
    orgs: [
      ['示范市云溪县人民政府', 'CHIEF_DEPARTMENT'],
      [JRJ, 'MEMBER_DEPARTMENT'],
      [ICBC, 'LEAD_BANK'],
      [ADBC, 'MEMBER_BANK'],
      [PSBC, 'MEMBER_BANK'],
    ],
    managers: ['jrj', 'icbc_admin'],
  },
  {
    key: 'aquaculture',
    name: '水产养殖产业链',
    category: 'AQUACULTURE',
    region: '999902',
    description: '东湖区发展生态渔业和稻渔综合种养，带动水产苗种、饲料、加工和休闲渔业。',
    tiers: {
      UPSTREAM: '水产苗种、饲料、渔药',
      MIDSTREAM: '池塘与稻渔综合养殖',
      DOWNSTREAM: '水产品加工、冷链物流、休闲渔业',
    },
    leadEnterprises: ['示范市碧水渔业科技有限公司'],
    orgs: [
      ['示范市东湖区人民政府', 'CHIEF_DEPARTMENT'],
      [PSBC, 'LEAD_BANK'],
      [ICBC, 'MEMBER_BANK'],
    ],
    managers: [],
  },
];

export interface DemoChainInfo {
  id: number;
  key: DemoChain['key'];
  name: string;
  leadBankOrgId: number;
  /** every taking-part bank, the lead bank first */
  bankOrgIds: number[];
  chiefDepartmentOrgId: number;
  departmentOrgIds: number[];
}

const BANK_ROLES: ChainOrgRole[] = ['LEAD_BANK', 'MEMBER_BANK'];

/** Creates the demo chains (demo mode only) and points the demo products and chain articles at them. */
export async function seedDemoChains(db: DbOrTx): Promise<DemoChainInfo[]> {
  const orgNames = [...new Set(CHAINS.flatMap((c) => c.orgs.map(([n]) => n)))];
  const orgIds = new Map(
    (await db.select({ id: orgs.id, name: orgs.name }).from(orgs).where(inArray(orgs.name, orgNames))).map((o) => [
      o.name,
      o.id,
    ]),
  );
  const usernames = [...new Set(CHAINS.flatMap((c) => c.managers))];
  const userRows = await db
    .select({ id: users.id, username: users.username, orgId: users.orgId })
    .from(users)
    .where(inArray(users.username, usernames));
  const userIds = new Map(userRows.map((u) => [u.username, u.id]));
  const orgId = (name: string) => {
    const id = orgIds.get(name);
    if (!id) throw new Error(`Demo organisation missing: ${name}`);
    return id;
  };
  // The second bank and the second department work in their chains' clients.
  await db
    .update(orgs)
    .set({ chainAccess: true })
    .where(inArray(orgs.id, [orgId(ICBC), orgId(JRJ)]));

  const [operator] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'operator'));
  const out: DemoChainInfo[] = [];
  for (const c of CHAINS) {
    const bankCount = c.orgs.filter(([, r]) => BANK_ROLES.includes(r)).length;
    const [row] = await db
      .insert(industrialChains)
      .values({
        name: c.name,
        category: c.category,
        regionCode: c.region,
        description: c.description,
        tiers: c.tiers,
        leadEnterprises: c.leadEnterprises,
        createdBy: operator?.id ?? null,
        banks: bankCount,
      })
      .returning({ id: industrialChains.id });
    const id = row.id;
    await db.insert(chainOrgs).values(c.orgs.map(([name, role]) => ({ chainId: id, orgId: orgId(name), role })));
    const banks = c.orgs
      .filter(([, r]) => BANK_ROLES.includes(r))
      .sort((a, b) => (a[1] === 'LEAD_BANK' ? -1 : b[1] === 'LEAD_BANK' ? 1 : 0));
    await db.insert(chainBankFigures).values(banks.map(([name]) => ({ chainId: id, orgId: orgId(name) })));
    await db
      .insert(chainTierFigures)
      .values((['UPSTREAM', 'MIDSTREAM', 'DOWNSTREAM'] as const).map((tier) => ({ chainId: id, tier })));
    if (c.managers.length) {
      await db.insert(chainManagers).values(
        c.managers.map((u) => ({
          chainId: id,
          userId: userIds.get(u)!,
          kind: ['bank', 'icbc_admin'].includes(u) ? 'BANK' : 'GOVERNMENT',
        })),
      );
    }
    const departments = c.orgs.filter(([, r]) => !BANK_ROLES.includes(r));
    out.push({
      id,
      key: c.key,
      name: c.name,
      leadBankOrgId: orgId(banks[0][0]),
      bankOrgIds: banks.map(([n]) => orgId(n)),
      chiefDepartmentOrgId: orgId(departments.find(([, r]) => r === 'CHIEF_DEPARTMENT')![0]),
      departmentOrgIds: departments.map(([n]) => orgId(n)),
    });
  }

  // The product catalog names chains by their order (1 茶叶, 2 柑橘, 3 生猪): map those numbers to the real ids.
  const byOrder = out.map((c) => c.id);
  const mapping = sql.join(
    byOrder.map((id, i) => sql`WHEN ${i + 1} THEN ${id}::int`),
    sql` `,
  );
  await db.execute(sql`
    UPDATE products SET industrial_chain_ids = ARRAY(SELECT CASE x ${mapping} ELSE x END FROM unnest(industrial_chain_ids) AS x)
    WHERE cardinality(industrial_chain_ids) > 0`);
  // The chain channel's articles belong to the chain they tell about.
  for (const [word, key] of [
    ['茶', 'tea'],
    ['柑橘', 'citrus'],
    ['生猪', 'pig'],
  ] as const) {
    const chain = out.find((c) => c.key === key)!;
    await db.execute(
      sql`UPDATE ${articles} SET industrial_chain_id = ${chain.id} WHERE channel = 'chain' AND title LIKE ${`%${word}%`}`,
    );
  }
  return out;
}
