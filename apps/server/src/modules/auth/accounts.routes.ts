import type { FastifyInstance } from 'fastify';
import { accountOps } from '@phjr/contract/auth/account';
import type { AppDeps } from '../../deps.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';

/** Routes of registration, certification and the own-account pages (phone login lives with the SSO routes). */
export async function accountsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { accounts } = deps;
  const tags = ['accounts'];

  routeOperation(app, accountOps.register, async (req) => accounts.register(req.body, req.ip), { tags });
  routeOperation(app, accountOps.exists, async (req) => accounts.accountExists(req.query.username, req.ip), { tags });
  routeOperation(app, accountOps.entList, async (req) => accounts.entList(req.query.keyword), { tags });
  routeOperation(app, accountOps.entDetail, async (req) => accounts.entDetail(req.query.creditCode), { tags });
  routeOperation(app, accountOps.certification, async (req) => accounts.certification(sessionOf(req)), { tags });
  routeOperation(app, accountOps.certify, async (req) => accounts.certify(sessionOf(req), req.body, req.ip), { tags });
  routeOperation(app, accountOps.info, async (req) => accounts.accountInfo(sessionOf(req)), { tags });
  routeOperation(app, accountOps.updateInfo, async (req) => accounts.updateInfo(sessionOf(req), req.body, req.ip), {
    tags,
  });
  routeOperation(
    app,
    accountOps.updatePassword,
    async (req) => accounts.updatePassword(sessionOf(req), req.body, req.ip),
    { tags },
  );
  routeOperation(app, accountOps.forgotPassword, async (req) => accounts.forgotPassword(req.body, req.ip), { tags });
  routeOperation(app, accountOps.updatePhone, async (req) => accounts.updatePhone(sessionOf(req), req.body, req.ip), {
    tags,
  });
  routeOperation(app, accountOps.bindPhone, async (req) => accounts.bindPhone(sessionOf(req), req.body, req.ip), {
    tags,
  });
  routeOperation(app, accountOps.relatedSubjects, async (req) => accounts.relatedSubjects(sessionOf(req)), { tags });
  routeOperation(
    app,
    accountOps.relateSubject,
    async (req) => accounts.relateSubject(sessionOf(req), req.body, req.ip),
    { tags },
  );
  routeOperation(
    app,
    accountOps.unrelateSubject,
    async (req) => accounts.unrelateSubject(sessionOf(req), req.body.enterpriseUserId, req.ip),
    { tags },
  );
  routeOperation(app, accountOps.childUsers, async (req) => accounts.childUsers(sessionOf(req)), { tags });
  routeOperation(
    app,
    accountOps.saveChildUser,
    async (req) => accounts.saveChildUser(sessionOf(req), req.body, req.ip),
    { tags },
  );
}
