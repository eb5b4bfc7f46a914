import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

/** Routes of registration, SMS codes, phone login, certification and the own-account pages (issue 3). */
export async function accountsRoutes(_app: FastifyInstance, _deps: AppDeps) {}
