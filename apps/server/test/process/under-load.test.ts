import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  alive,
  cleanUp,
  demandBody,
  newServerHome,
  postmasterPid,
  signIn,
  startServer,
  tally,
  waitFor,
  waitUntilDead,
  writeLoad,
  type Answer,
  type ServerHome,
  type ServerProcess,
} from './helpers.ts';

/**
 * The server process under write load, on the embedded PostgreSQL: SIGTERM drains it (every request it received is
 * answered, PostgreSQL is stopped last and cleanly), and SIGKILL loses no acknowledged write.
 */
const homes: ServerHome[] = [];
afterAll(() => {
  for (const h of homes) cleanUp(h);
});

const WORKERS = 16;
const json = (token: string) => ({ 'content-type': 'application/json', satoken: token });

/** Several kinds of cheap writes, from three signed-in users, one after another per worker. */
async function mixedWrites(s: ServerProcess) {
  const [person, enterprise, operator] = [
    await signIn(s.base, 'person'),
    await signIn(s.base, 'enterprise'),
    await signIn(s.base, 'operator'),
  ];
  return (n: number) => {
    switch (n % 3) {
      case 0:
        return fetch(`${s.base}/finance/demand/create.json`, {
          method: 'POST',
          headers: json(n % 2 ? person.client : enterprise.client),
          body: JSON.stringify(demandBody(`平稳停止测试资金用途${n}`)),
        });
      case 1:
        return fetch(`${s.base}/ssoserver/user/updateAccountInfo.do`, {
          method: 'POST',
          headers: { satoken: person.server },
          body: new URLSearchParams({ name: `压测用户${n}` }),
        });
      default:
        return fetch(`${s.base}/finance/message/readAll.json`, {
          method: 'POST',
          headers: { satoken: operator.client },
        });
    }
  };
}

