import { auditOps } from './audit/audit-page.ts';
import { chainOps } from './chains/chain-ops.ts';
import { creditOps } from './credit/credit-ops.ts';
import { demandOps } from './demands/calls.ts';
import { farmerOps } from './farmers/farmer-ops.ts';
import { orgsOps } from './orgs/orgs-ops.ts';
import { shelterOps } from './shelter/shelter-ops.ts';
import type { OperationDef } from './operation.ts';

/**
 * Every list a user works through has its Excel twin (issue 30; docs/lists.md): the page operation, the export
 * operation that takes the same filters and sort (a GET answering a file), or the reason it has none. A test
 * (apps/server/test/unit/list-exports.test.ts) walks every page operation of the contract: each must be in one of
 * the two tables, and each pair's export must accept every filter and the sort of its page.
 */

type Op = Pick<OperationDef, 'method' | 'path' | 'query' | 'answers'>;

export const LIST_EXPORTS: readonly { list: Op; export: Op }[] = [
  { list: auditOps.page, export: auditOps.export },
  { list: chainOps.enterprisePage, export: chainOps.enterpriseExport },
  { list: chainOps.visitPage, export: chainOps.visitExport },
  { list: chainOps.loanPage, export: chainOps.loanExport },
  { list: chainOps.failRecords, export: chainOps.failRecordsExport },
  { list: creditOps.logPage, export: creditOps.logExport },
  { list: creditOps.institutionQueries, export: creditOps.institutionExport },
  { list: demandOps.myPage, export: demandOps.myExport },
  { list: demandOps.bankPage, export: demandOps.bankExport },
  { list: demandOps.guaranteePage, export: demandOps.guaranteeExport },
  { list: demandOps.supervisePage, export: demandOps.superviseExport },
  { list: demandOps.operatePage, export: demandOps.operateExport },
  { list: farmerOps.page, export: farmerOps.exportFile },
  { list: orgsOps.userPage, export: orgsOps.userExport },
  { list: orgsOps.platformUserPage, export: orgsOps.platformUserExport },
  { list: orgsOps.staffPage, export: orgsOps.staffExport },
  { list: shelterOps.supervisePage, export: shelterOps.superviseExport },
  { list: shelterOps.bankPage, export: shelterOps.bankExport },
];

/** Page operations without an export, by path, each with its reason (the next list cannot miss one silently). */
export const LIST_EXPORT_EXEMPT: Readonly<Record<string, string>> = {
  // Public pages: a reader, not a user working through a list.
  '/article/api/portal/page.json': 'public portal list (articles a reader browses)',
  '/article/api/chain/pageData': 'public portal list (chain articles)',
  '/finance/credit/portal/search.json': 'public credit search (a few public records)',
  '/finance/portal/product/page.json': 'public product supermarket',
  // One's own small lists, shown whole on one page.
  '/finance/message/page.json': "the reader's own in-site messages",
  '/finance/credit/mine/consents.json': "a subject's own consents (a handful)",
  '/finance/credit/mine/queries.json': "a subject's own query log (who looked at it; read on screen)",
  '/finance/credit/institution/consents.json':
    "an institution's consents held (each opens a query; a handful per subject)",
  '/finance/shelter/my/page.json': "an enterprise's own applications (a handful)",
  // Records of imports: each row downloads its own failed rows (failRecord/download.json and the like).
  '/finance/industrialChain/enterprise/importRecord/getAllImportRecords.json':
    'import records: each downloads its failed rows',
  '/finance/demand/makeup/import/records.json': 'import records: each downloads its failed rows',
  '/finance/farmer/import/records.json': 'import records: each downloads its failed rows',
  '/finance/farmer/import/failRecord/page.json':
    "failed rows of one farmer import: import/failRecord/download.json is that list's file",
  '/finance/user/import/records.json': 'import records: each downloads its failed rows',
  // Configuration lists, edited in place rather than worked through.
  '/finance/system/sms/outbox/page.json': 'the SMS outbox, a delivery check of the last messages',
  '/finance/industrialChain/admin/page.json': 'the chains themselves (a few dozen, configured one by one)',
  '/article/api/admin/page.json': 'articles, edited one by one',
  '/finance/product/manage/page.json': 'products, edited and reviewed one by one',
  '/finance/org/page.json': 'organisations, configured one by one',
  // The reports: their own exports (report/region|bank|scorecard/export.json) write the figures the drill-down adds up.
  '/finance/stats/report/drill.json': 'the report drill-down: the reports export the figures (report/*/export.json)',
};
