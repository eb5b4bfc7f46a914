/**
 * Checks an answer against the JSON Schema of its operation's response, for the calls of start-up and the portal's
 * first route, which must not load zod (packages/contract/src/first-route.ts). The schemas are made at build time
 * from the contract's zod schemas (apps/web/first-route-ops-plugin.ts), which refuses any keyword this checker does not
 * know, so nothing is skipped silently. A mismatch throws, as zod's `parse` does for every other call.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  /** `false` (zod's objects) is not enforced: like zod's `parse`, unknown keys are tolerated. */
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
};

/** Every keyword `checkJson` reads, and the annotations it may ignore. */
export const JSON_CHECK_KEYWORDS: readonly string[] = [
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'anyOf',
  'enum',
  'const',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  '$schema',
  'description',
  'title',
  'default',
  'format',
];

export class JsonCheckError extends Error {}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function problem(schema: JsonSchema, value: unknown, at: string): string | null {
  if (schema.anyOf) {
    const problems = schema.anyOf.map((s) => problem(s, value, at));
    return problems.includes(null) ? null : `${at}: matches no alternative (${problems.join('; ')})`;
  }
  if (schema.const !== undefined && value !== schema.const) return `${at}: expected ${JSON.stringify(schema.const)}`;
  if (schema.enum && !schema.enum.includes(value)) return `${at}: not one of ${JSON.stringify(schema.enum)}`;
  if (schema.type !== undefined) {
    const actual = typeOf(value);
    const allowed = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!allowed.includes(actual) && !(actual === 'integer' && allowed.includes('number')))
      return `${at}: expected ${allowed.join('|')}, got ${actual}`;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return `${at}: below ${schema.minimum}`;
    if (schema.maximum !== undefined && value > schema.maximum) return `${at}: above ${schema.maximum}`;
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength)
      return `${at}: shorter than ${schema.minLength}`;
    if (schema.maxLength !== undefined && value.length > schema.maxLength)
      return `${at}: longer than ${schema.maxLength}`;
  }
  if (Array.isArray(value) && schema.items) {
    for (let i = 0; i < value.length; i++) {
      const p = problem(schema.items, value[i], `${at}[${i}]`);
      if (p) return p;
    }
  }
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in obj)) return `${at}.${key}: missing`;
    for (const [key, v] of Object.entries(obj)) {
      const own = schema.properties?.[key];
      const rest = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
      if (schema.propertyNames && !own) {
        const p = problem(schema.propertyNames, key, `${at}.${key} (name)`);
        if (p) return p;
      }
      const p = own ? problem(own, v, `${at}.${key}`) : rest ? problem(rest, v, `${at}.${key}`) : null;
      if (p) return p;
    }
  }
  return null;
}

/** The value, when it matches the schema; otherwise throws naming the first place that does not. */
export function checkJson<T>(schema: JsonSchema, value: unknown): T {
  const p = problem(schema, value, 'data');
  if (p) throw new JsonCheckError(`The answer does not match its operation: ${p}`);
  return value as T;
}
