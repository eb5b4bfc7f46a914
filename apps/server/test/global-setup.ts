import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDb } from '../src/db/embedded.ts';
import { freePort } from '../src/lib/net.ts';
import { createSeededDatabase } from './seeded-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * One database per worker of the api project (a worker runs its files one after another; the workers run side by
     * side), as the app role (not a superuser, rows only): what createTestApp connects with. helpers.ts picks the
     * worker's own by VITEST_POOL_ID.
     */
    databaseUrls: string[];
    /** The same databases as their owner (the server's role): for what a test needs beyond rows, and for new ones. */
    adminDatabaseUrls: string[];
    /** The migrated and seeded database the others are copied from (`newSeededDatabase`, helpers.ts). */
    templateDatabase: string;
  }
}

let embedded: EmbeddedDb | null = null;
let embeddedDir: string | null = null;
let drops: (() => Promise<void>)[] = [];

/**
 * One fresh database per worker of the API test run: on the PostgreSQL server given by TEST_DATABASE_URL, or on an
 * embedded PostgreSQL started here. Each is a copy of one database migrated and loaded with the demo data here (the
 * template); tests add their own rows through factories. The workers never share one, so a file sees only its own
 * worker's earlier files' rows, as before.
 */
export async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // One directory per run, so runs started side by side do not share a cluster.
    embeddedDir = path.resolve(`.tmp/test-pg-${process.pid}`);
    fs.rmSync(embeddedDir, { recursive: true, force: true });
    embedded = await startEmbeddedPostgres(embeddedDir, await freePort(), () => {});
    serverUrl = embedded.url;
  }
  const workers = Number(project.config.maxWorkers) || 1;
  // Migrated and seeded once; each worker's database is a copy of it, as are the fuzz and scale tests' own.
  const template = await createSeededDatabase(serverUrl, 'phjr_template');
  const made = await Promise.all(
    Array.from({ length: workers }, (_, i) =>
      createSeededDatabase(serverUrl!, `phjr_test${i + 1}`, { template: template.name }),
    ),
  );
  drops = [...made.map((m) => m.drop), template.drop];
  project.provide('templateDatabase', template.name);
  project.provide(
    'databaseUrls',
    made.map((m) => m.url),
  );
  project.provide(
    'adminDatabaseUrls',
    made.map((m) => m.adminUrl),
  );
}

export async function teardown() {
  await Promise.all(drops.map((drop) => drop()));
  await embedded?.stop();
  if (embeddedDir) fs.rmSync(embeddedDir, { recursive: true, force: true });
}
