/**
 * What other modules use of the products module: the per-product application and grant counters, kept exact by the
 * demand transactions that apply for and grant a loan. The products repository stays private to this module (see
 * the lint rule against importing another module's *.repo.ts).
 */
export { incrementApplications, incrementGrants } from './products.repo.ts';
