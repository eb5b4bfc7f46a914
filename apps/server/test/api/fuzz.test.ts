import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/seed/demo-accounts.ts';
import {
  newSeededDatabase,
  authHeaders,
  createTestApp,
  loginAs,
  signInAs,
  type TestApp,
  type Tokens,
} from '../helpers.ts';
import { EVERYONE, type Who } from './authz/who.ts';
import { Random } from './fuzz/random.ts';
import { malformedRequest, type FuzzRequest } from './fuzz/requests.ts';

/**
 * Thousands of malformed requests (wrong types, missing and unknown fields, NUL and control characters, huge numbers
 * and strings, deep nesting, random bytes, wrong content types, bad JSON, huge query strings, prototype-pollution
 * keys) to every registered route, as anonymous and as every demo role. No answer may be a 5xx, none may hang, and
 * none may show internals. Seeded: FUZZ_SEED=<n> repeats a run; FUZZ_COUNT=<n> sends more.
 *
 * It runs on a database of its own (created, migrated and seeded here, dropped after), so whatever a request
 * manages to change cannot disturb the other test files.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20260611);
const COUNT = Number(process.env.FUZZ_COUNT ?? 12_000);
const HANG_MS = 15_000;
/** What no answer may contain: stack frames, file paths, SQL errors. */
const LEAK =
  /node_modules|\n\s+at |\.ts:\d+|"stack"|violates|relation "|syntax error|invalid input syntax|out of range for type/;

let t: TestApp;
let dropDatabase: () => Promise<void>;
const tokens = new Map<Who, Tokens | null>();

beforeAll(async () => {
  const made = await newSeededDatabase('phjr_fuzz');
  dropDatabase = made.drop;
  t = await createTestApp({ databaseUrl: made.url });
  tokens.set('anonymous', null);
  for (const a of DEMO_ACCOUNTS) tokens.set(a.username, await signInAs(t.app, a.username));
}, 180_000);

afterAll(async () => {
  await t?.close();
  await dropDatabase?.();
});

function describeRequest(r: FuzzRequest, who: Who) {
  const body =
    r.payload === undefined
      ? ''
      : Buffer.isBuffer(r.payload)
        ? `<${r.payload.length} bytes> ${r.payload.subarray(0, 200).toString('hex')}`
        : r.payload;
  return `seed=${SEED} who=${who} kind=${r.kind}\n  ${r.method} ${r.url.slice(0, 500)}${r.url.length > 500 ? `…(${r.url.length})` : ''}\n  headers ${JSON.stringify(r.headers).slice(0, 300)}\n  body ${body.slice(0, 500)}${body.length > 500 ? `…(${body.length})` : ''}`;
}

