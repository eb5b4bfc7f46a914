import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect, type Database } from '../src/db/client.ts';
import { randomToken, sha256 } from '../src/lib/crypto.ts';
import { DEMO_PASSWORD, type DemoAccountName } from '../src/seed/demo-accounts.ts';
import { createSeededDatabase, type SeededDatabase } from './seeded-database.ts';

export const ORIGIN = 'http://localhost:3000';
export const CLIENT_URL = `${ORIGIN}/home`;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The answer of a captcha this app made, as a person reads the picture (the database keeps only its keyed hash). */
  captchaAnswer(captchaId: string): string;
  close(): Promise<void>;
}

/**
 * The test apps' SERVER_SECRET (captcha hashes, signed file links): one per test process, so no file is made in
 * DATA_DIR. Exported for the tests that sign a link as the server does (private-files.test.ts).
 */
export const TEST_SERVER_SECRET = randomBytes(32).toString('base64url');

/** This worker's own index among the api project's workers (VITEST_POOL_ID counts from 1 to maxWorkers). */
function workerIndex(): number {
  return Math.max(0, Number(process.env.VITEST_POOL_ID ?? 1) - 1);
}

/** This worker's test database as the app role (global-setup.ts makes one per worker). */
export const testDatabaseUrl = (): string => inject('databaseUrls')[workerIndex()];

/** This worker's test database as its owner: for what a test needs beyond rows, and for making new databases. */
export const adminDatabaseUrl = (): string => inject('adminDatabaseUrls')[workerIndex()];

/** A database of the file's own, a copy of the run's migrated and seeded one (seeded-database.ts); drop it after. */
export const newSeededDatabase = (prefix: string): Promise<SeededDatabase> =>
  createSeededDatabase(adminDatabaseUrl(), prefix, { template: inject('templateDatabase') });

/**
 * A connection to the worker's test database as its owner, not as the app role (global-setup.ts): for what a test needs
 * beyond rows (dropping an index in a transaction it rolls back, VACUUM). The caller ends it.
 */
export async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  return client;
}

/** The database each test app was built on, for the session factory (signIn). */
const databases = new WeakMap<FastifyInstance, Database>();

