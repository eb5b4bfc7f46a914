import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { firstRouteOpsPlugin } from './apps/web/first-route-ops-plugin.ts';

/**
 * The files that take longest in their tier (measured on a clean clone, 2026-11-29), started first so that the other
 * worker takes the many short files beside them instead of one long file running alone at the end. Vitest orders by
 * the durations it kept from earlier runs, which a fresh clone (CI) does not have, and otherwise by file size. Only
 * the order changes; a file left out runs in Vitest's order. Each must exist (checked below), so the list stays true.
 */
const LONGEST_FIRST = [
  'apps/server/test/unit/xlsx-bombs.test.ts',
  'apps/server/test/unit/xlsx-bombs-tables.test.ts',
  'apps/server/test/api/fuzz.test.ts',
  'apps/server/test/api/lifecycle.test.ts',
  'apps/server/test/api/xlsx-bombs.test.ts',
  'apps/server/test/process/imports.test.ts',
  'apps/server/test/process/under-load.test.ts',
];
for (const file of LONGEST_FIRST)
  if (!fs.existsSync(file)) throw new Error(`vitest.config.ts LONGEST_FIRST: no ${file}`);

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (s: TestSpecification) => {
      const i = LONGEST_FIRST.indexOf(path.relative(import.meta.dirname, s.moduleId));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    return sorted
      .map((s, i) => ({ s, i }))
      .sort((a, b) => rank(a.s) - rank(b.s) || a.i - b.i)
      .map(({ s }) => s);
  }
}

/**
 * One Vitest run with four projects:
 * - unit: pure code (contract, server units, web lib), no database, no browser;
 * - api: every server route through app.inject against a real PostgreSQL (embedded, or TEST_DATABASE_URL);
 * - process: the server process itself on its own embedded PostgreSQL (shutdown, kill and restart, passwords);
 * - e2e: Playwright (playwright-core) driving Debian's Chromium against the built app.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        // The web's start-up code imports the operations the build makes from the contract (first-route-ops-plugin.ts).
        plugins: [firstRouteOpsPlugin()],
        test: {
          name: 'unit',
          include: [
            'packages/contract/test/**/*.test.ts',
            'apps/server/test/unit/**/*.test.ts',
            'apps/web/test/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
          // Two workers (Vitest's default on two cores is one), each loading the modules once for all its files instead
          // of once per file (most of the tier's time was importing antd and React again): a file leaves module state
          // as it found it (fake timers, mocks), and a test of a fresh start loads its module anew (vi.resetModules).
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/api/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Two workers side by side, each with a database of its own (global-setup.ts), each running its files one after
          // another without isolation: the server's modules are loaded once per worker and createTestApp() hands every
          // file the same app (helpers.ts), so a run pays the start-up once per worker, not per file.
          maxWorkers: 2,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The server as a process (what `npm start` runs) on embedded PostgreSQL clusters of its own, in temporary
        // directories: signals under load, SIGKILL and restart, the cluster's password. No shared test database.
        test: {
          name: 'process',
          include: ['apps/server/test/process/**/*.test.ts'],
          // Two files at a time: each runs servers on embedded clusters of its own, on ports and in directories of its own.
          maxWorkers: 2,
          testTimeout: 240_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/specs/**/*.spec.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // One file at a time: Chromium drawing the pages keeps both cores of this machine busy by itself (two workers,
          // each with a browser and a server of its own, took longer than one: decision record 0035).
          fileParallelism: false,
          // One worker for all the files, keeping its modules and its browser (fixtures.ts useBrowser) from one file to
          // the next: about 1.5 s of imports and launching saved per file. Each test makes its own browser contexts.
          isolate: false,
          // expect.poll waits as long as a locator does (newPage's 20 s), not Vitest's default 1 s: a list that takes longer
          // than a second to come on a loaded machine is not a failure (a poll that never holds still fails, in 20 s).
          expect: { poll: { timeout: 20_000 } },
          testTimeout: 120_000,
          // No retry: a browser test that fails once is fixed at its cause (decision record 0030: no motion for the
          // tests' reduced-motion contexts, data named per run, tiers that never run at once).
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
