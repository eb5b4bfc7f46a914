import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

/** Routes of organisations, users, staff, roles and their administration (issue 3). */
export async function orgsAdminRoutes(_app: FastifyInstance, _deps: AppDeps) {}
