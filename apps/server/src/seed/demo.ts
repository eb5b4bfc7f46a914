import { BANKS } from '@phjr/contract/orgs/banks';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import type { DbOrTx } from '../db/client.ts';
import { regions, sysImages } from '../db/schema/index.ts';
import { DEMO_BANK, DEMO_PASSWORD } from './demo-accounts.ts';
import { seedDemoChains } from './demo-chains.ts';
import { seedDemoChainRecords } from './demo-chain-records.ts';
import { seedDemoCredit } from './demo-credit.ts';
import { seedDemoContent } from './demo-content.ts';
import { seedDemoDemands } from './demo-demands.ts';
import { seedDemoFarmers } from './demo-farmers.ts';
import { seedDemoHistory } from './demo-history.ts';
import { seedDemoPlatform } from './demo-platform.ts';
import { seedDemoProducts } from './demo-products.ts';
import { seedDemoRegistry } from './demo-registry.ts';
import { seedDemoShelter } from './demo-shelter.ts';
import { seedDemoStaff } from './demo-staff.ts';
import { insertOrg, insertUser } from './factories.ts';
import { CITY, DISTRICTS } from './regions.ts';

const GUARANTEE_COMPANIES = [
  { name: '示范市融资担保集团有限公司', region: CITY.code },
  { name: '示范市农业信贷融资担保有限公司', region: CITY.code },
  { name: '青石县融资担保有限公司', region: '999906' },
  { name: '桃源县中小企业融资担保有限公司', region: '999907' },
];

