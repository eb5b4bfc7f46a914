import { EVERYONE, type AuthzTable, type Who } from './who.ts';

/** The supervision reports (report:read): the operator and the city-level supervisors; their definitions are public. */
const REPORTERS: Who[] = ['operator', 'gov', 'jrj', 'rsj'];

export const REPORTS: AuthzTable = {
  'GET /finance/stats/definitions.json': EVERYONE,
  'GET /finance/stats/report/region.json': REPORTERS,
  'GET /finance/stats/report/region/export.json': REPORTERS,
  'GET /finance/stats/report/bank.json': REPORTERS,
  'GET /finance/stats/report/bank/export.json': REPORTERS,
  'GET /finance/stats/report/scorecard.json': REPORTERS,
  'GET /finance/stats/report/scorecard/export.json': REPORTERS,
  'GET /finance/stats/report/drill.json': REPORTERS,
  'GET /finance/stats/report/trend.json': REPORTERS,
};
