import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

/** Routes of system settings and the holiday calendar (issue 3). */
export async function platformRoutes(_app: FastifyInstance, _deps: AppDeps) {}
