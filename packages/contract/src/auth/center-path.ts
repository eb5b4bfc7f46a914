import type { AccountType, ClassifiedOrgType, OrgType } from './enums.ts';

/** SPEC section 2, "Home base path after login, by role". */
export function centerPathFor(u: {
  accountType: AccountType;
  orgType: OrgType | null;
  classifiedOrgType: ClassifiedOrgType | null;
}): string {
  if (u.orgType === 'ROOT' || u.classifiedOrgType === 'PLATFORM') return '/operateClient';
  switch (u.classifiedOrgType) {
    case 'GOVERNMENT':
    case 'RENSHEJUE':
    case 'JINRONGJU':
      return '/supervisionClient';
    case 'GUARANTEE':
      return '/guaranteePlatform';
    case 'BANK':
      return '/financialInstitution';
    default:
      return '/userClient';
  }
}

/** Persons and enterprises sign in on the personal page; everybody else on the institutional welcome page. */
export function isPortalAccount(accountType: AccountType): boolean {
  return accountType === 'PERSON' || accountType === 'ENTERPRISE';
}

/**
 * Issue 30: the web page a session whose password an administrator reset is taken to before anything else (the server
 * answers PASSWORD_CHANGE_REQUIRED to its other calls until the password is changed).
 */
export const PASSWORD_CHANGE_PATH = '/account/password';