describe('the server process under write load', () => {
  it('SIGTERM: answers every request it received, stops jobs, pool and PostgreSQL in order, exits 0', async () => {
    const home = await newServerHome('phjr-sigterm-');
    homes.push(home);
    const s = startServer(home);
    await waitFor(s, 'is running at');
    const postmaster = postmasterPid(home.dataDir);
    expect(postmaster).not.toBeNull();

    const load = writeLoad(WORKERS, await mixedWrites(s));
    await load.untilAcknowledged(60);
    const signalAt = Date.now();
    s.child.kill('SIGTERM');
    const exit = await s.exited;
    await load.stop();

    const answers = load.answers;
    const counts = tally(answers);
    console.log(
      `SIGTERM under load: answers ${JSON.stringify(counts)}; stopped ${Date.now() - signalAt} ms after the signal`,
    );
    // Every HTTP answer is a success: none failed because the database went away under it (no 5xx), and none was
    // turned away while draining; clients see only refused (or reset idle) connections once the server stops listening.
    const notOk = answers.filter((a) => a.status !== null && (a.status < 200 || a.status >= 300));
    expect(notOk.map((a: Answer) => `${a.status} ${a.body?.slice(0, 200)}`)).toEqual([]);
    // Requests in flight at the signal were finished, not dropped.
    expect(
      answers.filter((a) => a.status !== null && a.sentAt <= signalAt && a.answeredAt > signalAt).length,
    ).toBeGreaterThan(0);
    for (const a of answers.filter((x) => x.status === null))
      expect(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']).toContain(a.error);

    expect(exit).toEqual({ code: 0, signal: null });
    expect(s.output()).toContain('Stopped cleanly.');
    expect(s.output()).not.toMatch(/Unhandled|Error:/);
    // PostgreSQL was stopped (cleanly: it removes postmaster.pid itself on a clean shutdown).
    expect(await waitUntilDead(postmaster!)).toBe(true);
    expect(fs.existsSync(path.join(home.dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 180_000);

  it('SIGKILL: a restart finds every acknowledged write, whether PostgreSQL survived the kill or was killed too', async () => {
    const home = await newServerHome('phjr-sigkill-');
    homes.push(home);
    const first = startServer(home);
    await waitFor(first, 'is running at');
    const token = (await signIn(first.base, 'person')).client;
    const purposeOf = (round: number, n: number) => `强制终止测试第${round}轮资金用途${n}`;
    const post = (round: number) => (n: number) =>
      fetch(`${first.base}/finance/demand/create.json`, {
        method: 'POST',
        headers: json(token),
        body: JSON.stringify(demandBody(purposeOf(round, n))),
      });

    /** Loads `s` until `count` writes are acknowledged, kills it (and PostgreSQL if told), and returns the acknowledged ids. */
    const killUnderLoad = async (s: ServerProcess, round: number, count: number, alsoPostgres: boolean) => {
      const postmaster = postmasterPid(home.dataDir)!;
      const load = writeLoad(WORKERS, post(round));
      await load.untilAcknowledged(count);
      s.child.kill('SIGKILL');
      if (alsoPostgres) process.kill(postmaster, 'SIGKILL');
      await s.exited;
      await load.stop();
      const acked = new Map<number, string>();
      for (const a of load.answers) {
        if (a.status === 200)
          acked.set((JSON.parse(a.body!) as { data: { id: number } }).data.id, purposeOf(round, a.n));
        else if (a.status !== null) throw new Error(`unexpected answer ${a.status} ${a.body}`);
      }
      return { acked, postmaster, counts: tally(load.answers) };
    };

    const restart = async () => {
      const t0 = Date.now();
      const s = startServer(home);
      await waitFor(s, 'is running at');
      return { s, ms: Date.now() - t0 };
    };

    /** Reads every acknowledged demand back (the session made before the kill is still good). */
    const lost = async (s: ServerProcess, acked: Map<number, string>) => {
      const missing: number[] = [];
      const ids = [...acked.keys()];
      for (let i = 0; i < ids.length; i += 8) {
        await Promise.all(
          ids.slice(i, i + 8).map(async (id) => {
            const res = await fetch(`${s.base}/finance/demand/detail.json?id=${id}`, { headers: { satoken: token } });
            const body = (await res.json()) as { data?: { purpose: string } };
            if (body.data?.purpose !== acked.get(id)) missing.push(id);
          }),
        );
      }
      return missing;
    };

    // Round 1: the server alone is killed; its PostgreSQL lives on as an orphan, which the restart stops first.
    const r1 = await killUnderLoad(first, 1, 150, false);
    expect(alive(r1.postmaster)).toBe(true);
    const second = await restart();
    expect(second.s.output()).toContain(`Stopping PostgreSQL left running by a killed server (pid ${r1.postmaster})`);
    const lost1 = await lost(second.s, r1.acked);

    // Round 2: the server and PostgreSQL are both killed (as by the OOM killer or a container kill): crash recovery.
    const r2 = await killUnderLoad(second.s, 2, 150, true);
    expect(await waitUntilDead(r2.postmaster)).toBe(true);
    const third = await restart();
    const lost2 = await lost(third.s, r2.acked);
    const lostAgain = await lost(third.s, r1.acked);

    console.log(
      `SIGKILL under load: round 1 (server killed) acknowledged ${r1.acked.size}, lost ${lost1.length}, answers ${JSON.stringify(r1.counts)}, restart ${second.ms} ms; ` +
        `round 2 (server and PostgreSQL killed) acknowledged ${r2.acked.size}, lost ${lost2.length}, answers ${JSON.stringify(r2.counts)}, restart ${third.ms} ms`,
    );
    expect(r1.acked.size).toBeGreaterThanOrEqual(150);
    expect(r2.acked.size).toBeGreaterThanOrEqual(150);
    expect(lost1).toEqual([]);
    expect(lost2).toEqual([]);
    expect(lostAgain).toEqual([]);

    third.s.child.kill('SIGTERM');
    expect(await third.s.exited).toEqual({ code: 0, signal: null });
  }, 240_000);
});
