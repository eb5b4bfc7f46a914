import type { AuthzTable, Who } from './who.ts';

/** farmer:read and farmer:import: the operator and the government supervisors (政府, 金融局); not 人社局 nor institutions. */
const READERS: Who[] = ['operator', 'gov', 'jrj'];
/** farmer:sensitive: the finance bureau and the operator. */
const SENSITIVE: Who[] = ['operator', 'jrj'];
const EVERYONE_AND_ANONYMOUS: Who[] = [
  'anonymous',
  'operator',
  'gov',
  'jrj',
  'rsj',
  'bank',
  'guarantee',
  'person',
  'enterprise',
];

const P = '/finance/farmer';

/** Farmer credit data (docs/farmers.md). */
export const FARMERS: AuthzTable = {
  [`GET ${P}/portal/villages.json`]: EVERYONE_AND_ANONYMOUS,
  [`GET ${P}/portal/figures.json`]: EVERYONE_AND_ANONYMOUS,
  [`GET ${P}/page.json`]: READERS,
  [`GET ${P}/export.json`]: READERS,
  [`GET ${P}/detail.json`]: READERS,
  [`POST ${P}/sensitive.json`]: SENSITIVE,
  [`GET ${P}/funnel.json`]: READERS,
  [`GET ${P}/import/template.json`]: READERS,
  [`POST ${P}/import.json`]: READERS,
  [`GET ${P}/import/records.json`]: READERS,
  [`GET ${P}/import/failRecord/page.json`]: READERS,
  [`GET ${P}/import/failRecord/download.json`]: READERS,
  [`POST ${P}/import/failRecord/registerAgain.json`]: READERS,
};
