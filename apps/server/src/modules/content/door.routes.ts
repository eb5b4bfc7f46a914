import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@phjr/contract/envelope';
import { ZAchievementIdRequest, ZAchievementIdResponse, ZAchievementListResponse, ZSaveAchievementRequest } from '@phjr/contract/content/achievement';
import { ZAgreement, ZAgreementKindQuery, ZAgreementVersionsResponse, ZSaveAgreementRequest } from '@phjr/contract/content/agreement';
import { ZPictureIdRequest, ZPictureIdResponse, ZPictureListQuery, ZPictureListResponse, ZSavePictureRequest } from '@phjr/contract/content/pictures';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { Actor } from './articles.service.ts';

const actor = (req: FastifyRequest): Actor => ({ session: sessionOf(req), ip: req.ip });

/** Pictures, agreements and achievements (/operateClient/door), and their public reading calls. */
export async function doorRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = deps.door;
  const tags = ['content'];
  const pub = { auth: 'public' as const };
  const manage = { auth: { permission: 'content:manage' as const } };

  // ---- pictures
  r.get('/finance/door/picture/list.json', { config: manage, schema: { tags, querystring: ZPictureListQuery, response: { 200: envelope(ZPictureListResponse) } } }, async (req) =>
    ok(await svc.pictures(req.query.place)),
  );
  r.post('/finance/door/picture/save.json', { config: manage, schema: { tags, body: ZSavePictureRequest, response: { 200: envelope(ZPictureIdResponse) } } }, async (req) =>
    ok(await svc.savePicture(actor(req), req.body)),
  );
  r.post('/finance/door/picture/remove.json', { config: manage, schema: { tags, body: ZPictureIdRequest, response: { 200: envelope(ZPictureIdResponse) } } }, async (req) =>
    ok(await svc.removePicture(actor(req), req.body.id)),
  );

  // ---- agreements
  r.get('/zscms/agreement/latest.json', { config: pub, schema: { tags, querystring: ZAgreementKindQuery, response: { 200: envelope(ZAgreement) } } }, async (req) =>
    ok(await svc.latestAgreement(req.query.kind)),
  );
  r.get('/zscms/agreement/versions.json', { config: manage, schema: { tags, querystring: ZAgreementKindQuery, response: { 200: envelope(ZAgreementVersionsResponse) } } }, async (req) =>
    ok(await svc.agreementVersions(req.query.kind)),
  );
  r.post('/zscms/agreement/save.json', { config: manage, schema: { tags, body: ZSaveAgreementRequest, response: { 200: envelope(ZAgreement) } } }, async (req) =>
    ok(await svc.saveAgreement(actor(req), req.body)),
  );

  // ---- achievements
  r.get('/finance/portal/achievement/list.json', { config: pub, schema: { tags, response: { 200: envelope(ZAchievementListResponse) } } }, async () => ok(await svc.achievements(true)));
  r.get('/finance/door/achievement/list.json', { config: manage, schema: { tags, response: { 200: envelope(ZAchievementListResponse) } } }, async () => ok(await svc.achievements(false)));
  r.post('/finance/door/achievement/save.json', { config: manage, schema: { tags, body: ZSaveAchievementRequest, response: { 200: envelope(ZAchievementIdResponse) } } }, async (req) =>
    ok(await svc.saveAchievement(actor(req), req.body)),
  );
  r.post('/finance/door/achievement/remove.json', { config: manage, schema: { tags, body: ZAchievementIdRequest, response: { 200: envelope(ZAchievementIdResponse) } } }, async (req) =>
    ok(await svc.removeAchievement(actor(req), req.body.id)),
  );
}
