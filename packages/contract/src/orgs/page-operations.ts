import type { OperationAuth, OperationDef } from '../operation.ts';
import type { Permission } from './permissions.ts';
import { farmerOps } from '../farmers/farmer-ops.ts';
import { shelterOps } from '../shelter/shelter-ops.ts';

/**
 * The pages that are nothing but one operation's answer (issue 30: the human-resources bureau saw a 农户数据 menu item
 * that only said it may not see farmer data, a person a 金融方舱 item only enterprises may use). A role may list such a
 * page among its resources, but the session's resourceList keeps it only when the session may call the page's
 * operation: the menu and the route guard then show exactly what the server would answer, from the operation's own
 * `auth` (no second list of rules).
 */
export const PAGE_OPERATIONS: Readonly<Record<string, OperationDef>> = {
  '/operateClient/farmer-data': farmerOps.page,
  '/supervisionClient/farmer-data': farmerOps.page,
  '/userClient/shelter': shelterOps.myPage,
  '/financialInstitution/shelter': shelterOps.bankPage,
  '/supervisionClient/shelter/unShelter': shelterOps.supervisePage,
  '/supervisionClient/shelter/inShelter': shelterOps.supervisePage,
  '/supervisionClient/shelter/allShelter': shelterOps.supervisePage,
};

/** Whether permissions satisfy an operation's auth (a signed-in session is assumed). */
export function permitted(auth: OperationAuth, has: (p: Permission) => boolean): boolean {
  if (auth === 'public' || auth === 'session') return true;
  if ('permission' in auth) return has(auth.permission);
  return auth.anyPermission.some(has);
}

/** Whether a session holding these permissions may use the page (true for a page that is not one operation's). */
export function mayUsePage(path: string, has: (p: Permission) => boolean): boolean {
  const op = PAGE_OPERATIONS[path];
  return !op || permitted(op.auth, has);
}
