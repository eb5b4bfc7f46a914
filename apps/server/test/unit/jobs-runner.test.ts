import { describe, expect, it } from 'vitest';
import { startJobs, type ScheduledJob } from '../../src/jobs/runner.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The in-process scheduler of the server's jobs (jobs/runner.ts startJobs). */
describe('startJobs', () => {
  it('never overlaps runs of a job, passes the minimum interval, and stop() waits for the run in progress', async () => {
    let active = 0;
    let maxActive = 0;
    let started = 0;
    let finished = 0;
    const intervals: number[] = [];
    const job: ScheduledJob = {
      name: 'slow',
      intervalMs: 10,
      firstAfterMs: 0,
      async run({ minIntervalMs }) {
        intervals.push(minIntervalMs);
        started += 1;
        active += 1;
        maxActive = Math.max(maxActive, active);
        await sleep(60);
        active -= 1;
        finished += 1;
      },
    };
    const jobs = startJobs([job], () => {});
    await sleep(150);
    await jobs.stop();
    expect(started).toBeGreaterThanOrEqual(2);
    expect(maxActive).toBe(1);
    // Nothing is left running once stop() has resolved, and nothing starts afterwards.
    expect(finished).toBe(started);
    await sleep(50);
    expect(started).toBe(finished);
    expect(new Set(intervals)).toEqual(new Set([8]));
  });

  it('logs a failed run and keeps the schedule', async () => {
    const logs: string[] = [];
    let calls = 0;
    const jobs = startJobs(
      [
        {
          name: 'flaky',
          intervalMs: 10,
          firstAfterMs: 0,
          async run() {
            calls += 1;
            if (calls === 1) throw new Error('database away');
          },
        },
      ],
      (m) => logs.push(m),
    );
    await sleep(80);
    await jobs.stop();
    expect(logs[0]).toContain('job flaky failed: Error: database away');
    expect(calls).toBeGreaterThanOrEqual(2);
  });
});
