import { EVERYONE, type AuthzTable, type Who } from './who.ts';

/** shelter:apply: the enterprise (and the operator, who holds every permission). */
const APPLY: Who[] = ['operator', 'enterprise'];
/** shelter:supervise: the city supervisors and the operator. */
const SUPERVISE: Who[] = ['operator', 'gov', 'jrj'];
/** shelter:supervise or supervise:read: also 人社局 (read-only). */
const SUPERVISOR_READ: Who[] = ['operator', 'gov', 'jrj', 'rsj'];
/** shelter:help: the bank. */
const HELP: Who[] = ['operator', 'bank'];
/** Any shelter reader: the enterprise, supervisors, banks. */
const ANY: Who[] = ['operator', 'enterprise', 'gov', 'jrj', 'rsj', 'bank'];

/** The financial shelter (docs/shelter.md). */
export const SHELTER: AuthzTable = {
  'GET /finance/shelter/portal/figures.json': EVERYONE,
  'GET /finance/shelter/banks.json': ANY,
  'POST /finance/shelter/apply.json': APPLY,
  'GET /finance/shelter/draft.json': APPLY,
  'POST /finance/shelter/draft/save.json': APPLY,
  'POST /finance/shelter/draft/discard.json': APPLY,
  'GET /finance/shelter/my/page.json': APPLY,
  'POST /finance/shelter/withdraw.json': APPLY,
  'GET /finance/shelter/supervise/page.json': SUPERVISOR_READ,
  'GET /finance/shelter/supervise/export.json': SUPERVISOR_READ,
  'GET /finance/shelter/supervise/figures.json': SUPERVISOR_READ,
  'POST /finance/shelter/supervise/startReview.json': SUPERVISE,
  'POST /finance/shelter/supervise/admit.json': SUPERVISE,
  'POST /finance/shelter/supervise/refuse.json': SUPERVISE,
  'POST /finance/shelter/supervise/exit.json': SUPERVISE,
  'POST /finance/shelter/supervise/urge.json': SUPERVISE,
  'GET /finance/shelter/bank/page.json': HELP,
  'GET /finance/shelter/bank/export.json': HELP,
  'GET /finance/shelter/bank/summary.json': HELP,
  'POST /finance/shelter/bank/measure/save.json': HELP,
  'GET /finance/shelter/detail.json': ANY,
  'GET /finance/shelter/attachment.json': ANY,
};
