import type { FastifyInstance, FastifyRequest } from 'fastify';
import { achievementOps } from '@phjr/contract/content/achievement';
import { agreementOps } from '@phjr/contract/content/agreement';
import { pictureOps } from '@phjr/contract/content/pictures';
import type { AppDeps } from '../../deps.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { Actor } from './articles.service.ts';

const actor = (req: FastifyRequest): Actor => ({ session: sessionOf(req), ip: req.ip });

/** Pictures, agreements and achievements (/operateClient/door), and their public reading calls. */
export async function doorRoutes(app: FastifyInstance, deps: AppDeps) {
  const svc = deps.door;
  const tags = ['content'];

  // ---- pictures
  routeOperation(app, pictureOps.list, (req) => svc.pictures(req.query.place), { tags });
  routeOperation(app, pictureOps.save, (req) => svc.savePicture(actor(req), req.body), { tags });
  routeOperation(app, pictureOps.remove, (req) => svc.removePicture(actor(req), req.body.id), { tags });

  // ---- agreements
  routeOperation(app, agreementOps.latest, (req) => svc.latestAgreement(req.query.kind), { tags });
  routeOperation(app, agreementOps.versions, (req) => svc.agreementVersions(req.query.kind), { tags });
  routeOperation(app, agreementOps.save, (req) => svc.saveAgreement(actor(req), req.body), { tags });

  // ---- achievements
  routeOperation(app, achievementOps.portalList, () => svc.achievements(true), { tags });
  routeOperation(app, achievementOps.list, () => svc.achievements(false), { tags });
  routeOperation(app, achievementOps.save, (req) => svc.saveAchievement(actor(req), req.body), { tags });
  routeOperation(app, achievementOps.remove, (req) => svc.removeAchievement(actor(req), req.body.id), { tags });
}
