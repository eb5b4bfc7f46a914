/**
 * What other modules use to list demands as the demand lists do (the reports' drill-down, modules/stats): the list
 * row's columns as SQL over `demands d` (names by primary key), the row they read, and its mapping to ZDemandSummary
 * with the viewer's actions. One definition, so a drill-down row is the supervise list's row.
 */
export { SUMMARY as DEMAND_SUMMARY_SQL, type SummaryRow as DemandSummaryRow } from './demands.repo.ts';
export { toSummary } from './demands.service.ts';
export { viewerFrom } from './demand-access.ts';
