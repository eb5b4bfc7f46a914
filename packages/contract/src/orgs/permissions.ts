/**
 * Typed API permissions, checked on the server in one place (plugins/auth). A role grants resources (route paths)
 * and permissions; every route declares the permission it needs. Later domains add their permissions here.
 */
export const PERMISSIONS = [
  // accounts and administration
  'user:read',
  'user:manage',
  'org:read',
  'org:manage',
  'role:manage',
  'config:read',
  'config:manage',
  'audit:read',
  'sms:read',
  'sms:manage',
  // own account and organisation
  'org-staff:manage',
  'enterprise-sub:manage',
  // content
  'article:write',
  'article:publish',
  'content:manage',
  // products: providers (banks, guarantee companies) manage their own; the operator reviews
  'product:manage',
  'product:review',
  // financing demands: applicants post, banks handle, guarantee companies guarantee, supervisors oversee, the
  // operator sees every demand and records offline loans (makeup); demand:view reads the own (enterprise's) demands
  // without posting or withdrawing (a view-only sub-account)
  'demand:apply',
  'demand:view',
  'demand:handle',
  'demand:guarantee',
  'demand:supervise',
  'demand:manage',
  // supervision
  'supervise:read',
  // statistics and supervision reports (docs/statistics.md, "Report figures"): the operator and supervisors, a district
  // supervisor held to its district
  'report:read',
  // industry chains: read the chains one takes part in or manages; work in them as a bank (claim, visit, lend,
  // import where lead bank); manage every chain (the operator)
  'chain:read',
  'chain:work',
  'chain:manage',
  // farmer data (PRODUCT.md section 10, docs/farmers.md): read masked lists and figures of one's district; import
  // and correct records; open one record unmasked (audited, with a reason)
  'farmer:read',
  'farmer:import',
  'farmer:sensitive',
  // financial shelter (docs/shelter.md): an enterprise applies and follows its case; supervisors review, admit, urge
  // and close; an assigned bank records the help it gives
  'shelter:apply',
  'shelter:supervise',
  'shelter:help',
  // credit (docs/credit.md): a subject gives and revokes consents and reads who queried it; an institution queries
  // with consent; supervisors and the operator read the query log and its figures
  'credit:consent',
  'credit:query',
  'credit:audit',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(s: string): s is Permission {
  return (PERMISSIONS as readonly string[]).includes(s);
}
