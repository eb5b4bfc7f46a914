import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@phjr/contract/envelope';
import {
  ZSaveSmsTemplateRequest,
  ZSendOwnSmsCodeRequest,
  ZSendSmsCodeRequest,
  ZSendSmsCodeResponse,
  ZSmsOutboxPage,
  ZSmsOutboxQuery,
  ZSmsTemplate,
  ZSmsTemplateListResponse,
} from '@phjr/contract/auth/sms';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';

/** SMS codes (SSO pages and own-account pages) and the operator's templates and outbox (Platform → SMS). */
export async function smsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sms } = deps;
  const tags = ['sms'];

  r.post(
    '/ssoserver/sms/sendSmsVerifyCode',
    { config: { auth: 'public' }, schema: { tags, body: ZSendSmsCodeRequest, response: { 200: envelope(ZSendSmsCodeResponse) } } },
    async (req) => {
      await deps.auth.checkCaptcha(req.body.captchaId, req.body.captchaCode);
      return ok(await sms.sendCode(req.body.phone, req.body.purpose, req.ip));
    },
  );

  r.post(
    '/ssoserver/sms/sendSmsVerifyCodeNoCodeValid',
    { config: { auth: 'session' }, schema: { tags, body: ZSendOwnSmsCodeRequest, response: { 200: envelope(ZSendSmsCodeResponse) } } },
    async (req) => ok(await sms.sendOwnCode(sessionOf(req), req.body.purpose, req.ip)),
  );

  r.get(
    '/finance/system/sms/template/list.json',
    { config: { auth: { permission: 'sms:read' } }, schema: { tags, response: { 200: envelope(ZSmsTemplateListResponse) } } },
    async () => ok(await sms.templates()),
  );

  r.post(
    '/finance/system/sms/template/save.json',
    { config: { auth: { permission: 'sms:manage' } }, schema: { tags, body: ZSaveSmsTemplateRequest, response: { 200: envelope(ZSmsTemplate) } } },
    async (req) => ok(await sms.saveTemplate(sessionOf(req), req.body, req.ip)),
  );

  r.get(
    '/finance/system/sms/outbox/page.json',
    { config: { auth: { permission: 'sms:read' } }, schema: { tags, querystring: ZSmsOutboxQuery, response: { 200: envelope(ZSmsOutboxPage) } } },
    async (req) => ok(await sms.outbox(req.query)),
  );
}
