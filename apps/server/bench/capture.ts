import type pg from 'pg';

/** One statement the app sent to PostgreSQL, as the driver got it. */
export interface CapturedQuery {
  text: string;
  values: unknown[];
  rowMode?: 'array';
  /** Statements of one wave were in flight together (Promise.all in the app); waves run one after another. */
  wave: number;
}

/**
 * Records every statement sent through a pool while `record` is on, with which statements overlapped, so the
 * floor can replay exactly the app's SQL with the app's concurrency.
 */
export function capturePool(pool: pg.Pool) {
  let log: CapturedQuery[] | null = null;
  let inFlight = 0;
  let wave = 0;
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
    if (log) {
      const [first, second] = args;
      // drizzle passes a config object and the values as a second argument: query({ text, rowMode }, values).
      const q =
        typeof first === 'string'
          ? { text: first, values: (second as unknown[]) ?? [] }
          : (first as { text: string; values?: unknown[]; rowMode?: 'array' });
      if (inFlight === 0) wave += 1;
      log.push({ text: q.text, values: (second as unknown[] | undefined) ?? q.values ?? [], rowMode: q.rowMode, wave });
      inFlight += 1;
      const done = () => {
        inFlight -= 1;
      };
      const p = original(...args);
      p.then(done, done);
      return p;
    }
    return original(...args);
  };
  return {
    start() {
      log = [];
      wave = 0;
    },
    stop(): CapturedQuery[] {
      const out = log ?? [];
      log = null;
      return out;
    },
  };
}