/** The real app on `overrides` (or the run's test database), without listening: app.inject. */
async function buildTestApp(overrides: NonNullable<Parameters<typeof loadConfig>[0]>): Promise<TestApp> {
  const database = connect(overrides.databaseUrl ?? testDatabaseUrl(), 4);
  const config = loadConfig({
    port: 3000,
    publicUrl: ORIGIN,
    webDist: '/nonexistent',
    validateResponses: true,
    serverSecret: TEST_SERVER_SECRET,
    ...overrides,
  });
  const answers = new Map<string, string>();
  const app = await buildApp({
    config,
    database,
    logger: false,
    captchaHooks: { onCreated: (id, answer) => answers.set(id, answer) },
  });
  await app.ready();
  databases.set(app, database);
  return {
    app,
    database,
    captchaAnswer(captchaId) {
      const answer = answers.get(captchaId);
      if (answer === undefined) throw new Error(`captcha ${captchaId} was not made by this app`);
      return answer;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The app of this test worker: the api project runs its files one after another in one worker without isolation
 * (vitest.config.ts), so the app is built once per run, not once per file. Its close() is a no-op; the worker's end
 * closes its connections (global-setup.ts drops the database WITH (FORCE)).
 */
let shared: Promise<TestApp> | null = null;

/**
 * The real app on the run's test database, without listening (app.inject). Without overrides it is the worker's
 * shared app (its read cache emptied, so a file starts with fresh reads as a new app would); with overrides (another
 * database: the fuzz test's own; other settings) an app of its own, which close() ends.
 */
export async function createTestApp(overrides: Parameters<typeof loadConfig>[0] = {}): Promise<TestApp> {
  if (Object.keys(overrides).length) return buildTestApp(overrides);
  shared ??= buildTestApp({}).catch((e: unknown) => {
    shared = null;
    throw e;
  });
  const t = await shared;
  t.app.readCache.clear();
  return { ...t, close: async () => {} };
}

let ipCounter = 0;
const ipPrefix = `fd00:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
/** A fresh address per login (unique across test files) keeps one test's failed logins out of another's way. */
export function nextIp() {
  ipCounter += 1;
  return `${ipPrefix}::${ipCounter.toString(16)}`;
}

export interface Tokens {
  satokenClient: string;
  satokenServer: string;
}

export function ticketOf(redirectUrl: string): string {
  return new URL(redirectUrl).searchParams.get('ticket') ?? '';
}

/** Signs in through the real SSO calls: password login, then ticket exchange. */
export async function login(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
  ip = nextIp(),
): Promise<Tokens> {
  const res = await app.inject({
    method: 'POST',
    url: '/ssoserver/doLogin',
    payload: { username, password, redirect: CLIENT_URL },
    remoteAddress: ip,
  });
  const body = res.json();
  if (!body.success) throw new Error(`login ${username} failed: ${res.body}`);
  const ticket = ticketOf(body.data.redirectUrl);
  const ex = await app.inject({
    method: 'POST',
    url: '/doLoginByTicket',
    payload: { ticket, clientLoginUrl: CLIENT_URL },
    remoteAddress: ip,
  });
  return ex.json().data as Tokens;
}

export const loginAs = (app: FastifyInstance, who: DemoAccountName) => login(app, who);

/**
 * The session factory: the sessions a successful login makes (the SSO session and the client session made from its
 * ticket, as auth.service.ts `openSsoSession` and `exchangeTicket` write them; the user's last login is set), written
 * directly, without the password's Argon2id, the ticket or the login's audit row. For tests that need a signed-in user,
 * not a login: the SSO, captcha, lockout and password tests sign in through `login`. `username` is an account name
 * or a phone, as at the login form; an account that is not active is refused, as the login refuses it.
 */
export async function signIn(app: FastifyInstance, username: string): Promise<Tokens> {
  const database = databases.get(app);
  if (!database) throw new Error('signIn: not an app of createTestApp');
  const satokenClient = randomToken();
  const satokenServer = randomToken();
  const made = await database.pool.query(
    `WITH u AS (
       SELECT id, status, last_login_at FROM users WHERE lower(username) = lower($1) OR phone = $1 LIMIT 1
     ), sso AS (
       INSERT INTO sessions (kind, parent_id, user_id, client_token_hash, server_token_hash, first_login, ip)
       SELECT 'SSO', NULL, id, NULL, $2, last_login_at IS NULL, $5 FROM u WHERE status = 'ACTIVE'
       RETURNING id, user_id, first_login
     ), client AS (
       INSERT INTO sessions (kind, parent_id, user_id, client_token_hash, server_token_hash, first_login, ip)
       SELECT 'CLIENT', id, user_id, $3, $4, first_login, $5 FROM sso
       RETURNING user_id
     )
     UPDATE users SET last_login_at = now() FROM client WHERE users.id = client.user_id RETURNING users.id`,
    [username.trim(), sha256(randomToken()), sha256(satokenClient), sha256(satokenServer), nextIp()],
  );
  if (made.rowCount !== 1) throw new Error(`signIn ${username}: no active account of that name`);
  return { satokenClient, satokenServer };
}

export const signInAs = (app: FastifyInstance, who: DemoAccountName) => signIn(app, who);

/** The satoken header a path needs: the server token on /ssoserver paths. */
export function authHeaders(tokens: Tokens | null, url: string): Record<string, string> {
  if (!tokens) return {};
  return { satoken: url.includes('/ssoserver') ? tokens.satokenServer : tokens.satokenClient };
}

export async function call(app: FastifyInstance, tokens: Tokens | null, opts: InjectOptions & { url: string }) {
  return app.inject({ ...opts, headers: { ...authHeaders(tokens, opts.url), ...(opts.headers ?? {}) } });
}

/** An operation of the contract (its `*-ops.ts`), as the API tests call it. */
type Operation = { method: string; path: string };

/** Calls an operation: a GET with `input` as its query, anything else with `input` as its JSON body. */
export async function callOp(
  app: FastifyInstance,
  tokens: Tokens | null,
  o: Operation,
  input: Record<string, unknown> = {},
) {
  if (o.method === 'GET') {
    const qs = new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return call(app, tokens, { method: 'GET', url: qs ? `${o.path}?${qs}` : o.path });
  }
  return call(app, tokens, { method: o.method as InjectOptions['method'], url: o.path, payload: input });
}

/** The `data` of a call that must succeed (loosely typed: the tests read what they check). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function must<T = any>(
  app: FastifyInstance,
  tokens: Tokens | null,
  o: Operation,
  input: Record<string, unknown> = {},
): Promise<T> {
  const res = await callOp(app, tokens, o, input);
  if (res.statusCode !== 200 || !res.json().success) throw new Error(`${o.path} failed: ${res.statusCode} ${res.body}`);
  return res.json().data as T;
}

/** The status, error code, data and fields at fault of a call that must fail. */
export async function refused(
  app: FastifyInstance,
  tokens: Tokens | null,
  o: Operation,
  input: Record<string, unknown> = {},
) {
  const res = await callOp(app, tokens, o, input);
  const body = res.json();
  return {
    status: res.statusCode,
    code: body.errorCode as string | undefined,
    data: body.data,
    fields: ((body.data?.fields ?? []) as { field: string }[]).map((f) => f.field),
  };
}

/**
 * The statements `fn` sends through the app's pool (the reads outside transactions, sessions included), with their
 * values: issue 17's tests count a request's round trips and read their plans with it.
 */
export async function queriesOf(
  t: TestApp,
  fn: () => Promise<unknown>,
): Promise<{ text: string; values: unknown[] }[]> {
  const pool = t.database.pool as unknown as { query: (...a: unknown[]) => unknown };
  const query = pool.query;
  const seen: { text: string; values: unknown[] }[] = [];
  pool.query = (first: unknown, ...rest: unknown[]) => {
    const config = typeof first === 'string' ? { text: first } : (first as { text: string; values?: unknown[] });
    seen.push({ text: config.text, values: (rest[0] as unknown[] | undefined) ?? config.values ?? [] });
    return query.call(pool, first, ...rest);
  };
  try {
    await fn();
  } finally {
    pool.query = query;
  }
  return seen;
}

/** The texts of the statements `fn` sends through the app's pool (queriesOf). */
export async function statementsOf(t: TestApp, fn: () => Promise<unknown>): Promise<string[]> {
  return (await queriesOf(t, fn)).map((q) => q.text);
}
