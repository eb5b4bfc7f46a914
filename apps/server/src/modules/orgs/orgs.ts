/**
 * What other modules use of the orgs module: regions, an organisation's subtree (data scoping), and the roles of
 * accounts (registration assigns them). The orgs repositories stay private to this module: a lint rule forbids
 * importing another module's *.repo.ts, so every such use goes through this file and is visible in one place.
 */
export { listRegions } from './orgs.repo.ts';
export { replaceUserRoles, rolesOfUsers, subtreeIds } from './orgs-admin.repo.ts';
