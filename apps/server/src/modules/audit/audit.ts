import type { DbOrTx } from '../../db/client.ts';
import { insertAudit, type AuditRow } from './audit.repo.ts';

/**
 * What other modules use of the audit module: recording an audited action, in the caller's transaction when it
 * passes one (so the entry commits or rolls back with the change it records). The audit repository stays private
 * to this module (a lint rule forbids importing another module's *.repo.ts).
 */
export async function writeAudit(db: DbOrTx, row: AuditRow) {
  await insertAudit(db, row);
}
