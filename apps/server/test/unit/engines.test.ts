import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

/**
 * The README promises Node 20.19 or newer. A dependency that requires a newer Node makes `npm install` print engine
 * warnings there (and may use APIs that Node lacks), so every package the lockfile installs must accept the oldest
 * Node the project claims.
 */
describe('supported Node', () => {
  const claimed = read('package.json').engines.node as string;
  const oldest = semver.minVersion(claimed)!.version;

  it('is the one the README names', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`Node.js (${oldest.replace(/\.0$/, '')} or newer)`);
  });

  it('is accepted by every package in the lockfile', () => {
    const lock = read('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refused = Object.entries(lock.packages)
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node, { includePrerelease: true }))
      .map(
        ([name, p]) =>
          `${name.replace(/^.*node_modules\//, '')}@${p.version} needs node ${(p.engines as { node: string }).node}`,
      );
    expect(refused).toEqual([]);
  });
});
