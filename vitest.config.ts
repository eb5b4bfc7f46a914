import { defineConfig } from 'vitest/config';

/**
 * One Vitest run with three projects:
 * - unit: pure code (contract, server units, web lib), no database, no browser;
 * - api: every server route through app.inject against a real PostgreSQL (embedded, or TEST_DATABASE_URL);
 * - e2e: Playwright (playwright-core) driving Debian's Chromium against the built app.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/test/**/*.test.ts', 'apps/server/test/unit/**/*.test.ts', 'apps/web/test/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/api/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/specs/**/*.spec.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
