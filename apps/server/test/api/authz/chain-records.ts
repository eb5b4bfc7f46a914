import type { AuthzTable, Who } from './who.ts';

/** chain:manage, chain:work or chain:read: the operator, the bank and the government supervisors with chain rights (not 人社局). */
const ANY_CHAIN: Who[] = ['operator', 'gov', 'jrj', 'bank'];
/** chain:manage or chain:work: the operator and the bank (the member form, the import). */
const IMPORTERS: Who[] = ['operator', 'bank'];
/** chain:work: banks (and the operator, who holds every permission; its scope then refuses the write itself). */
const WORK: Who[] = ['operator', 'bank'];
const MANAGE: Who[] = ['operator'];

const P = '/finance/industrialChain/enterprise';

/** The chains' records (docs/chains.md): members, claims, the import and its failed rows, visits and loans. */
export const CHAIN_RECORDS: AuthzTable = {
  [`GET ${P}/page.json`]: ANY_CHAIN,
  [`GET ${P}/export.json`]: ANY_CHAIN,
  [`GET ${P}/detail.json`]: ANY_CHAIN,
  [`POST ${P}/save.json`]: IMPORTERS,
  [`POST ${P}/remove.json`]: MANAGE,
  [`POST ${P}/claim.json`]: WORK,
  [`POST ${P}/release.json`]: WORK,
  'GET /finance/enterprise/getEnterpriseName': IMPORTERS,
  [`GET ${P}/import/template.json`]: IMPORTERS,
  [`POST ${P}/import.json`]: IMPORTERS,
  [`GET ${P}/importRecord/getAllImportRecords.json`]: ANY_CHAIN,
  [`GET ${P}/import/failRecord/page.json`]: ANY_CHAIN,
  [`GET ${P}/import/failRecord/download.json`]: ANY_CHAIN,
  [`GET ${P}/import/failRecord/export.json`]: ANY_CHAIN,
  [`POST ${P}/import/failRecord/registerEnterpriseAgain.json`]: IMPORTERS,
  [`GET ${P}/interview/page.json`]: ANY_CHAIN,
  [`GET ${P}/interview/export.json`]: ANY_CHAIN,
  [`GET ${P}/interview/detail.json`]: ANY_CHAIN,
  [`GET ${P}/interview/photo.json`]: ANY_CHAIN,
  [`POST ${P}/interview/save.json`]: WORK,
  [`GET ${P}/loanRecord/page.json`]: ANY_CHAIN,
  [`GET ${P}/loanRecord/export.json`]: ANY_CHAIN,
  [`GET ${P}/loanRecord/getRegisterRecordDataById.json`]: ANY_CHAIN,
  [`POST ${P}/loanRecord/save.json`]: WORK,
};
