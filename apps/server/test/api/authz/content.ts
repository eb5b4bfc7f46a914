import { EVERYONE, SIGNED_IN, type AuthzTable, type Who } from './who.ts';

/** Writers: article:publish (the operator) or article:write (the government and finance-bureau supervisors). */
const WRITERS: Who[] = ['operator', 'gov', 'jrj'];
/** content:manage: the operator only. */
const MANAGERS: Who[] = ['operator'];

export const CONTENT: AuthzTable = {
  // articles
  'GET /article/api/portal/page.json': EVERYONE,
  'GET /article/api/portal/detail.json': EVERYONE,
  'GET /article/api/chain/pageData': EVERYONE,
  'GET /article/api/chain/detail': EVERYONE,
  'GET /article/api/admin/page.json': WRITERS,
  'GET /article/api/admin/detail.json': WRITERS,
  'POST /article/api/admin/save.json': WRITERS,
  'POST /article/api/admin/publish.json': WRITERS,
  'POST /article/api/admin/offline.json': WRITERS,
  'POST /article/api/admin/pin.json': WRITERS,
  'POST /article/api/admin/remove.json': WRITERS,
  // pictures, agreements, achievements
  'GET /finance/door/picture/list.json': MANAGERS,
  'POST /finance/door/picture/save.json': MANAGERS,
  'POST /finance/door/picture/remove.json': MANAGERS,
  'GET /zscms/agreement/latest.json': EVERYONE,
  'GET /zscms/agreement/versions.json': MANAGERS,
  'POST /zscms/agreement/save.json': MANAGERS,
  'GET /finance/portal/achievement/list.json': EVERYONE,
  'GET /finance/door/achievement/list.json': MANAGERS,
  'POST /finance/door/achievement/save.json': MANAGERS,
  'POST /finance/door/achievement/remove.json': MANAGERS,
  // files: any signed-in user uploads (PUBLIC ones need a content right, checked by the service); the view link is
  // public and answers by the file's visibility.
  'POST /zscms/files/upload.json': SIGNED_IN,
  'GET /zscms/files/view.json': EVERYONE,
  // statistics
  'GET /finance/portal/statistics/portal/getHomepageTotalOverviewData.json': EVERYONE,
  // the achievement display (public aggregates, persons' names masked)
  'GET /finance/stats/display/overview.json': EVERYONE,
  'GET /finance/stats/display/districts.json': EVERYONE,
  'GET /finance/stats/display/organizations.json': EVERYONE,
  'GET /finance/stats/display/secured.json': EVERYONE,
};
