import { SIGNED_IN, type AuthzTable, type Who } from './who.ts';

/** demand:apply: persons and enterprises (and the operator, who holds every permission). */
const APPLICANTS: Who[] = ['operator', 'person', 'enterprise'];
/** demand:handle: banks. */
const BANKS: Who[] = ['operator', 'bank'];
/** demand:guarantee: guarantee companies. */
const GUARANTEE: Who[] = ['operator', 'guarantee'];
/** demand:supervise: the three supervisors. */
const SUPERVISORS: Who[] = ['operator', 'gov', 'jrj', 'rsj'];
/** demand:manage: the operator. */
const OPERATOR: Who[] = ['operator'];

const lists = (path: string, who: Who[]): AuthzTable => ({
  [`GET /finance/demand/${path}/page.json`]: who,
  [`GET /finance/demand/${path}/export.json`]: who,
});

export const DEMANDS: AuthzTable = {
  'POST /finance/demand/create.json': APPLICANTS,
  ...lists('my', APPLICANTS),
  ...lists('bank', BANKS),
  ...lists('guarantee', GUARANTEE),
  ...lists('supervise', SUPERVISORS),
  ...lists('operate', OPERATOR),
  // Every demand client; the service shows each only what its scope allows.
  'GET /finance/demand/detail.json': SIGNED_IN,
  'GET /finance/demand/attachment.json': SIGNED_IN,
  'GET /finance/demand/workbench.json': SIGNED_IN,
  'POST /finance/demand/withdraw.json': APPLICANTS,
  'POST /finance/demand/accept.json': BANKS,
  'POST /finance/demand/grant.json': BANKS,
  'POST /finance/demand/reject.json': BANKS,
  'POST /finance/demand/dispatch.json': BANKS,
  'POST /finance/demand/guaranteeAccept.json': GUARANTEE,
  'POST /finance/demand/guaranteeReject.json': GUARANTEE,
  'POST /finance/demand/guarantee.json': GUARANTEE,
  'POST /finance/demand/handToBank.json': GUARANTEE,
  'POST /finance/demand/reassign.json': SUPERVISORS,
  'GET /finance/demand/bankUnits.json': [...new Set([...SUPERVISORS, ...GUARANTEE])],
  'POST /finance/demand/returnToPool.json': SUPERVISORS,
  'POST /finance/demand/urge.json': SUPERVISORS,
  'POST /finance/demand/makeup/save.json': OPERATOR,
  'GET /finance/demand/makeup/import/template.json': OPERATOR,
  'POST /finance/demand/makeup/import/upload.json': OPERATOR,
  'GET /finance/demand/makeup/import/records.json': OPERATOR,
  'GET /finance/demand/makeup/import/failures.json': OPERATOR,
};
