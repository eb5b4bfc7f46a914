import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { centerPathFor } from '../src/auth/center-path.ts';
import { isValidCreditCode, withCheckChar } from '../src/orgs/credit-code.ts';
import { ADDED_RESOURCES, ALL_RESOURCES, CLIENT_RESOURCES } from '../src/orgs/resources.ts';
import { BUILTIN_ROLES } from '../src/orgs/builtin-roles.ts';

// The spec inventories, copied into the repository (spec/README.md) so that a clone alone runs its tests.
const spec = (name: string) => JSON.parse(fs.readFileSync(new URL(`../../../spec/${name}`, import.meta.url), 'utf8'));

describe('centerPathFor (SPEC section 2 home table)', () => {
  const homes = spec('role-homes.json') as {
    classifiedOrgType: string[] | null;
    orgType: string[] | null;
    accountType: string[] | null;
    home: string;
  }[];
  it('sends every role of role-homes.json to its home', () => {
    for (const h of homes) {
      for (const c of h.classifiedOrgType ?? []) {
        expect(centerPathFor({ accountType: 'BANK', orgType: null, classifiedOrgType: c as never }), c).toBe(h.home);
      }
      for (const o of h.orgType ?? [])
        expect(centerPathFor({ accountType: 'PLATFORM', orgType: o as never, classifiedOrgType: null })).toBe(h.home);
      for (const a of h.accountType ?? []) {
        expect(centerPathFor({ accountType: a.toUpperCase() as never, orgType: null, classifiedOrgType: null })).toBe(
          h.home,
        );
      }
    }
  });
});

describe('unified social credit code', () => {
  it('accepts a code with the right check character and refuses a changed one', () => {
    const code = withCheckChar('91350100M000100Y4');
    expect(isValidCreditCode(code)).toBe(true);
    const wrong = code.slice(0, 17) + (code[17] === '0' ? '1' : '0');
    expect(isValidCreditCode(wrong)).toBe(false);
  });
  it('knows a published example', () => {
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
    expect(isValidCreditCode('91350100M000100Y4')).toBe(false);
  });
});

describe('resources', () => {
  it('hold exactly the logged-in client routes of routes.json, plus the ones the product adds', () => {
    const routes = spec('routes.json') as { path: string | null; area: string }[];
    const clientPaths = routes.filter((r) => r.path && r.area in CLIENT_RESOURCES).map((r) => r.path);
    expect([...ALL_RESOURCES].sort()).toEqual([...clientPaths, ...ADDED_RESOURCES].sort());
  });
  it('built-in roles only grant known resources', () => {
    for (const r of BUILTIN_ROLES) for (const p of r.resources) expect(ALL_RESOURCES).toContain(p);
  });
});
