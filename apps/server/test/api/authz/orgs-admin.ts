import type { AuthzTable, Who } from './who.ts';

const OPERATOR: Who[] = ['operator'];
/** Institution admins with org-staff:manage, and the operator (who holds every permission). */
const STAFF_ADMINS: Who[] = ['operator', 'gov', 'jrj', 'rsj', 'bank', 'guarantee'];
const SUPERVISORS: Who[] = ['operator', 'gov', 'jrj', 'rsj'];

export const ORGS_ADMIN: AuthzTable = {
  'GET /finance/org/tree.json': OPERATOR,
  'GET /finance/org/page.json': OPERATOR,
  'POST /finance/org/save.json': OPERATOR,
  'POST /finance/org/setChainAccess.json': OPERATOR,
  'POST /finance/org/setStatus.json': OPERATOR,
  'GET /finance/user/page.json': OPERATOR,
  'GET /finance/user/export.json': OPERATOR,
  'GET /finance/user/detail.json': OPERATOR,
  'POST /finance/user/setStatus.json': OPERATOR,
  'POST /finance/user/setRoles.json': OPERATOR,
  'GET /finance/platformUser/page.json': OPERATOR,
  'GET /finance/platformUser/export.json': OPERATOR,
  'POST /finance/platformUser/save.json': OPERATOR,
  'POST /finance/user/resetPassword.json': OPERATOR,
  'GET /finance/user/import/template.json': OPERATOR,
  'POST /finance/user/import/upload.json': OPERATOR,
  'GET /finance/user/import/records.json': OPERATOR,
  'GET /finance/user/import/failures.json': OPERATOR,
  'GET /finance/role/list.json': OPERATOR,
  'POST /finance/role/save.json': OPERATOR,
  'POST /finance/role/delete.json': OPERATOR,
  // Staff admins (org-staff:manage) and the enterprise main account (enterprise-sub:manage) give roles too.
  'GET /finance/role/assignable.json': [...STAFF_ADMINS, 'enterprise'],
  'GET /finance/org/staff/orgs.json': STAFF_ADMINS,
  'GET /finance/org/staff/page.json': STAFF_ADMINS,
  'GET /finance/org/staff/export.json': STAFF_ADMINS,
  'POST /finance/org/staff/save.json': STAFF_ADMINS,
  'POST /finance/org/staff/setStatus.json': STAFF_ADMINS,
  'POST /finance/org/staff/resetPassword.json': STAFF_ADMINS,
  'GET /finance/user/mySetting.json': SUPERVISORS,
  'POST /finance/user/saveMySetting.json': SUPERVISORS,
};
