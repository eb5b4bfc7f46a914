import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 12: every service is built once, in the composition root (src/services.ts createServices); app.ts hands them
 * to the route plugins through their deps and server.ts runs the jobs on the same instances. Before, each route
 * plugin built its own services and server.ts built a second settings service (and the sweep a second demands
 * service) for the jobs. Tests may still build services directly; the server's sources may not.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');
const ROOT = path.join(SRC, 'services.ts');
/**
 * A call of a service factory or of the deployment's SMS gateway: `createDemandsService(`, `createSmsGateway(`.
 * (createOutboxGateway(tx) is not counted: it binds the outbox to one transaction, like a repository call.)
 */
const FACTORY_CALL = /\bcreate(?:\w*Service|SmsGateway)\(/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

/** Factory calls outside their own definitions and outside default parameters (`gateway = createSmsGateway(db)`). */
function factoryCalls(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) =>
      [...line.matchAll(FACTORY_CALL)]
        .filter(
          (m) => !/\bfunction\s+$/.test(line.slice(0, m.index)) && !/\w+:\s*\w+\s*=\s*$/.test(line.slice(0, m.index)),
        )
        .map((m) => `${path.relative(SRC, file)}:${i + 1} ${m[0]}`),
    );
}

describe('one composition root', () => {
  it('builds every service in src/services.ts and nowhere else in the server', () => {
    const outside = sources(SRC)
      .filter((f) => f !== ROOT)
      .flatMap(factoryCalls);
    expect(outside).toEqual([]);
  });

  it('builds each service of the root once', () => {
    const calls = factoryCalls(ROOT).map((c) => c.split(' ')[1]);
    expect(calls.length).toBeGreaterThan(10);
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('gives the route plugins their services through deps and the jobs the app’s own instances', () => {
    const server = fs.readFileSync(path.join(SRC, 'server.ts'), 'utf8');
    expect(server).toMatch(/demandSweepJob\(db, app\.services\.demands/);
    const app = fs.readFileSync(path.join(SRC, 'app.ts'), 'utf8');
    // The captchas' test hook (buildApp's captchaHooks) is the one extra argument; server.ts never passes it.
    expect(app).toMatch(/createServices\(database, config, readCache, sessionCache(, captchaHooks)?\)/);
    expect(app).toMatch(/const deps: AppDeps = \{ \.\.\.services,/);
  });
});
