import { z } from 'zod';
import type { AccountType, ClassifiedOrgType } from '../auth/enums.ts';

/**
 * Who gives roles besides the operator (PRODUCT.md section 3), and so what a role's `assignableTo` lists: an
 * enterprise main account to its sub-accounts (ENTERPRISE), and the staff admin of an institution to its staff (the
 * institution's classification). The operator chooses, per role, which of them may give it.
 */
export const ROLE_GRANTORS = ['ENTERPRISE', 'BANK', 'GUARANTEE', 'GOVERNMENT', 'JINRONGJU', 'RENSHEJUE'] as const;
export const ZRoleGrantor = z.enum(ROLE_GRANTORS);
export type RoleGrantor = z.infer<typeof ZRoleGrantor>;

/** The account type of the accounts each grantor creates: a role is given only to accounts of its own type. */
export const GRANTOR_ACCOUNT_TYPE: Record<RoleGrantor, AccountType> = {
  ENTERPRISE: 'ENTERPRISE',
  BANK: 'BANK',
  GUARANTEE: 'GUARANTEE',
  GOVERNMENT: 'GOVERNMENT',
  JINRONGJU: 'GOVERNMENT',
  RENSHEJUE: 'GOVERNMENT',
};

/** The grantor an institution's staff admin is, by the classification of its organisation (none for the platform). */
export function grantorOfOrg(classified: ClassifiedOrgType | null): RoleGrantor | null {
  return classified && classified !== 'PLATFORM' ? classified : null;
}
