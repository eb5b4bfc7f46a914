import type { FastifyInstance } from 'fastify';
import { smsOps } from '@phjr/contract/auth/sms';
import type { AppDeps } from '../../deps.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';

/** SMS codes (SSO pages and own-account pages) and the operator's templates and outbox (Platform → SMS). */
export async function smsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { sms } = deps;
  const tags = ['sms'];

  routeOperation(
    app,
    smsOps.sendCode,
    async (req) => {
      await deps.auth.checkCaptcha(req.body.captchaId, req.body.captchaCode);
      return sms.sendCode(req.body.phone, req.body.purpose, req.ip);
    },
    { tags },
  );

  routeOperation(app, smsOps.sendOwnCode, async (req) => sms.sendOwnCode(sessionOf(req), req.body.purpose, req.ip), {
    tags,
  });
  routeOperation(app, smsOps.templates, async () => sms.templates(), { tags });
  routeOperation(app, smsOps.saveTemplate, async (req) => sms.saveTemplate(sessionOf(req), req.body, req.ip), { tags });
  routeOperation(app, smsOps.outbox, async (req) => sms.outbox(req.query), { tags });
}
