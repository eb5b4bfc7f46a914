import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOps } from '@phjr/contract/notify/messages';
import { ssoOps } from '@phjr/contract/auth/sso';
import { callOp, createTestApp, statementsOf, type TestApp } from '../helpers.ts';
import { testApplicant } from './demands-helpers.ts';

/**
 * Issue 17: a signed-in request costs no statement for its session once its process has looked it up
 * (auth.service.ts resolveSession), and no kept session outlives a change to what it carries: a change made through
 * this process drops them before its answer, one made elsewhere when its notification comes (migration 0029), and a
 * refusal is always decided on the row as it is now.
 */
let t: TestApp;
const tag = `SC${Math.random().toString(36).slice(2, 6)}`;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const sessionStatement = (texts: string[]) => texts.filter((x) => /FROM sessions s\b/.test(x));

beforeAll(async () => {
  t = await createTestApp({ readCacheTtlMs: 0 });
});
afterAll(() => t.close());

type Applicant = Awaited<ReturnType<typeof testApplicant>>;
const unread = (who: Applicant) => callOp(t.app, who.tokens, messageOps.unreadCount);
const sessionIdOf = async (who: Applicant) =>
  Number(
    (
      await sql('SELECT id FROM sessions WHERE user_id = $1 AND kind = $2 ORDER BY id DESC LIMIT 1', [who.id, 'CLIENT'])
    )[0].id,
  );
/** Any request that is not a read drops what this process keeps (app.ts): here one that no route answers. */
const dropKept = () => t.app.inject({ method: 'POST', url: '/finance/nothing-here.json' });

describe('the session cache', () => {
  it('looks a session up once: the next requests run no statement for it', async () => {
    const who = await testApplicant(t.app, t.database.db, tag);
    expect(sessionStatement(await statementsOf(t, () => unread(who)))).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      let status = 0;
      const texts = await statementsOf(t, async () => {
        status = (await unread(who)).statusCode;
      });
      expect(status).toBe(200);
      expect(sessionStatement(texts)).toEqual([]);
    }
  });

  it("refuses an unknown token with one statement (the row it loaded is the database's: no second look)", async () => {
    const stranger = { satokenClient: `x${Math.random().toString(36).slice(2)}`, satokenServer: '' };
    let status = 0;
    const texts = await statementsOf(t, async () => {
      status = (await callOp(t.app, stranger, messageOps.unreadCount)).statusCode;
    });
    expect(status).toBe(401);
    expect(sessionStatement(texts)).toHaveLength(1);
  });

  it('refuses a session signed out through this process on the very next request', async () => {
    const who = await testApplicant(t.app, t.database.db, tag);
    expect((await unread(who)).statusCode).toBe(200);
    expect((await callOp(t.app, who.tokens, ssoOps.logout)).statusCode).toBe(200);
    const res = await unread(who);
    expect(res.statusCode).toBe(401);
  });

  it('refuses a user disabled by another process once its notification comes', async () => {
    const who = await testApplicant(t.app, t.database.db, tag);
    expect((await unread(who)).statusCode).toBe(200);
    // Another connection (another server process, an administrator's script): nothing this process did.
    await sql("UPDATE users SET status = 'DISABLED' WHERE id = $1", [who.id]);
    await expect.poll(async () => (await unread(who)).statusCode, { timeout: 5_000, interval: 20 }).toBe(401);
  });

  it('never refuses on a kept row: a session another process touched since is accepted', async () => {
    const who = await testApplicant(t.app, t.database.db, tag);
    const id = await sessionIdOf(who);
    // The session idle for ten hours (no notification: the touch changes nothing a session carries), looked up so.
    await sql("UPDATE sessions SET last_seen_at = now() - interval '10 hours' WHERE id = $1", [id]);
    await dropKept();
    const expired = await unread(who);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe(20002);
    // Another process served it since and touched it: the row kept here still says idle, the database does not.
    await sql('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [id]);
    expect((await unread(who)).statusCode).toBe(200);
  });
});
