import type { FastifyInstance } from 'fastify';
import type { SaveProductRequest } from '@phjr/contract/products/manage';
import type { ProductStatus } from '@phjr/contract/products/product';
import type { DbOrTx } from '../../src/db/client.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertOrg, insertUser } from '../../src/seed/factories.ts';
import { type Tokens, signIn } from '../helpers.ts';
import { get, post } from './content-helpers.ts';

export { get, post, q } from './content-helpers.ts';

/** A valid loan; fields of `over` win. */
export function productInput(name: string, over: Partial<SaveProductRequest> = {}): SaveProductRequest {
  return {
    kind: 'LOAN',
    name,
    loanType: 'CREDIT',
    guaranteeMethods: ['CREDIT'],
    amountMin: 1,
    amountMax: 100,
    termMin: 6,
    termMax: 36,
    rateMin: 4,
    rateMax: 6,
    customerTypes: ['ENTERPRISE'],
    industries: [],
    regionCodes: ['999900'],
    industrialChainIds: [],
    features: '线上申请\n随借随还',
    conditions: '正常经营一年以上',
    materials: '营业执照',
    contactName: '测试经理',
    contactPhone: '0999-6123456',
    ...over,
  };
}

/** Saves a product and returns its id (the save must succeed). */
export async function createProduct(app: FastifyInstance, tokens: Tokens, input: SaveProductRequest): Promise<number> {
  const res = await post(app, tokens, '/finance/product/manage/save.json', input);
  if (res.statusCode !== 200) throw new Error(`save failed: ${res.body}`);
  return res.json().data.id as number;
}

/** Runs a call that must succeed. */
export async function must(app: FastifyInstance, tokens: Tokens, url: string, payload: unknown) {
  const res = await post(app, tokens, url, payload);
  if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.body}`);
  return res;
}

/** A product of `provider` brought to `status` through the API (the operator reviews). */
export async function productIn(
  app: FastifyInstance,
  provider: Tokens,
  operator: Tokens,
  status: ProductStatus,
  input: SaveProductRequest,
) {
  const id = await createProduct(app, provider, input);
  if (status === 'DRAFT') return id;
  await must(app, provider, '/finance/product/manage/submit.json', { id });
  if (status === 'PENDING_REVIEW') return id;
  if (status === 'REJECTED') {
    await must(app, operator, '/finance/product/review/reject.json', { id, reason: '测试驳回原因' });
    return id;
  }
  await must(app, operator, '/finance/product/review/approve.json', { id });
  if (status === 'DELISTED') await must(app, provider, '/finance/product/manage/delist.json', { id });
  return id;
}

export const manageDetail = (app: FastifyInstance, tokens: Tokens, id: number) =>
  get(app, tokens, `/finance/product/manage/detail.json?id=${id}`);

/**
 * A bank of its own for a test file: a head office with two branches, a sub-branch under the first branch, and an
 * admin (BANK_ADMIN) at each unit, signed in. Names carry `tag` so runs never collide.
 */
export async function testBank(app: FastifyInstance, db: DbOrTx, tag: string) {
  const head = await insertOrg(db, {
    name: `测试银行${tag}`,
    shortName: `测银${tag}`,
    orgType: 'BANK',
    classifiedType: 'BANK',
    regionCode: '999900',
  });
  const branchA = await insertOrg(db, {
    name: `测试银行${tag}城关支行`,
    orgType: 'BANK',
    classifiedType: 'BANK',
    regionCode: '999901',
    parentId: head,
    level: 'BRANCH',
  });
  const branchB = await insertOrg(db, {
    name: `测试银行${tag}东湖支行`,
    orgType: 'BANK',
    classifiedType: 'BANK',
    regionCode: '999902',
    parentId: head,
    level: 'BRANCH',
  });
  const sub = await insertOrg(db, {
    name: `测试银行${tag}城关分理处`,
    orgType: 'BANK',
    classifiedType: 'BANK',
    regionCode: '999901',
    parentId: branchA,
    level: 'SUB',
  });
  const ids = { head, branchA, branchB, sub };
  const tokens = {} as Record<keyof typeof ids, Tokens>;
  for (const [k, orgId] of Object.entries(ids) as [keyof typeof ids, number][]) {
    const username = `tb${tag}${k}`.toLowerCase();
    await insertUser(db, {
      username,
      name: `测试${k}`,
      password: DEMO_PASSWORD,
      accountType: 'BANK',
      orgId,
      roleCodes: ['BANK_ADMIN'],
    });
    tokens[k] = await signIn(app, username);
  }
  return { ids, tokens };
}
