import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect, type Database } from '../src/db/client.ts';
import { DEMO_PASSWORD, type DemoAccountName } from '../src/seed/demo-accounts.ts';

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

/**
 * A connection to the run's test database as its owner, not as the app role (global-setup.ts): for what a test needs
 * beyond rows (dropping an index in a transaction it rolls back, VACUUM). The caller ends it.
 */
export async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  return client;
}

/** The real app on the run's test database (or on `overrides.databaseUrl`: the fuzz test's own), without listening (app.inject). */
export async function createTestApp(overrides: Parameters<typeof loadConfig>[0] = {}): Promise<TestApp> {
  const database = connect(overrides.databaseUrl ?? inject('databaseUrl'), 4);
  const config = loadConfig({ port: 3000, publicUrl: ORIGIN, webDist: '/nonexistent', validateResponses: true, serverSecret: TEST_SERVER_SECRET, ...overrides });
  const answers = new Map<string, string>();
  const app = await buildApp({ config, database, logger: false, captchaHooks: { onCreated: (id, answer) => answers.set(id, answer) } });
  await app.ready();
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
export async function login(app: FastifyInstance, username: string, password = DEMO_PASSWORD, ip = nextIp()): Promise<Tokens> {
  const res = await app.inject({
    method: 'POST',
    url: '/ssoserver/doLogin',
    payload: { username, password, redirect: CLIENT_URL },
    remoteAddress: ip,
  });
  const body = res.json();
  if (!body.success) throw new Error(`login ${username} failed: ${res.body}`);
  const ticket = ticketOf(body.data.redirectUrl);
  const ex = await app.inject({ method: 'POST', url: '/doLoginByTicket', payload: { ticket, clientLoginUrl: CLIENT_URL }, remoteAddress: ip });
  return ex.json().data as Tokens;
}

export const loginAs = (app: FastifyInstance, who: DemoAccountName) => login(app, who);

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
export async function callOp(app: FastifyInstance, tokens: Tokens | null, o: Operation, input: Record<string, unknown> = {}) {
  if (o.method === 'GET') {
    const qs = new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return call(app, tokens, { method: 'GET', url: qs ? `${o.path}?${qs}` : o.path });
  }
  return call(app, tokens, { method: o.method as InjectOptions['method'], url: o.path, payload: input });
}

/** The `data` of a call that must succeed (loosely typed: the tests read what they check). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function must<T = any>(app: FastifyInstance, tokens: Tokens | null, o: Operation, input: Record<string, unknown> = {}): Promise<T> {
  const res = await callOp(app, tokens, o, input);
  if (res.statusCode !== 200 || !res.json().success) throw new Error(`${o.path} failed: ${res.statusCode} ${res.body}`);
  return res.json().data as T;
}

/** The status, error code, data and fields at fault of a call that must fail. */
export async function refused(app: FastifyInstance, tokens: Tokens | null, o: Operation, input: Record<string, unknown> = {}) {
  const res = await callOp(app, tokens, o, input);
  const body = res.json();
  return { status: res.statusCode, code: body.errorCode as string | undefined, data: body.data, fields: ((body.data?.fields ?? []) as { field: string }[]).map((f) => f.field) };
}

/**
 * The statements `fn` sends through the app's pool (the reads outside transactions, sessions included), with their
 * values: issue 17's tests count a request's round trips and read their plans with it.
 */
export async function queriesOf(t: TestApp, fn: () => Promise<unknown>): Promise<{ text: string; values: unknown[] }[]> {
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
