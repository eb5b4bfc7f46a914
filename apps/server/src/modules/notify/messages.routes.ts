import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

/** Routes of in-site messages (issue 3). */
export async function messagesRoutes(_app: FastifyInstance, _deps: AppDeps) {}
