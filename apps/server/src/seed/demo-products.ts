import { eq, inArray } from 'drizzle-orm';
import type { ProductStatus } from '@phjr/contract/products/product';
import { BANKS } from '@phjr/contract/orgs/banks';
import type { DbOrTx } from '../db/client.ts';
import { orgs, productHistory, products, users } from '../db/schema/index.ts';
import { GUARANTEE_SERVICES, LOAN_TEMPLATES, conditionsFor, type LoanTemplate } from './demo-product-catalog.ts';
import { CITY, DISTRICTS } from './regions.ts';
import { DEMO_BANK } from './demo-accounts.ts';

const DAY_MS = 86_400_000;
const SURNAMES = ['张', '王', '李', '赵', '刘', '陈', '杨', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭'];
const REJECT_REASONS = [
  '利率区间与产品说明不一致，请核对后重新提交',
  '申请条件表述不完整，请补充年龄及经营年限要求',
  '所需材料中缺少担保相关材料，请补充',
];

/** A small deterministic hash, so the demo data is the same on every fresh start. */
function h(...n: number[]) {
  let x = 2166136261;
  for (const v of n) x = Math.imul(x ^ (v + 0x9e3779b9), 16777619) >>> 0;
  return x;
}
const round2 = (x: number) => Math.round(x * 100) / 100;

interface Planned {
  row: typeof products.$inferInsert;
  status: ProductStatus;
  reason?: string;
  /** Delisted by the operator (else by the bank itself). */
  delistedByOperator?: boolean;
}

/**
 * The supermarket's demo catalogue (PRODUCT.md section 13): about 150 LISTED loans over the 22 demo banks (the demo
 * bank's branches and sub-branches with their own), loans in every other state for the review queue and the
 * `bank` account, and the guarantee companies' services. Each product gets the history its state implies.
 */
export async function seedDemoProducts(db: DbOrTx, now = new Date()) {
  const orgRows = await db
    .select({
      id: orgs.id,
      name: orgs.name,
      parentId: orgs.parentId,
      regionCode: orgs.regionCode,
      classifiedType: orgs.classifiedType,
    })
    .from(orgs);
  const byName = new Map(orgRows.map((o) => [o.name, o]));
  const staff = await db
    .select({ id: users.id, orgId: users.orgId, username: users.username })
    .from(users)
    .where(inArray(users.accountType, ['BANK', 'GUARANTEE', 'PLATFORM']));
  const operator = staff.find((u) => u.username === 'operator')!.id;
  const creatorOf = (orgId: number, headId: number) =>
    staff.find((u) => u.orgId === orgId)?.id ?? staff.find((u) => u.orgId === headId)?.id ?? null;

  const planned: Planned[] = [];
  let seq = 0;
  function loan(
    t: LoanTemplate,
    org: { id: number; headId: number },
    name: string,
    regionCodes: string[],
    status: ProductStatus,
    extra: Partial<Planned> = {},
  ) {
    const n = ++seq;
    const offset = ((h(n, 1) % 9) - 4) * 0.05;
    const rateMin = round2(Math.max(3.2, t.rate[0] + offset));
    const rateMax = round2(Math.min(8, Math.max(rateMin + 0.3, t.rate[1] + offset)));
    const listedAt = new Date(now.getTime() - (1 + (h(n, 2) % 360)) * DAY_MS - (h(n, 3) % 480) * 60_000);
    const submittedAt = new Date(listedAt.getTime() - (1 + (h(n, 4) % 4)) * DAY_MS);
    const createdAt = new Date(submittedAt.getTime() - (2 + (h(n, 5) % 15)) * DAY_MS);
    const everListed = status === 'LISTED' || status === 'DELISTED';
    const applications = everListed ? h(n, 6) % 150 : 0;
    const { conditions, materials } = conditionsFor(t.customers);
    planned.push({
      status,
      ...extra,
      row: {
        kind: 'LOAN',
        name,
        orgId: org.id,
        bankId: org.headId,
        loanType: t.loanType,
        guaranteeMethods: t.guarantee,
        amountMin: t.amount[0],
        amountMax: t.amount[1],
        termMin: t.term[0],
        termMax: t.term[1],
        rateMin,
        rateMax,
        customerTypes: t.customers,
        industries: t.industries,
        regionCodes,
        industrialChainIds: t.chains ?? [],
        features: t.features.join('\n'),
        conditions,
        materials,
        contactName: `${SURNAMES[h(n, 7) % SURNAMES.length]}经理`,
        contactPhone: `0999-6${String(h(n, 8) % 1_000_000).padStart(6, '0')}`,
        logoFileId: null,
        status,
        rejectReason: status === 'REJECTED' ? (extra.reason ?? null) : null,
        views: everListed ? 60 + (h(n, 9) % 3000) : 0,
        applications,
        grants: Math.floor(applications * (0.3 + (h(n, 10) % 40) / 100)),
        createdBy: creatorOf(org.id, org.headId),
        reviewedBy: everListed || status === 'REJECTED' ? operator : null,
        reviewedAt: everListed ? listedAt : status === 'REJECTED' ? submittedAt : null,
        createdAt,
        updatedAt: status === 'DRAFT' ? createdAt : status === 'PENDING_REVIEW' ? submittedAt : listedAt,
        submittedAt: status === 'DRAFT' ? null : submittedAt,
        listedAt: everListed ? listedAt : null,
      },
    });
  }

  const tpl = (name: string) => LOAN_TEMPLATES.find((t) => t.name === name)!;
  const districtsOf = (t: LoanTemplate, k: number) =>
    t.districts ??
    ((k + seq) % 4 === 0 ? [DISTRICTS[(k + seq) % 8].code, DISTRICTS[(k + seq + 3) % 8].code] : [CITY.code]);

  // Every bank but the demo bank: six listed loans each, from a different slice of the templates.
  for (const [i, b] of BANKS.entries()) {
    if (b.name === DEMO_BANK) continue;
    const head = byName.get(b.name)!.id;
    for (let k = 0; k < 6; k++) {
      const t = LOAN_TEMPLATES[(i * 7 + k * 5) % LOAN_TEMPLATES.length];
      loan(t, { id: head, headId: head }, t.name, districtsOf(t, k), 'LISTED');
    }
  }
  // The review queue and the other states at four banks with staff accounts.
  const bankOrg = (name: string) => ({ id: byName.get(name)!.id, headId: byName.get(name)!.id });
  loan(tpl('小微快贷'), bankOrg('中国工商银行股份有限公司'), '工银兴农贷', [CITY.code], 'PENDING_REVIEW');
  loan(tpl('家庭农场贷'), bankOrg('中国农业银行股份有限公司'), '农银家庭农场贷', [CITY.code], 'PENDING_REVIEW');
  loan(tpl('个人经营贷'), bankOrg('中国农业银行股份有限公司'), '农银个人经营贷', [CITY.code], 'REJECTED', {
    reason: REJECT_REASONS[2],
  });
  loan(tpl('冷链物流贷'), bankOrg('中国建设银行股份有限公司'), '建行冷链贷', [CITY.code], 'DRAFT');
  loan(tpl('乡村旅游贷'), bankOrg('中国建设银行股份有限公司'), '建行民宿贷', ['999906', '999908'], 'DELISTED', {
    delistedByOperator: true,
  });
  loan(tpl('商户e贷'), bankOrg('中国邮政储蓄银行股份有限公司'), '邮储小额极速贷', [CITY.code], 'PENDING_REVIEW');

  // The demo bank: its head office (the `bank` account) in every state, and its branches and sub-branches.
  const demo = byName.get(DEMO_BANK)!.id;
  const head = { id: demo, headId: demo };
  for (const name of [
    '惠农e贷',
    '新型农业经营主体贷',
    '创业担保贷',
    '乡村振兴贷',
    '家庭农场贷',
    '银税互动贷',
    '小微快贷',
    '专精特新贷',
  ]) {
    const t = tpl(name);
    loan(t, head, `农商${t.name}`, t.districts ?? [CITY.code], 'LISTED');
  }
  loan(tpl('电商助农贷'), head, '农商电商助农贷', [CITY.code], 'DRAFT');
  loan(tpl('人才贷'), head, '农商英才贷', [CITY.code], 'DRAFT');
  loan(tpl('果蔬种植贷'), head, '农商果蔬贷', [CITY.code], 'PENDING_REVIEW');
  loan(tpl('绿色发展贷'), head, '农商绿色贷', [CITY.code], 'PENDING_REVIEW');
  loan(tpl('工程履约贷'), head, '农商工程贷', [CITY.code], 'REJECTED', { reason: REJECT_REASONS[0] });
  loan(tpl('物流运输贷'), head, '农商物流贷', [CITY.code], 'DELISTED');
  const BRANCH_LOANS: Record<string, string[]> = {
    城关区: ['商户e贷', '工程履约贷'],
    东湖区: ['渔业养殖贷', '个体工商户信用贷'],
    西山区: ['乡村旅游贷'],
    南江区: ['渔业养殖贷'],
    北岭区: ['生猪养殖贷', '中药材种植贷'],
    青石县: ['茶园贷', '柑橘贷'],
    桃源县: ['柑橘贷', '农机具购置贷'],
    云溪县: ['林权抵押贷', '茶园贷'],
  };
  for (const d of DISTRICTS) {
    const branch = byName.get(`${DEMO_BANK}${d.name}支行`)!.id;
    const short = d.name.slice(0, 2);
    for (const name of BRANCH_LOANS[d.name])
      loan(tpl(name), { id: branch, headId: demo }, `${short}${name}`, [d.code], 'LISTED');
    const sub = byName.get(`${DEMO_BANK}${d.name}中心街分理处`);
    if (sub) loan(tpl('商户e贷'), { id: sub.id, headId: demo }, `${short}街市贷`, [d.code], 'LISTED');
  }
  loan(
    tpl('家庭农场贷'),
    { id: byName.get(`${DEMO_BANK}${DISTRICTS[1].name}支行`)!.id, headId: demo },
    '东湖农场贷',
    [DISTRICTS[1].code],
    'PENDING_REVIEW',
  );

  // Guarantee services: two listed for each company; the `guarantee` account's company also has a draft and one in review.
  for (const [i, g] of GUARANTEE_SERVICES.entries()) {
    const company = byName.get(g.company)!;
    const status: ProductStatus = 'LISTED';
    const t: LoanTemplate = {
      name: g.name,
      loanType: 'GUARANTEE',
      guarantee: ['GUARANTEE_COMPANY'],
      customers: g.customers,
      industries: g.industries,
      amount: g.amount,
      term: g.term,
      rate: g.fee,
      features: g.features,
    };
    loan(t, { id: company.id, headId: company.id }, g.name, [company.regionCode], status);
    const p = planned[planned.length - 1].row;
    Object.assign(p, {
      kind: 'GUARANTEE_SERVICE',
      rateMin: g.fee[0],
      rateMax: g.fee[1],
      industrialChainIds: i === 3 ? [1] : i === 6 ? [2] : [],
    });
  }
  const group = byName.get(GUARANTEE_SERVICES[0].company)!;
  for (const [name, status] of [
    ['科技企业知识产权担保', 'DRAFT'],
    ['农村产权抵押担保', 'PENDING_REVIEW'],
  ] as const) {
    const t: LoanTemplate = {
      name,
      loanType: 'GUARANTEE',
      guarantee: ['GUARANTEE_COMPANY'],
      customers: ['ENTERPRISE', 'NEW_AGRI_ENTITY'],
      industries: [],
      amount: [50, 800],
      term: [6, 36],
      rate: [0.8, 1.2],
      features: ['政府性融资担保', '与合作银行批量担保', '费率优惠'],
    };
    loan(t, { id: group.id, headId: group.id }, name, [CITY.code], status);
    planned[planned.length - 1].row.kind = 'GUARANTEE_SERVICE';
  }

  // 创业担保贷 (docs/statistics.md "创业担保贷"): the loans made from its template and the guarantee service for it
  // belong to the CYDBD policy; the demands posted through them are the HR bureau's figures.
  for (const p of planned)
    if (p.row.name.endsWith('创业担保贷') || p.row.name === '创业担保贷款担保') p.row.policy = 'CYDBD';
  const ids = (
    await db
      .insert(products)
      .values(planned.map((p) => p.row))
      .returning({ id: products.id })
  ).map((r) => r.id);
  const history: (typeof productHistory.$inferInsert)[] = [];
  for (const [i, p] of planned.entries()) {
    const r = p.row;
    const productId = ids[i];
    const by = r.createdBy ?? null;
    history.push({
      productId,
      action: 'create',
      fromStatus: null,
      toStatus: 'DRAFT',
      userId: by,
      createdAt: r.createdAt,
    });
    if (p.status === 'DRAFT') continue;
    history.push({
      productId,
      action: 'submit',
      fromStatus: 'DRAFT',
      toStatus: 'PENDING_REVIEW',
      userId: by,
      createdAt: r.submittedAt!,
    });
    if (p.status === 'REJECTED')
      history.push({
        productId,
        action: 'reject',
        fromStatus: 'PENDING_REVIEW',
        toStatus: 'REJECTED',
        reason: p.reason,
        userId: operator,
        createdAt: r.reviewedAt!,
      });
    if (p.status === 'LISTED' || p.status === 'DELISTED')
      history.push({
        productId,
        action: 'approve',
        fromStatus: 'PENDING_REVIEW',
        toStatus: 'LISTED',
        userId: operator,
        createdAt: r.listedAt!,
      });
    if (p.status === 'DELISTED') {
      const at = new Date(Math.min(now.getTime() - DAY_MS, r.listedAt!.getTime() + 30 * DAY_MS));
      history.push({
        productId,
        action: 'delist',
        fromStatus: 'LISTED',
        toStatus: 'DELISTED',
        userId: p.delistedByOperator ? operator : by,
        createdAt: at,
      });
      await db
        .update(products)
        .set({ updatedAt: at, ...(p.delistedByOperator ? { reviewedAt: at } : {}) })
        .where(eq(products.id, productId));
    }
  }
  await db.insert(productHistory).values(history);
}
