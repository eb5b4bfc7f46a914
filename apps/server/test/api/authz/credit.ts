import { EVERYONE, type AuthzTable, type Who } from './who.ts';

/** credit:query: the bank and the guarantee company (and the operator, who holds every permission). */
const INSTITUTION: Who[] = ['operator', 'bank', 'guarantee'];
/** credit:consent, demand:apply or demand:view: the enterprise, the person (and the operator). */
const SUBJECT: Who[] = ['operator', 'person', 'enterprise'];
/** credit:audit or supervise:read: the supervisors (人社局 by supervise:read) and the operator. */
const AUDIT: Who[] = ['operator', 'gov', 'jrj', 'rsj'];

/** Credit queries with consent (docs/credit.md). */
export const CREDIT: AuthzTable = {
  'GET /finance/credit/portal/search.json': EVERYONE,
  'GET /finance/credit/query.json': INSTITUTION,
  'GET /finance/credit/query/suggest.json': INSTITUTION,
  'GET /finance/credit/institution/consents.json': INSTITUTION,
  'GET /finance/credit/institution/queries.json': INSTITUTION,
  'GET /finance/credit/institution/queries/export.json': INSTITUTION,
  'GET /finance/credit/mine/subjects.json': SUBJECT,
  'GET /finance/credit/mine/report.json': SUBJECT,
  'GET /finance/credit/mine/consents.json': SUBJECT,
  'GET /finance/credit/mine/queries.json': SUBJECT,
  'GET /finance/credit/consent/institutions.json': SUBJECT,
  'POST /finance/credit/consent/create.json': SUBJECT,
  'POST /finance/credit/consent/revoke.json': SUBJECT,
  'GET /finance/credit/log/page.json': AUDIT,
  'GET /finance/credit/log/export.json': AUDIT,
  'GET /finance/credit/log/figures.json': AUDIT,
};
