import { sql } from 'drizzle-orm';
import { idWithCheck } from '@phjr/contract/auth/certification';
import { rateFarmer, type FarmerKind, type LandTenure } from '@phjr/contract/farmers/farmer-rules';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import type { DbOrTx } from '../db/client.ts';
import { farmerFailRecords, farmerImports, farmers, farmerVillages, importJobs } from '../db/schema/index.ts';
import { VILLAGES } from './regions.ts';
import { mulberry32 } from './random.ts';

/**
 * The demo farmer credit data (demo mode only, docs/farmers.md "Demo data"): the demo villages, and DEMO_FARMERS
 * records spread over every village and kind, with hard data (some incomplete: UNRATED), the rating computed by the
 * contract's rateFarmer, credit granted and drawn mostly for the better ratings, financing needs; plus one import with
 * failed rows for the demo supervisors to fix. Batched inserts: the triggers add one delta per village and batch, so the
 * figures equal the records. A fixed pseudo-random sequence makes every demo database the same.
 */
export const DEMO_FARMERS = 4_800;

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高';
const GIVEN = [
  '建国',
  '秀英',
  '国华',
  '桂兰',
  '志强',
  '玉梅',
  '德明',
  '春花',
  '永红',
  '海燕',
  '金山',
  '丽华',
  '长江',
  '小平',
  '文军',
  '淑珍',
  '明亮',
  '翠英',
  '福生',
  '红梅',
];
const PRODUCTS = ['水稻', '蔬菜', '柑橘', '茶叶', '生猪', '水产', '油菜', '玉米', '食用菌', '中药材'];
const PURPOSES = ['购买农资', '购买农机', '扩大种植规模', '建设大棚', '购买种苗', '流转土地', '冷链仓储'];
const ENTITY_NAMES: Record<Exclude<FarmerKind, 'HOUSEHOLD' | 'LARGE_GROWER'>, string> = {
  FAMILY_FARM: '家庭农场',
  COOPERATIVE: '专业合作社',
  AGRI_ENTERPRISE: '农业发展有限公司',
};
/** Income, assets and credit scale of each kind (万元). */
const SCALE: Record<FarmerKind, number> = {
  HOUSEHOLD: 1,
  LARGE_GROWER: 4,
  FAMILY_FARM: 6,
  COOPERATIVE: 15,
  AGRI_ENTERPRISE: 40,
};
/** Registration prefix of each entity kind's credit code: 92 individual business, 93 cooperative, 91 enterprise. */
const CODE_PREFIX: Record<string, string> = { FAMILY_FARM: '92', COOPERATIVE: '93', AGRI_ENTERPRISE: '91' };

const round2 = (v: number) => Math.round(v * 100) / 100;

function kindOf(r: number): FarmerKind {
  if (r < 0.7) return 'HOUSEHOLD';
  if (r < 0.8) return 'LARGE_GROWER';
  if (r < 0.9) return 'FAMILY_FARM';
  if (r < 0.96) return 'COOPERATIVE';
  return 'AGRI_ENTERPRISE';
}

/** The i-th demo record (deterministic). */
export function demoFarmer(i: number, rnd: () => number) {
  const village = VILLAGES[i % VILLAGES.length];
  const kind = kindOf(rnd());
  const k = SCALE[kind];
  const product = PRODUCTS[Math.floor(rnd() * PRODUCTS.length)];
  const person = `${SURNAMES[Math.floor(rnd() * SURNAMES.length)]}${GIVEN[Math.floor(rnd() * GIVEN.length)]}`;
  let idNumber: string;
  let name: string;
  if (kind === 'HOUSEHOLD' || kind === 'LARGE_GROWER') {
    // A birth day per record (1950 onward) keeps every number distinct.
    const birth = new Date(Date.UTC(1950, 0, 1) + i * 86_400_000 * 3).toISOString().slice(0, 10).replaceAll('-', '');
    idNumber = idWithCheck(`${village.districtCode}${birth}${String((i * 37) % 1000).padStart(3, '0')}`);
    name = person;
  } else {
    idNumber = withCheckChar(`${CODE_PREFIX[kind]}${village.districtCode}NF${String(i).padStart(7, '0')}`);
    name = `${village.townshipName.slice(0, 2)}${village.name.slice(0, 1)}${product}${ENTITY_NAMES[kind]}`;
  }
  const incomplete = rnd() < 0.08;
  const annualIncome = round2((1 + rnd() * 30) * k);
  const assets = round2((5 + rnd() * 80) * k);
  const liabilities = round2(assets * rnd() * (rnd() < 0.1 ? 1.3 : 0.7));
  const overdueCount = rnd() < 0.8 ? 0 : Math.floor(rnd() * 4);
  const yearsFarming = Math.floor(1 + rnd() * 30);
  const landArea = round2(
    (kind === 'HOUSEHOLD' ? 2 + rnd() * 15 : 20 + rnd() * 300) * (kind === 'AGRI_ENTERPRISE' ? 2 : 1),
  );
  const hard = {
    annualIncome: incomplete ? null : annualIncome,
    assets,
    liabilities: incomplete ? null : liabilities,
    overdueCount,
    yearsFarming: incomplete && rnd() < 0.5 ? null : yearsFarming,
    landArea,
  };
  const rating = rateFarmer(hard);
  const good = ['AAA', 'AA', 'A'].includes(rating.rating);
  const creditGranted =
    good && rnd() < 0.7
      ? round2(Math.ceil((3 + rnd() * 27) * k))
      : rating.rating === 'B' && rnd() < 0.25
        ? round2(Math.ceil(2 * k))
        : 0;
  const creditDrawn = creditGranted > 0 && rnd() < 0.7 ? round2(creditGranted * (0.3 + rnd() * 0.7)) : 0;
  const financingNeed = rnd() < 0.25 ? round2(Math.ceil((2 + rnd() * 20) * k)) : 0;
  const tenures: LandTenure[] = ['OWN', 'TRANSFERRED_IN', 'MIXED'];
  return {
    kind,
    name,
    idNumber,
    phone: rnd() < 0.9 ? `13${7 + (i % 3)}${String(10_000_000 + i * 7).slice(-8)}` : null,
    districtCode: village.districtCode,
    townshipCode: village.townshipCode,
    villageCode: village.code,
    grid: `第${1 + (i % 5)}网格`,
    landArea,
    landTenure: kind === 'HOUSEHOLD' ? 'OWN' : tenures[Math.floor(rnd() * 3)],
    mainProducts: product,
    annualIncome: hard.annualIncome,
    assets,
    liabilities: hard.liabilities,
    overdueCount,
    yearsFarming: hard.yearsFarming,
    creditGranted,
    creditDrawn,
    financingNeed,
    needPurpose: financingNeed > 0 ? PURPOSES[Math.floor(rnd() * PURPOSES.length)] : null,
    rating: rating.rating,
    ratingScore: rating.score,
    source: 'IMPORT',
  };
}

