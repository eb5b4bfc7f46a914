import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

/** Routes of the SMS gateway's templates and outbox (issue 3). */
export async function smsRoutes(_app: FastifyInstance, _deps: AppDeps) {}
