import { z } from 'zod';
import { defineOperation, type OperationAuth } from '../operation.ts';
import { ZIdText } from '../bounds.ts';
import {
  ZChainCard,
  ZChainCategoryData,
  ZChainDetail,
  ZChainEnterprise,
  ZChainEnterpriseIdRequest,
  ZChainEnterprisePage,
  ZChainEnterpriseFilter,
  ZChainEnterprisePageQuery,
  ZChainEnterpriseSaveRequest,
  ZChainFailRecord,
  ZChainFailRecordPage,
  ZChainFailRecordFilter,
  ZChainFailRecordPageQuery,
  ZChainFigures,
  ZChainFiguresById,
  ZChainIdQuery,
  ZChainImportQuery,
  ZChainImportRecordPage,
  ZChainImportRecordPageQuery,
  ZChainImportResult,
  ZChainLoan,
  ZChainLoanPage,
  ZChainLoanFilter,
  ZChainLoanPageQuery,
  ZChainLoanSaveRequest,
  ZChainManagersSaveRequest,
  ZChainMembership,
  ZChainOptions,
  ZChainOrgOption,
  ZChainOrgsSaveRequest,
  ZChainPage,
  ZChainPageQuery,
  ZChainSaveRequest,
  ZChainStatusRequest,
  ZChainVisit,
  ZChainVisitPage,
  ZChainVisitFilter,
  ZChainVisitPageQuery,
  ZChainVisitSaveRequest,
  ZEnterpriseNameQuery,
  ZEnterpriseNameResponse,
  ZFindUserQuery,
  ZIdQuery,
  ZImportRecordIdQuery,
  ZManagerOption,
  ZOrgIdQuery,
  ZOrgIdsQuery,
  ZPortalChain,
  ZRecordIdQuery,
  ZRegisterAgainRequest,
} from './chain.ts';

/**
 * Who calls what (docs/chains.md). Every read is scoped by the server: the operator (chain:manage) sees every chain;
 * a bank with chain access (chain:work) the chains its organisation takes part in; a government chain manager
 * (chain:read) the chains he manages, and his department's; the public only the portal's reads.
 */
const manage: OperationAuth = { permission: 'chain:manage' };
const work: OperationAuth = { permission: 'chain:work' };
const anyChain: OperationAuth = { anyPermission: ['chain:manage', 'chain:work', 'chain:read'] };
const importers: OperationAuth = { anyPermission: ['chain:manage', 'chain:work'] };

const P = '/finance/industrialChain';