export async function seedDemoFarmers(db: DbOrTx) {
  await db.insert(farmerVillages).values(VILLAGES.map((v) => ({ ...v })));
  const [job] = await db
    .insert(importJobs)
    .values({
      kind: 'FARMERS',
      fileName: '示范市农户信用信息采集（第一批）.xlsx',
      total: 0,
      succeeded: 0,
      failed: 0,
      userId: null,
    })
    .returning({ id: importJobs.id });
  const rnd = mulberry32(20261124);
  for (let from = 0; from < DEMO_FARMERS; from += 1000) {
    const batch = [];
    for (let i = from; i < Math.min(DEMO_FARMERS, from + 1000); i += 1)
      batch.push({ ...demoFarmer(i, rnd), importJobId: job.id });
    await db.insert(farmers).values(batch);
  }
  // The import's failed rows (city-wide import): a bad check digit, a drawn amount above the limit, an unknown village.
  const v = VILLAGES[0];
  const failed = [
    {
      rowNo: 7,
      cells: cells({
        kind: '农户',
        name: '孙长林',
        idNumber: '999901196805120310',
        phone: '13912340001',
        villageCode: v.code,
        landArea: '8',
        landTenure: '自有承包',
        annualIncome: '6',
        assets: '25',
        liabilities: '3',
        overdueCount: '0',
        yearsFarming: '20',
      }),
      errors: [{ column: 'idNumber', reason: '身份证号码格式或校验位错误' }],
    },
    {
      rowNo: 12,
      cells: cells({
        kind: '种养大户',
        name: '周大山',
        idNumber: idWithCheck('99990219750303021'),
        phone: '13912340002',
        villageCode: VILLAGES[5].code,
        landArea: '150',
        landTenure: '流转',
        annualIncome: '40',
        assets: '160',
        liabilities: '30',
        overdueCount: '0',
        yearsFarming: '15',
        creditGranted: '30',
        creditDrawn: '45',
      }),
      errors: [{ column: 'creditDrawn', reason: '已用信金额不能大于授信额度' }],
    },
    {
      rowNo: 15,
      cells: cells({
        kind: '家庭农场',
        name: '云溪绿野家庭农场',
        idNumber: withCheckChar('92999908NF9000001'),
        phone: '13912340003',
        villageCode: '999908009001',
        landArea: '80',
        landTenure: '流转',
        annualIncome: '60',
        assets: '200',
        liabilities: '50',
        overdueCount: '1',
        yearsFarming: '8',
        financingNeed: '50',
        needPurpose: '建设大棚',
      }),
      errors: [{ column: 'villageCode', reason: '行政村代码不存在：999908009001' }],
    },
  ];
  await db.insert(farmerFailRecords).values(failed.map((f) => ({ ...f, jobId: job.id, districtCode: null })));
  await db
    .insert(farmerImports)
    .values({ jobId: job.id, orgId: null, districtCode: null, updated: 0, pending: failed.length });
  await db.execute(
    sql`UPDATE import_jobs SET total = ${DEMO_FARMERS + failed.length}, succeeded = ${DEMO_FARMERS}, failed = ${failed.length} WHERE id = ${job.id}`,
  );
}

function cells(v: Record<string, string>): Record<string, string> {
  const keys = [
    'kind',
    'name',
    'idNumber',
    'phone',
    'villageCode',
    'grid',
    'landArea',
    'landTenure',
    'mainProducts',
    'annualIncome',
    'assets',
    'liabilities',
    'overdueCount',
    'yearsFarming',
    'creditGranted',
    'creditDrawn',
    'financingNeed',
    'needPurpose',
  ];
  return Object.fromEntries(keys.map((k) => [k, v[k] ?? '']));
}
