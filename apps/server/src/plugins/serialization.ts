import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType } from 'zod';

type Stringify = (data: unknown) => string;

/** JSON.stringify replacer: a JSON schema's types and shapes, without what differs between zod's input and output. */
const shapeOnly = (key: string, value: unknown) => (key === 'required' || (key === 'additionalProperties' && value === false) ? undefined : value);

/**
 * The route's response schema as a compiled serializer (fast-json-stringify, Fastify's own), made from the contract's
 * zod schema at start. Null when the schema has no plain JSON form: a transform or a codec changes the value on the
 * way out (what goes over the wire is not what the handler returned), or a type JSON cannot hold.
 */
export function compiledStringify(schema: ZodType): Stringify | null {
  try {
    const out = toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    const wire = toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'throw' });
    // The form the handler returns and the form on the wire differ (a codec): only zod can encode one into the other.
    // Objects being closed on the way out and defaults making fields optional on the way in are not differences.
    if (JSON.stringify(out, shapeOnly) !== JSON.stringify(wire, shapeOnly)) return null;
    return fastJson(out as Parameters<typeof fastJson>[0]) as Stringify;
  } catch {
    return null;
  }
}

/**
 * The serializer of every route's answer. In production the contract's schema is compiled once per route (issue 17:
 * validating and re-walking every answer object with zod was 8-18% of a list's CPU): only the declared fields are
 * written, as zod's parse would keep them. With `validate` (the tests), every answer is first checked against the
 * contract by zod as before, and the compiled output must equal zod's, so the whole suite proves the two agree.
 */
export function responseSerializerCompiler({ validate }: { validate: boolean }): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const stringify = compiledStringify(route.schema);
    const zod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Stringify;
    if (!stringify) return zod;
    if (!validate) return stringify;
    return (data) => {
      const expected = zod(data);
      const actual = stringify(data);
      if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(`${route.method} ${route.url}: the compiled serializer wrote ${actual.slice(0, 300)}, zod ${expected.slice(0, 300)}`);
      }
      return actual;
    };
  };
}