/** A request that never answers is a failure too (a parser waiting for bytes that never come). */
async function withDeadline<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HANG_MS} ms`)), HANG_MS);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Signs a role in again. Wrong current passwords sent by the run count as failed logins of that account: its
 * failures are forgotten first (this database is the run's own), so the captcha does not end the role's part.
 */
async function signInAgain(who: Who, problems: string[]) {
  try {
    await t.database.pool.query('DELETE FROM login_failures WHERE account_key = $1', [who]);
    tokens.set(who, await loginAs(t.app, who as Exclude<Who, 'anonymous'>));
  } catch (e) {
    problems.push(`${who}: ${(e as Error).message.slice(0, 200)}`);
  }
}

describe('fuzz', () => {
  it(
    `answers ${COUNT} malformed requests across every route and role without a 5xx`,
    { timeout: 600_000 },
    async () => {
      const routes = t.app.routeAuthTable;
      expect(routes.length).toBeGreaterThan(50);
      const rnd = new Random(SEED);
      const statuses = new Map<number, number>();
      const kinds = new Map<string, number>();
      const failures: string[] = [];
      const relogins: string[] = [];
      const started = Date.now();

      // Who gets past each route's authorization: most requests go to them, so that they reach validation and the
      // handlers; the rest go to everyone in turn (anonymous included), for the refusal paths.
      const admitted = new Map<string, Who[]>();
      for (const route of routes) {
        const list: Who[] = [];
        for (const who of EVERYONE) {
          const url = route.url.replace(/:(\w+)/g, '1');
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: authHeaders(tokens.get(who) ?? null, url),
          });
          if (res.statusCode !== 401 && res.statusCode !== 403) list.push(who);
          if (who !== 'anonymous' && res.statusCode === 401) await signInAgain(who, relogins);
        }
        admitted.set(`${route.method} ${route.url}`, list);
      }
      // The access check at the end means something only if every identity reaches some GET route to begin with.
      for (const who of EVERYONE) {
        const reached = routes.filter((r) => r.method === 'GET' && admitted.get(`${r.method} ${r.url}`)!.includes(who));
        expect(reached.length, `${who} reaches no GET route`).toBeGreaterThan(0);
      }

      for (let i = 0; i < COUNT; i++) {
        const route = routes[i % routes.length];
        const allowed = admitted.get(`${route.method} ${route.url}`)!;
        const who =
          allowed.length && rnd.chance(0.8)
            ? rnd.pick(allowed)
            : EVERYONE[Math.floor(i / routes.length) % EVERYONE.length];
        const req = malformedRequest(route, rnd);
        const auth = authHeaders(tokens.get(who) ?? null, req.url);
        let res;
        try {
          const remoteAddress = `10.${rnd.int(256)}.${rnd.int(256)}.${rnd.int(256)}`;
          res = await withDeadline(
            t.app.inject({
              method: req.method as 'GET',
              url: req.url,
              headers: { ...auth, ...req.headers },
              payload: req.payload,
              remoteAddress,
            }),
          );
        } catch (e) {
          failures.push(`${describeRequest(req, who)}\n  => ${(e as Error).message}`);
          continue;
        }
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        kinds.set(req.kind.split(':')[0], (kinds.get(req.kind.split(':')[0]) ?? 0) + 1);
        if (res.statusCode >= 500)
          failures.push(`${describeRequest(req, who)}\n  => HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
        else if (LEAK.test(res.body) && !res.headers['content-type']?.toString().startsWith('application/vnd'))
          failures.push(`${describeRequest(req, who)}\n  => leak: ${res.body.slice(0, 300)}`);
        // A request that ended the session (logout, a password change...) must not leave the rest of the run anonymous.
        if (who !== 'anonymous' && res.statusCode === 401 && !('satoken' in req.headers))
          await signInAgain(who, relogins);
      }

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      // Nothing the run sent may have taken an identity's access away (its roles or its organisation changed by a request
      // that passed): after the run, every identity still reaches every GET route it reached before. A session the run
      // ended (a logout) is not lost access: the identity signs in again (through the real login) and is asked again.
      const lost: string[] = [];
      for (const route of routes) {
        if (route.method !== 'GET') continue;
        const url = route.url.replace(/:(\w+)/g, '1');
        for (const who of admitted.get(`${route.method} ${route.url}`)!) {
          const ask = () => t.app.inject({ method: 'GET', url, headers: authHeaders(tokens.get(who) ?? null, url) });
          let res = await ask();
          if (who !== 'anonymous' && res.statusCode === 401) {
            await signInAgain(who, relogins);
            res = await ask();
          }
          if (res.statusCode === 401 || res.statusCode === 403) lost.push(`${who} ${url} (${res.statusCode})`);
        }
      }
      const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
      console.log(
        `fuzz seed=${SEED}: ${COUNT} requests over ${routes.length} routes x ${EVERYONE.length} identities in ${seconds} s\n  by status  ${byStatus.join(', ')}\n  by kind    ${[...kinds.entries()].map(([k, n]) => `${k}: ${n}`).join(', ')}${relogins.length ? `\n  failed re-logins: ${relogins.length} (${relogins[0]})` : ''}`,
      );
      if (failures.length) console.log(`${failures.length} failures:\n${failures.slice(0, 200).join('\n')}`);

      expect(({} as Record<string, unknown>).polluted, 'Object.prototype was polluted').toBeUndefined();
      expect(failures.length, `${failures.length} requests answered 5xx, hung or leaked (printed above)`).toBe(0);
      expect(lost, 'access lost during the run').toEqual([]);
      expect(relogins, 'identities that could not sign in again').toEqual([]);
      if (!process.env.FUZZ_COUNT) expect(COUNT).toBeGreaterThanOrEqual(10_000);
    },
  );
});
