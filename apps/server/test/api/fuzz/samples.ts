import type { z } from 'zod';
import type { Random } from './random.ts';

/**
 * Near-valid values from a route's zod request schema: every field gets a value its own schema accepts when one of a
 * few candidates does, so that breaking one field at a time reaches past the other fields' checks.
 */

interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;
const accepts = (s: unknown, v: unknown) => (s as z.ZodType).safeParse(v).success;

const STRING_CANDIDATES = [
  '测试内容abc',
  'abcdefgh12',
  '13800138000',
  'Demo@2026abc',
  'user_0001',
  'http://localhost:3000/home',
  '2026-01-15',
  '320100',
  '320102',
  '91320100MA1W9HJ57X',
  '320102199003071234',
  'PUBLIC',
  'a@example.com',
  '0510-12345678',
  '1',
  '1,2',
  'true',
  'x',
];
/**
 * The first fits an id field only (the other numbers have smaller bounds): a near-valid request names no existing
 * row, so the few that pass validation cannot disable a demo account or strip its roles for the rest of the run.
 */
const NUMBER_CANDIDATES = [1_999_999_999, 1, 2, 10, 100, 2026, 0.5, 0, 5, 30];

export function sample(schema: unknown, rnd: Random, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 8) return null;
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) {
        const optional = ['optional', 'default', 'prefault', 'nullable'].includes(defOf(child).type);
        if (optional && rnd.chance(0.3)) continue;
        out[key] = sample(child, rnd, depth + 1);
      }
      return out;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(def.innerType, rnd, depth + 1);
    case 'pipe':
      return sample(def.in, rnd, depth + 1);
    case 'lazy':
      return sample((def.getter as () => unknown)(), rnd, depth + 1);
    case 'array': {
      const min =
        ((def.checks as { _zod: { def: { check: string; minimum?: number } } }[] | undefined) ?? []).find(
          (c) => c._zod.def.check === 'min_length',
        )?._zod.def.minimum ?? 1;
      return Array.from({ length: Math.max(1, min) }, () => sample(def.element, rnd, depth + 1));
    }
    case 'tuple':
      return (def.items as unknown[]).map((i) => sample(i, rnd, depth + 1));
    case 'enum':
      return rnd.pick(Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return (def.values as unknown[])[0];
    case 'union':
      return sample(rnd.pick(def.options as unknown[]), rnd, depth + 1);
    case 'intersection':
      return { ...(sample(def.left, rnd, depth + 1) as object), ...(sample(def.right, rnd, depth + 1) as object) };
    case 'record':
      return { k1: sample(def.valueType, rnd, depth + 1) };
    case 'boolean':
      return rnd.chance(0.5);
    case 'null':
      return null;
    case 'date':
      return '2026-01-15T00:00:00.000Z';
    case 'number':
      return NUMBER_CANDIDATES.find((n) => accepts(schema, n)) ?? 1;
    case 'string': {
      const ok = STRING_CANDIDATES.find((s) => accepts(schema, s));
      return ok ?? 'x';
    }
    default:
      return 'x';
  }
}

/** The paths of every value in a sample (objects, arrays and leaves), the root excluded. */
export function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const out: (string | number)[][] = [];
  for (const [k, v] of Object.entries(value)) {
    const p = [...prefix, Array.isArray(value) ? Number(k) : k];
    out.push(p, ...pathsOf(v, p));
  }
  return out;
}

export function setAt(root: unknown, path: (string | number)[], value: unknown | typeof REMOVE) {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (value === REMOVE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
}
export const REMOVE = Symbol('remove');
