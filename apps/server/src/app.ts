import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AUTH_CHANGED_CHANNEL, startReadCache, type ReadCache } from './db/read-cache.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { accountsRoutes } from './modules/auth/accounts.routes.ts';
import { ownContactRoutes } from './modules/auth/own-contact.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { messagesRoutes } from './modules/notify/messages.routes.ts';
import { smsRoutes } from './modules/notify/sms.routes.ts';
import { orgsAdminRoutes } from './modules/orgs/orgs-admin.routes.ts';
import { platformRoutes } from './modules/system/platform.routes.ts';
import type { AppDeps } from './deps.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { doorRoutes } from './modules/content/door.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { reportRoutes } from './modules/stats/report.routes.ts';
import { displayRoutes } from './modules/stats/display.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { demandsRoutes } from './modules/demands/demands.routes.ts';
import { chainsRoutes } from './modules/chains/chains.routes.ts';
import { chainRecordsRoutes } from './modules/chains/chain-records.routes.ts';
import { shelterRoutes } from './modules/shelter/shelter.routes.ts';
import { farmersRoutes } from './modules/farmers/farmers.routes.ts';
import { creditRoutes } from './modules/credit/credit.routes.ts';
import { orgsRoutes } from './modules/orgs/orgs.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { originCheckPlugin } from './plugins/origin-check.ts';
import { validatorCompiler } from './plugins/validation.ts';
import { responseSerializerCompiler } from './plugins/serialization.ts';
import { createServices, type Services } from './services.ts';
import type { CaptchaOptions } from './modules/auth/captcha.ts';
import { useSpoolDir } from './modules/imports/zip-file.ts';
import { ssoOps } from '@phjr/contract/auth/sso';

/** API path prefixes; anything else that accepts HTML is a page of the single-page app. */
export const API_PREFIXES = [
  ssoOps.authUrl.path,
  ssoOps.loginByTicket.path,
  ssoOps.isLogin.path,
  '/ssoserver/',
  '/zscms/',
  '/finance/',
  '/anon/',
  '/article/api/',
  '/api/',
  '/docs',
];

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Tests switch request logs off. */
  logger?: boolean;
  /** Test-only: the API tests read each captcha's answer as it is made (captcha.ts); server.ts never passes it. */
  captchaHooks?: Pick<CaptchaOptions, 'onCreated'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The list pages' cache (db/read-cache.ts), shared by every module's routes. */
    readCache: ReadCache;
    /** Every service, built once (services.ts); server.ts runs the jobs on these same instances. */
    services: Services;
  }
}

/** Builds the whole app without listening, so tests can use app.inject. */
export async function buildApp({
  config,
  database,
  logger = true,
  captchaHooks,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? { level: config.logLevel, redact: ['req.headers.satoken', 'req.headers.cookie', 'res.headers["set-cookie"]'] }
      : false,
    // Only the configured proxies' X-Forwarded-For is believed: any client could write the header, and the address
    // is what the per-address limits count and the audit log records.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 1_048_576,
    // While closing, a request that reached an open connection is still served (with Connection: close) instead of a
    // 503: the database is up until the server has drained (server.ts), so a write sent just before SIGTERM succeeds.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ validate: config.validateResponses }));

  await app.register(errorsPlugin);
  securityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Not helmet's no-referrer: under it a browser sends `Origin: null` with a same-origin form post, which the origin
    // check (plugins/origin-check.ts) must refuse. same-origin still gives other sites no Referer (no ticket in it).
    referrerPolicy: { policy: 'same-origin' },
    // HSTS only makes sense (and only does no harm) behind HTTPS.
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  await app.register(cookie);
  await app.register(formbody);

  const { db } = database;
  // The read cache first: the demands service keeps its list pages in it.
  const url = database.pool.options.connectionString!;
  const readCache = await startReadCache(url, { ttlMs: config.readCacheTtlMs, log: (m) => app.log.warn(m) });
  app.addHook('onClose', () => readCache.close());
  // The sessions this process looked up, dropped by any change to what a session carries (migration 0029).
  const sessionCache = await startReadCache(url, {
    ttlMs: config.sessionCacheTtlMs,
    channel: AUTH_CHANGED_CHANNEL,
    label: 'session cache',
    log: (m) => app.log.warn(m),
  });
  app.addHook('onClose', () => sessionCache.close());
  const services = createServices(database, config, readCache, sessionCache, captchaHooks);
  // Import uploads are copied under DATA_DIR (server.ts empties the folder at start).
  await useSpoolDir(config.dataDir);
  app.decorate('services', services);
  const { settings, auth, orgs, system } = services;
  // Before the session lookup, so a refused cross-site request costs no session query.
  await app.register(originCheckPlugin, { publicUrl: config.publicUrl, settings });
  await app.register(authPlugin, { auth, fileLinks: services.fileLinks });

  await app.register(swagger, {
    openapi: { info: { title: '示范市普惠金融服务平台 API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  // One hook on every reply, synchronous: an async hook costs every request a promise and a turn of the microtask queue.
  // - A change made here is answered before its notification comes back: the next read of this process must see it.
  //   The sessions too, whatever the answer (a refused sign-in may lock an account): a sign-out, a withdrawn role or a
  //   disabled user is not served from what this process kept, even before the notification comes back.
  // - No response of the API may be cached by a browser or a proxy (SPEC section 7 asks the same of the client).
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sessionCache.clear();
      if (reply.statusCode < 400) readCache.clear();
    }
    if (!reply.hasHeader('cache-control') && isApi(req.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  await app.register(authRoutes, {
    auth,
    secureCookie: config.publicUrl.startsWith('https:'),
    ssoCookieMaxAgeSeconds: config.sessionAbsoluteHours * 3600,
  });
  await app.register(orgsRoutes, { orgs });
  await app.register(systemRoutes, { system });

  app.decorate('readCache', readCache);

  const deps: AppDeps = { ...services, config, database, db, readCache };
  for (const moduleRoutes of [
    accountsRoutes,
    ownContactRoutes,
    smsRoutes,
    orgsAdminRoutes,
    platformRoutes,
    messagesRoutes,
    auditRoutes,
    contentRoutes,
    doorRoutes,
    filesRoutes,
    statsRoutes,
    reportRoutes,
    displayRoutes,
    productsRoutes,
    demandsRoutes,
    chainsRoutes,
    chainRecordsRoutes,
    farmersRoutes,
    creditRoutes,
    shelterRoutes,
  ]) {
    await app.register(moduleRoutes, deps);
  }

  await registerWeb(app, config.webDist);
  return app;
}

function isApi(url: string) {
  return API_PREFIXES.some((p) => url.startsWith(p));
}

/** Serves the built web app; unknown non-API GETs get index.html so client routes load on refresh. */
async function registerWeb(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      serve: true,
      prefix: '/',
      decorateReply: true,
      preCompressed: true,
    });
    // Hashed build assets never change: cache them for a year.
    app.addHook('onSend', async (req, reply) => {
      if (req.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && !isApi(req.url) && !path.extname(req.url.split('?')[0]);
    if (hasWeb && wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ success: false, code: 404, data: null, errorCode: 'NOT_FOUND', errorMessage: '接口不存在', showType: 2 });
  });
}
