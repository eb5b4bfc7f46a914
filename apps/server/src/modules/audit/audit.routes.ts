import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

/** Routes of the audit log search (issue 3). */
export async function auditRoutes(_app: FastifyInstance, _deps: AppDeps) {}
