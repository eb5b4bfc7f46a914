import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { articlesAtScale } from './articles.ts';
import { chainsAtScale } from './chains.ts';
import { demandsAtScale } from './demands.ts';
import { enterprisesAtScale } from './enterprises.ts';
import { farmersAtScale } from './farmers.ts';
import { productsAtScale } from './products.ts';
import { shelterAtScale } from './shelter.ts';

/**
 * The scale-data generator of ENGINEERING.md ("a large city"): each domain adds its rows with set-based SQL
 * (generate_series), so a million rows take seconds, not hours. Domains are generated once per benchmark database
 * and remembered in app_config, so a later issue's domain is added to an existing benchmark database without
 * regenerating the others. `factor` scales every row count (1 = the full budget scale).
 */
export interface ScaleDomain {
  name: string;
  /** Rows at factor 1. */
  rows: number;
  generate(db: Db, rows: number): Promise<void>;
}

export const SCALE_DOMAINS: ScaleDomain[] = [
  enterprisesAtScale,
  articlesAtScale,
  productsAtScale,
  demandsAtScale,
  chainsAtScale,
  farmersAtScale,
  shelterAtScale,
];

const MARKER = 'bench.scale';

export async function generateScale(
  db: Db,
  factor: number,
  log: (m: string) => void,
  domains: ScaleDomain[] = SCALE_DOMAINS,
) {
  const res = await db.execute(sql`SELECT value FROM app_config WHERE key = ${MARKER}`);
  const marker = (res.rows[0]?.value as { factor: number; done: string[] } | undefined) ?? { factor, done: [] };
  if (marker.factor !== factor)
    throw new Error(
      `The benchmark database was generated at factor ${marker.factor}, not ${factor}: delete it or use the same factor.`,
    );
  for (const d of domains) {
    if (marker.done.includes(d.name)) continue;
    const rows = Math.max(1, Math.round(d.rows * factor));
    const started = Date.now();
    log(`  generating ${rows.toLocaleString('en')} ${d.name}...`);
    await d.generate(db, rows);
    marker.done.push(d.name);
    await db.execute(
      sql`INSERT INTO app_config (key, value) VALUES (${MARKER}, ${JSON.stringify(marker)}::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    log(`  ${d.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await db.execute(sql`ANALYZE`);
}
