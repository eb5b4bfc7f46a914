import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../helpers.ts';
import { connect, type Database } from '../../src/db/client.ts';
import { AUTH_RETENTION_MS, PURGE_JOB, PURGE_LOCK, SMS_RETENTION_MS, runPurge } from '../../src/jobs/purge.ts';
import { FAILURE_WINDOW_MS } from '../../src/modules/auth/password-guard.ts';

/**
 * The purge job: expired tickets, captchas, old failed-login rows and SMS codes go; whatever a rule still reads stays
 * (failed logins of the 15-minute window, SMS codes the daily send limit counts); one process purges at a time.
 */
let database: Database;
const sql = async (text: string, values: unknown[] = []) => (await database.pool.query(text, values)).rows;
const tag = `pg${randomBytes(4).toString('hex')}`;
const ago = (ms: number) => new Date(Date.now() - ms);
const MIN = 60_000;
const HOUR = 3_600_000;
const runs = async () =>
  (await sql('SELECT count(*)::int AS n FROM job_runs WHERE job = $1', [PURGE_JOB]))[0].n as number;

beforeAll(() => {
  database = connect(testDatabaseUrl(), 4);
});
afterAll(async () => {
  await sql('DELETE FROM sso_tickets WHERE ticket_hash LIKE $1', [`${tag}%`]);
  await sql('DELETE FROM captchas WHERE id LIKE $1', [`${tag}%`]);
  await sql('DELETE FROM login_failures WHERE account_key LIKE $1', [`${tag}%`]);
  await sql('DELETE FROM sms_codes WHERE ip = $1', [tag]);
  await database.close();
});

describe('the purge job', () => {
  it('deletes what can no longer matter and keeps what a rule still reads', async () => {
    // Retention as decided in jobs/purge.ts: tickets and captchas an hour past expiry, failed logins an hour (the
    // lock counts 15 minutes), SMS codes 25 hours (the per-phone daily limit counts 24).
    expect(AUTH_RETENTION_MS).toBeGreaterThanOrEqual(2 * FAILURE_WINDOW_MS);
    expect(SMS_RETENTION_MS).toBeGreaterThan(24 * HOUR);
    const kept: Record<string, Date> = { live: new Date(Date.now() + MIN), justExpired: ago(10 * MIN) };
    const gone: Record<string, Date> = { longExpired: ago(AUTH_RETENTION_MS + HOUR) };
    for (const [name, expiresAt] of Object.entries({ ...kept, ...gone })) {
      await sql(
        "INSERT INTO sso_tickets (ticket_hash, sso_session_id, user_id, client_url, expires_at, used_at) VALUES ($1, 1, 1, 'http://localhost/home', $2, $3)",
        [`${tag}-${name}`, expiresAt, name === 'live' ? null : expiresAt],
      );
      await sql("INSERT INTO captchas (id, answer_hash, ip, expires_at) VALUES ($1, 'x', $1, $2)", [
        `${tag}-${name}`,
        expiresAt,
      ]);
    }
    // Inside the failure window (counted), past it but kept a while, and old.
    const failures = {
      inWindow: ago(FAILURE_WINDOW_MS - 5 * MIN),
      pastWindow: ago(FAILURE_WINDOW_MS + 5 * MIN),
      old: ago(AUTH_RETENTION_MS + HOUR),
    };
    for (const [name, at] of Object.entries(failures))
      await sql('INSERT INTO login_failures (account_key, ip, at) VALUES ($1, $2, $3)', [
        `${tag}-${name}`,
        '10.9.9.9',
        at,
      ]);
    // A live code, an expired one the daily limit still counts, and one sent before the retention.
    const codes = { live: ago(MIN), countedToday: ago(23 * HOUR), yesterday: ago(SMS_RETENTION_MS + HOUR) };
    for (const [name, createdAt] of Object.entries(codes)) {
      await sql(
        "INSERT INTO sms_codes (phone, purpose, code_hash, ip, created_at, expires_at) VALUES ($1, 'LOGIN', 'x', $2, $3, $4)",
        [`1390000000${name.length % 10}`, tag, createdAt, new Date(createdAt.getTime() + 5 * MIN)],
      );
    }
    const before = await runs();

    const r = await runPurge(database.db);
    expect(r.skipped).toBe(false);
    expect(r.tickets).toBeGreaterThanOrEqual(1);
    expect(r.captchas).toBeGreaterThanOrEqual(1);
    expect(r.loginFailures).toBeGreaterThanOrEqual(1);
    expect(r.smsCodes).toBeGreaterThanOrEqual(1);
    expect(await runs()).toBe(before + 1);

    const left = async (table: string, column: string) =>
      (await sql(`SELECT ${column} AS k FROM ${table} WHERE ${column} LIKE $1`, [`${tag}%`]))
        .map((x) => String(x.k).slice(tag.length + 1))
        .sort();
    expect(await left('sso_tickets', 'ticket_hash')).toEqual(['justExpired', 'live']);
    expect(await left('captchas', 'id')).toEqual(['justExpired', 'live']);
    expect(await left('login_failures', 'account_key')).toEqual(['inWindow', 'pastWindow']);
    const smsLeft = (await sql('SELECT created_at FROM sms_codes WHERE ip = $1 ORDER BY created_at', [tag])).map((x) =>
      new Date(x.created_at).getTime(),
    );
    expect(smsLeft).toEqual([codes.countedToday.getTime(), codes.live.getTime()]);
  });

  it('runs in one process at a time: skips while another holds the lock; of two runs at once exactly one runs', async () => {
    const holder = await database.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock($1)', [PURGE_LOCK]);
      const before = await runs();
      expect((await runPurge(database.db)).skipped).toBe(true);
      expect(await runs()).toBe(before);
    } finally {
      await holder.query('COMMIT');
      holder.release();
    }

    // As the scheduler runs it (a minimum interval): whichever comes second either finds the lock taken or, once
    // the first has committed, finds its run recorded; it never purges again.
    await sql('DELETE FROM job_runs WHERE job = $1', [PURGE_JOB]);
    const [a, b] = await Promise.all([
      runPurge(database.db, { minIntervalMs: HOUR }),
      runPurge(database.db, { minIntervalMs: HOUR }),
    ]);
    expect([a.skipped, b.skipped].sort()).toEqual([false, true]);
    expect(await runs()).toBe(1);
  });
});
