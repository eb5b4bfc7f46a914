import { EVERYONE, type AuthzTable, type Who } from './who.ts';

/** product:manage: banks and guarantee companies, and the operator (who holds every permission). */
const PROVIDERS: Who[] = ['operator', 'bank', 'guarantee'];
/** product:review: the operator. */
const REVIEWERS: Who[] = ['operator'];

export const PRODUCTS: AuthzTable = {
  // portal (SPEC section 7 for page.json, queryProductList.json and getGuaranteeFinanceOrgs.json)
  'GET /finance/portal/product/page.json': EVERYONE,
  'GET /finance/portal/product/detail.json': EVERYONE,
  'GET /finance/portal/product/banks.json': EVERYONE,
  'POST /finance/portal/product/match.json': EVERYONE,
  'GET /finance/product/queryProductList.json': EVERYONE,
  'GET /finance/guarantee/getGuaranteeFinanceOrgs.json': EVERYONE,
  // back office: providers in their subtree, the operator everywhere
  'GET /finance/product/manage/page.json': PROVIDERS,
  'GET /finance/product/manage/detail.json': PROVIDERS,
  'POST /finance/product/manage/save.json': PROVIDERS,
  'POST /finance/product/manage/submit.json': PROVIDERS,
  'POST /finance/product/manage/withdraw.json': PROVIDERS,
  'POST /finance/product/manage/delist.json': PROVIDERS,
  'POST /finance/product/manage/remove.json': PROVIDERS,
  // the operator's review
  'POST /finance/product/review/approve.json': REVIEWERS,
  'POST /finance/product/review/reject.json': REVIEWERS,
  'POST /finance/product/review/delist.json': REVIEWERS,
};
