/**
 * The floor of `npm run bench`: a bare Fastify + pg server that answers GET /<scenario> by running the SQL the
 * real app ran for that scenario (captured by bench/run.ts), with the same waves of concurrency, and returning the
 * rows as JSON. Whatever the app costs above this is the price of its own code.
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { appPool, GENERIC_PLAN_OPTIONS, preparable, statementName, wantsGenericPlan } from '../src/db/client.ts';
import type { CapturedQuery } from './capture.ts';

const plan = JSON.parse(fs.readFileSync(process.env.FLOOR_PLAN!, 'utf8')) as Record<string, CapturedQuery[]>;
// Connections set up as the app sets its own (db/client.ts): the same server-side memory behaviour.
const poolOf = (options?: string) =>
  appPool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 10), options });
const pool = poolOf();
// The statements the app runs with generic plans run so here too (db/client.ts GENERIC_PLAN).
const generic = poolOf(GENERIC_PLAN_OPTIONS);
const app = Fastify({ logger: false });
// Prepared under the same names as the app prepares them (db/client.ts), so both pay the same for parsing and planning.
const names = new Map(
  Object.values(plan).flatMap((qs) =>
    qs.filter((q) => preparable(q.text)).map((q) => [q.text, statementName(q.text)] as const),
  ),
);

for (const [name, queries] of Object.entries(plan)) {
  const waves = [...new Set(queries.map((q) => q.wave))].map((w) => queries.filter((q) => q.wave === w));
  app.get(`/${name}`, async () => {
    const data: unknown[] = [];
    for (const wave of waves) {
      const results = await Promise.all(
        wave.map(
          (q) =>
            (wantsGenericPlan(q.text) ? generic : pool).query({
              text: q.text,
              values: q.values,
              rowMode: q.rowMode,
              name: names.get(q.text),
            } as pg.QueryConfig) as Promise<pg.QueryResult>,
        ),
      );
      for (const r of results) data.push(r.rows);
    }
    return { success: true, code: 200, data };
  });
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => Promise.all([pool.end(), generic.end()]))
      .then(() => process.exit(0)),
);
