import { z } from 'zod';
import { defineOperation } from '../operation.ts';

/**
 * The contact the application forms (the shelter's, the demands') prefill from the signed-in account (issue 30): a
 * name and the account's own phone in full (the session's userInfo masks it, so it cannot be offered). Both stay
 * editable; the forms send whatever the user leaves there. An enterprise main account's contact is its legal
 * representative when the account names one, else the account name; any other account's is its own name.
 */
export const ZOwnContact = z.object({ contactName: z.string(), contactPhone: z.string().nullable() });
export type OwnContact = z.infer<typeof ZOwnContact>;

/** The rule above, on the account's own columns. */
export function ownContactOf(u: {
  name: string;
  phone: string | null;
  accountType: string;
  parentUserId: number | null;
  legalRep: string | null;
}): OwnContact {
  const main = u.accountType === 'ENTERPRISE' && u.parentUserId === null;
  return { contactName: (main && u.legalRep?.trim()) || u.name, contactPhone: u.phone };
}

export const ownContactOps = {
  /** GET /ssoserver/user/contact.json: the signed-in account's contact, for the forms' prefill (its own phone, unmasked). */
  own: defineOperation({ method: 'GET', path: '/ssoserver/user/contact.json', auth: 'session', response: ZOwnContact }),
};