/** The industrial-chain calls: the spec's (SPEC section 7) and the writes it leaves unnamed (docs/chains.md). */
export const chainOps = {
  // The portal (public)
  portalList: defineOperation({
    method: 'GET',
    path: `${P}/portal/getAllIndustrialChainList.json`,
    auth: 'public',
    response: z.array(ZChainCard),
  }),
  portalDetail: defineOperation({
    method: 'GET',
    path: `${P}/portal/getIndustrialChainDetailById.json`,
    auth: 'public',
    query: ZChainIdQuery,
    response: ZPortalChain,
  }),
  categoryData: defineOperation({
    method: 'GET',
    path: `${P}/portal/getIndustrialChainCategoryData.json`,
    auth: 'public',
    response: ZChainCategoryData,
  }),
  totalFigures: defineOperation({
    method: 'GET',
    path: `${P}/statistics/portal/getTotalIndustrialChainStatisticsData.json`,
    auth: 'public',
    response: ZChainFigures.extend({ chains: z.number().int() }),
  }),
  figuresById: defineOperation({
    method: 'GET',
    path: `${P}/statistics/portal/getIndustrialChainStatisticsDataById.json`,
    auth: 'public',
    query: ZChainIdQuery,
    response: ZChainFiguresById,
  }),

  // Membership checks and pickers
  existsForCurrentUser: defineOperation({
    method: 'GET',
    path: `${P}/organization/detectCurrentUserExistsIndustrialChain.json`,
    auth: 'session',
    response: z.boolean(),
  }),
  portalUserCanOperate: defineOperation({
    method: 'GET',
    path: '/finance/user/portal/detectUserCanOperateIndustrialChain',
    auth: 'session',
    response: ZChainMembership,
  }),
  backendUserCanOperate: defineOperation({
    method: 'GET',
    path: '/api/cyd/user/openapi/detectBackendUserCanOperate',
    auth: 'session',
    response: ZChainMembership,
  }),
  currentUserChains: defineOperation({
    method: 'GET',
    path: `${P}/getCurrentUserIndustrialChains.json`,
    auth: anyChain,
    response: ZChainOptions,
  }),
  managedByCurrentUser: defineOperation({
    method: 'GET',
    path: `${P}/getIndustrialChainByCurrentUserManagerId.json`,
    auth: anyChain,
    response: ZChainOptions,
  }),
  chainsByOrgIds: defineOperation({
    method: 'GET',
    path: `${P}/getIndustrialChainsByOrgIds.json`,
    auth: anyChain,
    query: ZOrgIdsQuery,
    response: ZChainOptions,
  }),
  selectListByOrg: defineOperation({
    method: 'GET',
    path: `${P}/organization/getIndustrialChainSelectList.json`,
    auth: anyChain,
    query: ZOrgIdQuery,
    response: ZChainOptions,
  }),
  allChainOrgs: defineOperation({
    method: 'GET',
    path: `${P}/organization/getAllIndustrialChainOrganization.json`,
    auth: anyChain,
    response: z.array(ZChainOrgOption),
  }),
  govManagerOrgs: defineOperation({
    method: 'GET',
    path: `${P}/organization/getCurrentGovernmentChainManagerOrgList.json`,
    auth: anyChain,
    response: z.array(ZChainOrgOption),
  }),
  managerSelectList: defineOperation({
    method: 'GET',
    path: `${P}/getIndustrialChainManagerSelectList.json`,
    auth: manage,
    query: ZOrgIdQuery,
    response: z.array(ZManagerOption),
  }),
  findUser: defineOperation({
    method: 'GET',
    path: '/zscms/user/findByUserIdAndType.json',
    auth: manage,
    query: ZFindUserQuery,
    response: ZManagerOption.nullable(),
  }),
  enterpriseName: defineOperation({
    method: 'GET',
    path: '/finance/enterprise/getEnterpriseName',
    auth: importers,
    query: ZEnterpriseNameQuery,
    response: ZEnterpriseNameResponse,
  }),

  // Chains (the operator writes; every chain client reads its own)
  page: defineOperation({
    method: 'GET',
    path: `${P}/admin/page.json`,
    auth: anyChain,
    query: ZChainPageQuery,
    response: ZChainPage,
  }),
  detail: defineOperation({
    method: 'GET',
    path: `${P}/admin/detail.json`,
    auth: anyChain,
    query: ZIdQuery,
    response: ZChainDetail,
  }),
  save: defineOperation({
    method: 'POST',
    path: `${P}/admin/save.json`,
    auth: manage,
    body: ZChainSaveRequest,
    response: ZChainDetail,
  }),
  setStatus: defineOperation({
    method: 'POST',
    path: `${P}/admin/status.json`,
    auth: manage,
    body: ZChainStatusRequest,
    response: ZChainDetail,
  }),
  saveOrgs: defineOperation({
    method: 'POST',
    path: `${P}/admin/organizations/save.json`,
    auth: manage,
    body: ZChainOrgsSaveRequest,
    response: ZChainDetail,
  }),
  saveManagers: defineOperation({
    method: 'POST',
    path: `${P}/admin/managers/save.json`,
    auth: manage,
    body: ZChainManagersSaveRequest,
    response: ZChainDetail,
  }),

  // Member enterprises
  enterprisePage: defineOperation({
    method: 'GET',
    path: `${P}/enterprise/page.json`,
    auth: anyChain,
    query: ZChainEnterprisePageQuery,
    response: ZChainEnterprisePage,
  }),
  /** The member list's Excel twin (issue 30): its filters and sort, its rows masked as the list shows them, audited `export`. */
  enterpriseExport: defineOperation({
    method: 'GET',
    path: `${P}/enterprise/export.json`,
    auth: anyChain,
    query: ZChainEnterpriseFilter,
    response: z.null(),
    answers: 'file',
  }),
  enterpriseDetail: defineOperation({
    method: 'GET',
    path: `${P}/enterprise/detail.json`,
    auth: anyChain,
    query: ZIdQuery,
    response: ZChainEnterprise,
  }),
  enterpriseSave: defineOperation({
    method: 'POST',
    path: `${P}/enterprise/save.json`,
    auth: importers,
    body: ZChainEnterpriseSaveRequest,
    response: ZChainEnterprise,
  }),
  enterpriseRemove: defineOperation({
    method: 'POST',
    path: `${P}/enterprise/remove.json`,
    auth: manage,
    body: ZChainEnterpriseIdRequest,
    response: z.null(),
  }),
  enterpriseClaim: defineOperation({
    method: 'POST',
    path: `${P}/enterprise/claim.json`,
    auth: work,
    body: ZChainEnterpriseIdRequest,
    response: ZChainEnterprise,
  }),
  enterpriseRelease: defineOperation({
    method: 'POST',
    path: `${P}/enterprise/release.json`,
    auth: work,
    body: ZChainEnterpriseIdRequest,
    response: ZChainEnterprise,
  }),

  // The member import, its records and failed rows
  importTemplate: defineOperation({
    method: 'GET',
    path: `${P}/enterprise/import/template.json`,
    auth: importers,
    response: z.null(),
    answers: 'file',
  }),
  importEnterprises: defineOperation({
    method: 'POST',
    path: `${P}/enterprise/import.json`,
    auth: importers,
    encoding: 'multipart',
    query: ZChainImportQuery,
    response: ZChainImportResult,
  }),
  importRecords: defineOperation({
    method: 'GET',
    path: `${P}/enterprise/importRecord/getAllImportRecords.json`,
    auth: anyChain,
    query: ZChainImportRecordPageQuery,
    response: ZChainImportRecordPage,
  }),
  failRecords: defineOperation({
    method: 'GET',
    path: `${P}/enterprise/import/failRecord/page.json`,
    auth: anyChain,
    query: ZChainFailRecordPageQuery,
    response: ZChainFailRecordPage,
  }),
  /** The failed rows' list as Excel (every import of the filter, masked as the list), audited `export`. */
  failRecordsExport: defineOperation({
    method: 'GET',
    path: `${P}/enterprise/import/failRecord/export.json`,
    auth: anyChain,
    query: ZChainFailRecordFilter,
    response: z.null(),
    answers: 'file',
  }),
  failRecordsFile: defineOperation({
    method: 'GET',
    path: `${P}/enterprise/import/failRecord/download.json`,
    auth: anyChain,
    query: ZImportRecordIdQuery,
    response: z.null(),
    answers: 'file',
  }),
  registerAgain: defineOperation({
    method: 'POST',
    path: `${P}/enterprise/import/failRecord/registerEnterpriseAgain.json`,
    auth: importers,
    body: ZRegisterAgainRequest,
    response: ZChainFailRecord,
  }),

  // Visits (interview records) and loans
  visitPage: defineOperation({
    method: 'GET',
    path: `${P}/enterprise/interview/page.json`,
    auth: anyChain,
    query: ZChainVisitPageQuery,
    response: ZChainVisitPage,
  }),
  /** The visit list's Excel twin: its filters and sort, audited `export`. */
  visitExport: defineOperation({
    method: 'GET',
    path: `${P}/enterprise/interview/export.json`,
    auth: anyChain,
    query: ZChainVisitFilter,
    response: z.null(),
    answers: 'file',
  }),
  visitDetail: defineOperation({
    method: 'GET',
    path: `${P}/enterprise/interview/detail.json`,
    auth: anyChain,
    query: ZIdQuery,
    response: ZChainVisit,
  }),
  /** One photo of a visit, to anyone who may read the visit (the file is PRIVATE to its uploader): the `url` of ZChainVisit's photos. */
  visitPhoto: defineOperation({
    method: 'GET',
    path: `${P}/enterprise/interview/photo.json`,
    auth: anyChain,
    query: z.object({ id: ZIdText, fileId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }),
    response: z.null(),
    answers: 'file',
    signedLink: true,
  }),
  visitSave: defineOperation({
    method: 'POST',
    path: `${P}/enterprise/interview/save.json`,
    auth: work,
    body: ZChainVisitSaveRequest,
    response: ZChainVisit,
  }),
  loanPage: defineOperation({
    method: 'GET',
    path: `${P}/enterprise/loanRecord/page.json`,
    auth: anyChain,
    query: ZChainLoanPageQuery,
    response: ZChainLoanPage,
  }),
  /** The loan list's Excel twin: its filters and sort, audited `export`. */
  loanExport: defineOperation({
    method: 'GET',
    path: `${P}/enterprise/loanRecord/export.json`,
    auth: anyChain,
    query: ZChainLoanFilter,
    response: z.null(),
    answers: 'file',
  }),
  loanDetail: defineOperation({
    method: 'GET',
    path: `${P}/enterprise/loanRecord/getRegisterRecordDataById.json`,
    auth: anyChain,
    query: ZRecordIdQuery,
    response: ZChainLoan,
  }),
  loanSave: defineOperation({
    method: 'POST',
    path: `${P}/enterprise/loanRecord/save.json`,
    auth: work,
    body: ZChainLoanSaveRequest,
    response: ZChainLoan,
  }),
};
