import { eq } from 'drizzle-orm';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import type { DbOrTx } from '../db/client.ts';
import { orgs } from '../db/schema/index.ts';
import { DEMO_BANK, DEMO_PASSWORD } from './demo-accounts.ts';
import { insertUser } from './factories.ts';
import { DISTRICTS } from './regions.ts';

async function orgId(db: DbOrTx, name: string): Promise<number> {
  const [o] = await db.select({ id: orgs.id }).from(orgs).where(eq(orgs.name, name));
  if (!o) throw new Error(`Demo organisation missing: ${name}`);
  return o.id;
}

const OTHER_BANK_ADMINS = [
  { username: 'icbc_admin', name: '钱工行', bank: '中国工商银行股份有限公司' },
  { username: 'abc_admin', name: '冯农行', bank: '中国农业银行股份有限公司' },
  { username: 'ccb_admin', name: '褚建行', bank: '中国建设银行股份有限公司' },
  { username: 'psbc_admin', name: '卫邮储', bank: '中国邮政储蓄银行股份有限公司' },
];
const GUARANTEE_ADMINS = [
  { username: 'guarantee_nx', name: '蒋农担', org: '示范市农业信贷融资担保有限公司' },
  { username: 'guarantee_qs', name: '沈青石', org: '青石县融资担保有限公司' },
  { username: 'guarantee_ty', name: '韩桃源', org: '桃源县中小企业融资担保有限公司' },
];
const PERSONS = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄强', '周婷', '吴刚', '徐丽', '孙浩'];
/** The first six are in the demo enterprise registry (certified); the others are not certified yet. */
const ENTERPRISES = [
  { name: '示范市丰禾农业发展有限公司', registry: 0 },
  { name: '示范市金穗粮油加工有限公司', registry: 1 },
  { name: '示范市青山柑橘专业合作社', registry: 2 },
  { name: '示范市宏达生猪养殖有限公司', registry: 3 },
  { name: '示范市碧水渔业科技有限公司', registry: 4 },
  { name: '示范市云岭茶叶种植有限公司', registry: 5 },
  { name: '示范市晨光农产品贸易有限公司', registry: null },
  { name: '示范市春雨农机专业合作社', registry: null },
  { name: '示范市四季鲜果蔬配送有限公司', registry: null },
  { name: '示范市山里红果业有限公司', registry: null },
  { name: '示范市稻香米业有限公司', registry: null },
  { name: '示范市绿洲花卉苗木有限公司', registry: null },
];

/** Demo data: staff accounts of the demo institutions and users for the operator's lists (issue 3). */
export async function seedDemoStaff(db: DbOrTx) {
  const password = DEMO_PASSWORD;
  const bank = await orgId(db, DEMO_BANK);
  const branch = await orgId(db, `${DEMO_BANK}${DISTRICTS[1].name}支行`);
  await insertUser(db, {
    username: 'bank_cg',
    name: '吴信贷',
    password,
    accountType: 'BANK',
    orgId: bank,
    phone: '13810000001',
    roleCodes: ['BANK_ADMIN'],
  });
  await insertUser(db, {
    username: 'bank_dh',
    name: '郑客户',
    password,
    accountType: 'BANK',
    orgId: branch,
    phone: '13810000002',
    roleCodes: ['BANK_ADMIN'],
  });
  for (const [i, a] of OTHER_BANK_ADMINS.entries()) {
    await insertUser(db, {
      username: a.username,
      name: a.name,
      password,
      accountType: 'BANK',
      orgId: await orgId(db, a.bank),
      phone: `1381000010${i}`,
      roleCodes: ['BANK_ADMIN'],
    });
  }
  for (const [i, a] of GUARANTEE_ADMINS.entries()) {
    await insertUser(db, {
      username: a.username,
      name: a.name,
      password,
      accountType: 'GUARANTEE',
      orgId: await orgId(db, a.org),
      phone: `1381000020${i}`,
      roleCodes: ['GUARANTEE_ADMIN'],
    });
  }
  for (const [i, name] of PERSONS.entries()) {
    const phone = `139100001${String(i).padStart(2, '0')}`;
    await insertUser(db, {
      username: phone,
      name,
      password,
      accountType: 'PERSON',
      phone,
      regionCode: DISTRICTS[i % DISTRICTS.length].code,
      certified: i % 3 !== 2,
      status: i === PERSONS.length - 1 ? 'DISABLED' : 'ACTIVE',
      roleCodes: ['PERSON'],
    });
  }
  for (const [i, e] of ENTERPRISES.entries()) {
    const phone = `139200002${String(i).padStart(2, '0')}`;
    const district = DISTRICTS[(e.registry ?? i) % DISTRICTS.length];
    const body =
      e.registry === null
        ? `91${district.code}MB${String(i + 1).padStart(7, '0')}`
        : `91${district.code}MA${String(e.registry + 2).padStart(7, '0')}`;
    await insertUser(db, {
      username: phone,
      name: e.name,
      password,
      accountType: 'ENTERPRISE',
      phone,
      creditCode: withCheckChar(body),
      regionCode: district.code,
      certified: e.registry !== null,
      roleCodes: ['ENTERPRISE'],
    });
  }
}
