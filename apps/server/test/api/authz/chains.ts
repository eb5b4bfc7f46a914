import { EVERYONE, SIGNED_IN, type AuthzTable, type Who } from './who.ts';

/** chain:manage, chain:work or chain:read: the operator, the bank and the government supervisors with chain rights (not 人社局). */
const ANY_CHAIN: Who[] = ['operator', 'gov', 'jrj', 'bank'];
/** chain:manage: the operator. */
const MANAGE: Who[] = ['operator'];

/** The chains, the portal's chain reads and the membership checks (docs/chains.md); the member records: chain-records.ts. */
export const CHAINS: AuthzTable = {
  'GET /finance/industrialChain/portal/getAllIndustrialChainList.json': EVERYONE,
  'GET /finance/industrialChain/portal/getIndustrialChainDetailById.json': EVERYONE,
  'GET /finance/industrialChain/portal/getIndustrialChainCategoryData.json': EVERYONE,
  'GET /finance/industrialChain/statistics/portal/getTotalIndustrialChainStatisticsData.json': EVERYONE,
  'GET /finance/industrialChain/statistics/portal/getIndustrialChainStatisticsDataById.json': EVERYONE,
  'GET /finance/industrialChain/organization/detectCurrentUserExistsIndustrialChain.json': SIGNED_IN,
  'GET /finance/user/portal/detectUserCanOperateIndustrialChain': SIGNED_IN,
  'GET /api/cyd/user/openapi/detectBackendUserCanOperate': SIGNED_IN,
  'GET /finance/industrialChain/getCurrentUserIndustrialChains.json': ANY_CHAIN,
  'GET /finance/industrialChain/getIndustrialChainByCurrentUserManagerId.json': ANY_CHAIN,
  'GET /finance/industrialChain/getIndustrialChainsByOrgIds.json': ANY_CHAIN,
  'GET /finance/industrialChain/organization/getIndustrialChainSelectList.json': ANY_CHAIN,
  'GET /finance/industrialChain/organization/getAllIndustrialChainOrganization.json': ANY_CHAIN,
  'GET /finance/industrialChain/organization/getCurrentGovernmentChainManagerOrgList.json': ANY_CHAIN,
  'GET /finance/industrialChain/getIndustrialChainManagerSelectList.json': MANAGE,
  'GET /zscms/user/findByUserIdAndType.json': MANAGE,
  'GET /finance/industrialChain/admin/page.json': ANY_CHAIN,
  'GET /finance/industrialChain/admin/detail.json': ANY_CHAIN,
  'POST /finance/industrialChain/admin/save.json': MANAGE,
  'POST /finance/industrialChain/admin/status.json': MANAGE,
  'POST /finance/industrialChain/admin/organizations/save.json': MANAGE,
  'POST /finance/industrialChain/admin/managers/save.json': MANAGE,
};