/** The demo city (PRODUCT.md section 13): regions, organisations, the eight demo accounts, banners, content, products, demands. */
export async function seedDemo(db: DbOrTx) {
  await db.insert(regions).values([
    { code: CITY.code, name: CITY.name, nameEn: CITY.nameEn, parentCode: null, sort: 0 },
    ...DISTRICTS.map((d, i) => ({
      code: d.code,
      name: d.name,
      nameEn: d.nameEn,
      parentCode: CITY.code,
      sort: i + 1,
    })),
  ]);

  const platform = await insertOrg(db, {
    name: '示范市普惠金融服务平台运营中心',
    shortName: '平台运营中心',
    orgType: 'ROOT',
    classifiedType: 'PLATFORM',
    regionCode: CITY.code,
  });
  const cityGov = await insertOrg(db, {
    name: '示范市人民政府办公室',
    shortName: '市政府办',
    orgType: 'GOVERNMENT',
    classifiedType: 'GOVERNMENT',
    regionCode: CITY.code,
    chainAccess: true,
  });
  const jrj = await insertOrg(db, {
    name: '示范市地方金融管理局',
    shortName: '市金融局',
    orgType: 'JINRONGJU',
    classifiedType: 'JINRONGJU',
    regionCode: CITY.code,
  });
  const rsj = await insertOrg(db, {
    name: '示范市人力资源和社会保障局',
    shortName: '市人社局',
    orgType: 'RENSHEJUE',
    classifiedType: 'RENSHEJUE',
    regionCode: CITY.code,
  });
  for (const d of DISTRICTS) {
    await insertOrg(db, {
      name: `示范市${d.name}人民政府`,
      shortName: `${d.name}政府`,
      orgType: 'GOVERNMENT',
      classifiedType: 'GOVERNMENT',
      regionCode: d.code,
    });
  }

  const bankIds = new Map<string, number>();
  for (const b of BANKS) {
    const id = await insertOrg(db, {
      name: b.name,
      shortName: b.short,
      orgType: 'BANK',
      classifiedType: 'BANK',
      regionCode: CITY.code,
      chainAccess: b.short === '示范农商',
    });
    bankIds.set(b.name, id);
  }
  // The demo bank is a head office with a branch in every district and a sub-branch under the first two.
  const demoBank = bankIds.get(DEMO_BANK)!;
  for (const [i, d] of DISTRICTS.entries()) {
    const branch = await insertOrg(db, {
      name: `示范市农村商业银行股份有限公司${d.name}支行`,
      shortName: `农商${d.name}支行`,
      orgType: 'BANK',
      classifiedType: 'BANK',
      regionCode: d.code,
      parentId: demoBank,
      level: 'BRANCH',
      chainAccess: true,
    });
    if (i < 2) {
      await insertOrg(db, {
        name: `示范市农村商业银行股份有限公司${d.name}中心街分理处`,
        shortName: `农商${d.name}分理处`,
        orgType: 'BANK',
        classifiedType: 'BANK',
        regionCode: d.code,
        parentId: branch,
        level: 'SUB',
        chainAccess: true,
      });
    }
  }

  let guaranteeId = 0;
  for (const g of GUARANTEE_COMPANIES) {
    const id = await insertOrg(db, {
      name: g.name,
      orgType: 'GUARANTEE',
      classifiedType: 'GUARANTEE',
      regionCode: g.region,
    });
    guaranteeId ||= id;
  }

  const password = DEMO_PASSWORD;
  await insertUser(db, {
    username: 'operator',
    name: '王运营',
    password,
    accountType: 'PLATFORM',
    orgId: platform,
    phone: '13800000001',
    roleCodes: ['PLATFORM_ADMIN'],
  });
  await insertUser(db, {
    username: 'gov',
    name: '陈监管',
    password,
    accountType: 'GOVERNMENT',
    orgId: cityGov,
    phone: '13800000002',
    roleCodes: ['GOV_SUPERVISOR'],
  });
  await insertUser(db, {
    username: 'jrj',
    name: '刘金融',
    password,
    accountType: 'GOVERNMENT',
    orgId: jrj,
    phone: '13800000003',
    roleCodes: ['JRJ_SUPERVISOR'],
  });
  await insertUser(db, {
    username: 'rsj',
    name: '赵人社',
    password,
    accountType: 'GOVERNMENT',
    orgId: rsj,
    phone: '13800000004',
    roleCodes: ['RSJ_SUPERVISOR'],
  });
  await insertUser(db, {
    username: 'bank',
    name: '孙信贷',
    password,
    accountType: 'BANK',
    orgId: demoBank,
    phone: '13800000005',
    roleCodes: ['BANK_ADMIN'],
  });
  await insertUser(db, {
    username: 'guarantee',
    name: '周担保',
    password,
    accountType: 'GUARANTEE',
    orgId: guaranteeId,
    phone: '13800000006',
    roleCodes: ['GUARANTEE_ADMIN'],
  });
  await insertUser(db, {
    username: 'person',
    name: '李明',
    password,
    accountType: 'PERSON',
    phone: '13800000007',
    regionCode: '999906',
    certified: true,
    roleCodes: ['PERSON'],
  });
  await insertUser(db, {
    username: 'enterprise',
    name: '示范市绿源茶业有限公司',
    password,
    accountType: 'ENTERPRISE',
    phone: '13800000008',
    creditCode: withCheckChar('91999906MA0000001'),
    regionCode: '999906',
    certified: true,
    roleCodes: ['ENTERPRISE'],
  });

  await db.insert(sysImages).values([
    // Each with its English title and image (the words are drawn in the picture): issue 13.
    {
      place: 'HOME_BANNER',
      title: '普惠金融 惠及城乡',
      titleEn: 'Inclusive finance for all',
      url: '/banners/banner-1.svg',
      urlEn: '/banners/banner-1-en.svg',
      link: '/supermarket',
      sort: 1,
    },
    {
      place: 'HOME_BANNER',
      title: '产业链金融 助力乡村振兴',
      titleEn: 'Chain finance for the countryside',
      url: '/banners/banner-2.svg',
      urlEn: '/banners/banner-2-en.svg',
      link: '/chain',
      sort: 2,
    },
    {
      place: 'HOME_BANNER',
      title: '金融方舱 纾困解难',
      titleEn: 'Finance shelter: help in hard times',
      url: '/banners/banner-3.svg',
      urlEn: '/banners/banner-3-en.svg',
      link: '/stowdown',
      sort: 3,
    },
  ]);

  await seedDemoRegistry(db);
  await seedDemoStaff(db);
  await seedDemoPlatform(db);
  await seedDemoContent(db);
  await seedDemoProducts(db);
  await seedDemoDemands(db);
  // A year of finished demands before the demo month, for the reports' trends: after the demo demands, whose ids
  // (up to the demo makeup import's) tests tell apart.
  await seedDemoHistory(db);
  // The chains after the products and articles they relink; their members, visits and loans come right after them.
  await seedDemoChainRecords(db, await seedDemoChains(db));
  await seedDemoFarmers(db);
  // After the demands: a consent given by one of the demo enterprise's demands names it.
  await seedDemoCredit(db);
  await seedDemoShelter(db);
}
