import type { FastifyInstance } from 'fastify';
import { ownContactOf, ownContactOps, type OwnContact } from '@phjr/contract/auth/own-contact';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { SessionContext } from './auth.service.ts';
import { findAccount } from './accounts.repo.ts';

/** The signed-in account's contact for the forms' prefill (packages/contract/src/auth/own-contact.ts): only its own. */
export async function ownContact(db: Db, session: SessionContext): Promise<OwnContact> {
  const u = await findAccount(db, session.userId);
  if (!u) throw new AppError('SESSION_INVALID');
  return ownContactOf(u);
}

export async function ownContactRoutes(app: FastifyInstance, deps: AppDeps) {
  routeOperation(app, ownContactOps.own, async (req) => ownContact(deps.db, sessionOf(req)), { tags: ['account'] });
}
