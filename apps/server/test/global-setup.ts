import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDb } from '../src/db/embedded.ts';
import { freePort } from '../src/lib/net.ts';
import { createSeededDatabase } from './seeded-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's database as the app role (not a superuser, rows only): what createTestApp connects with. */
    databaseUrl: string;
    /** The same database as its owner (the server's role): for what a test needs beyond rows, and for new databases. */
    adminDatabaseUrl: string;
  }
}

let embedded: EmbeddedDb | null = null;
let embeddedDir: string | null = null;
let dropDatabase: (() => Promise<void>) | null = null;

/**
 * One fresh database for the API test run: on the PostgreSQL server given by TEST_DATABASE_URL, or on an embedded
 * PostgreSQL started here. It is migrated and loaded with the demo data; tests add their own rows through factories.
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
  const made = await createSeededDatabase(serverUrl, 'phjr_test');
  dropDatabase = made.drop;
  project.provide('databaseUrl', made.url);
  project.provide('adminDatabaseUrl', made.adminUrl);
}

export async function teardown() {
  await dropDatabase?.();
  await embedded?.stop();
  if (embeddedDir) fs.rmSync(embeddedDir, { recursive: true, force: true });
}
