import type { FastifyInstance } from 'fastify';
import type { ShelterApplyRequest } from '@phjr/contract/shelter/shelter';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import type { DbOrTx } from '../../src/db/client.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertUser } from '../../src/seed/factories.ts';
import { signIn } from '../helpers.ts';
import { nextPhone } from './demands-helpers.ts';

export { shanghaiToday, testDistrictSupervisor, nextPhone } from './demands-helpers.ts';
export { testBank } from './products-helpers.ts';
export { callOp, must, refused } from '../helpers.ts';

let seq = Math.floor(Math.random() * 900_000);
/** An enterprise account of its own (certified, with a credit code) in `regionCode`, signed in. */
export async function testEnterprise(
  app: FastifyInstance,
  db: DbOrTx,
  tag: string,
  regionCode = '999901',
  opts: { certified?: boolean } = {},
) {
  const phone = nextPhone();
  const username = `te${tag}${phone.slice(-6)}`.toLowerCase();
  const n = String(seq++ % 1_000_000).padStart(7, '0');
  const creditCode = withCheckChar(`91${regionCode}MC${n}`);
  const id = await insertUser(db, {
    username,
    name: `测试方舱企业${tag}${phone.slice(-4)}有限公司`,
    password: DEMO_PASSWORD,
    accountType: 'ENTERPRISE',
    phone,
    creditCode,
    regionCode,
    certified: opts.certified ?? true,
    roleCodes: ['ENTERPRISE'],
  });
  return { id, phone, username, creditCode, tokens: await signIn(app, username) };
}

/** A valid application; fields of `over` win. */
export function applyInput(over: Partial<ShelterApplyRequest> = {}): ShelterApplyRequest {
  return {
    industry: 'MANUFACTURING',
    cause: '受主要客户订单延迟影响，回款周期拉长，短期流动资金紧张。',
    difficultySince: '2026-08-01',
    expectedRecovery: '2027-06',
    loans: [{ bankName: '外地测试银行', amount: 300, dueDate: '2026-12-31' }],
    helpAsked: [{ type: 'EXTENSION', amount: 300 }, { type: 'RATE_RELIEF' }, { type: 'NEW_CREDIT', amount: 200 }],
    contactName: '测试联系人',
    contactPhone: '13912345678',
    attachmentIds: [],
    publicOnRecovery: true,
    ...over,
  };
}
