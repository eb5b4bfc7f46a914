import type { Plugin } from 'vite';
import { toJSONSchema, type $ZodType } from 'zod/v4/core';
import { firstRouteOps } from '../../packages/contract/src/first-route.ts';
import { JSON_CHECK_KEYWORDS, type JsonSchema } from './src/lib/json-check.ts';

const ID = 'virtual:first-route-ops';

/** zod's bounds of a plain integer say nothing a JSON number does not: left out to keep the first route small. */
const SAFE = 9007199254740991;

function slim(node: unknown, at: string): unknown {
  if (Array.isArray(node)) return node.map((n, i) => slim(n, `${at}[${i}]`));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === 'description' || key === 'title') continue;
    if ((key === 'minimum' && value === -SAFE) || (key === 'maximum' && value === SAFE)) continue;
    if (key === 'properties') {
      out[key] = Object.fromEntries(
        Object.entries(value as object).map(([name, s]) => [name, slim(s, `${at}.${name}`)]),
      );
      continue;
    }
    if (!JSON_CHECK_KEYWORDS.includes(key))
      throw new Error(`first-route-ops: ${at} uses "${key}", which json-check.ts does not check`);
    out[key] = slim(value, `${at}.${key}`);
  }
  return out;
}

/** The JSON Schema the web checks an answer against, made from a response schema; refuses keywords it cannot check. */
export function jsonSchemaOf(schema: $ZodType, name: string): JsonSchema {
  return slim(toJSONSchema(schema, { io: 'output' }), name) as JsonSchema;
}

/** Each first-route operation as plain data: method, path, encoding and its response's JSON Schema. */
export function firstRouteOpsData(): Record<
  string,
  { method: string; path: `/${string}`; encoding?: string; response: JsonSchema }
> {
  return Object.fromEntries(
    Object.entries(firstRouteOps).map(([name, op]) => {
      const encoding = 'encoding' in op ? op.encoding : undefined;
      const response = jsonSchemaOf(op.response as $ZodType, name);
      return [name, { method: op.method, path: op.path, ...(encoding ? { encoding } : {}), response }];
    }),
  );
}

/**
 * Serves `virtual:first-route-ops` (packages/contract/src/first-route.ts): the web's start-up and first route call
 * these operations without loading zod, and check every answer against the JSON Schema made here from the
 * operation's own response schema.
 */
export function firstRouteOpsPlugin(): Plugin {
  return {
    name: 'phjr-first-route-ops',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load: (id) =>
      id === `\0${ID}` ? `export const firstRouteOps = ${JSON.stringify(firstRouteOpsData())};\n` : undefined,
  };
}
