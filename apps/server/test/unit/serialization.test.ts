import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@phjr/contract/envelope';
import { answerAsReturned, compiledStringify, responseSerializerCompiler } from '../../src/plugins/serialization.ts';
import { OPERATIONS } from '../operations.ts';

const route = (schema: z.ZodType) =>
  ({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as never as Parameters<
    ReturnType<typeof responseSerializerCompiler>
  >[0];

describe('the compiled response serializer', () => {
  it('compiles the answer of every operation of the contract (none is left to zod in production)', () => {
    const envelopes = OPERATIONS.filter((op) => op.answers !== 'file');
    expect(envelopes.length).toBeGreaterThan(140);
    const left = envelopes
      .filter((op) => compiledStringify(envelope(op.response as z.ZodType)) === null)
      .map((op) => `${op.method} ${op.path}`);
    expect(left).toEqual([]);
  });

  it('writes only the declared fields, as zod would keep them', () => {
    const schema = envelope(
      z.object({
        id: z.number().int(),
        name: z.string().nullable(),
        tags: z.array(z.string()),
        at: z.string().optional(),
      }),
    );
    const write = responseSerializerCompiler({ validate: false })(route(schema)) as (d: unknown) => string;
    const data = {
      success: true,
      code: 200,
      data: { id: 7, name: '茶园"贷"', tags: ['a'], passwordHash: 'secret' },
      extra: 1,
    };
    expect(JSON.parse(write(data))).toEqual({
      success: true,
      code: 200,
      data: { id: 7, name: '茶园"贷"', tags: ['a'] },
    });
    expect(write(data)).not.toContain('secret');
  });

  it('checks the answer against the contract and the compiled output against zod when validating', () => {
    const schema = envelope(z.object({ id: z.number().int() }));
    const write = responseSerializerCompiler({ validate: true })(route(schema)) as (d: unknown) => string;
    expect(write({ success: true, code: 200, data: { id: 1 } })).toBe('{"success":true,"code":200,"data":{"id":1}}');
    expect(() => write({ success: true, code: 200, data: { id: 'x' } })).toThrow();
  });

  it('writes an answer its handler returns as the contract writes it with JSON.stringify, and proves the claim when validating', () => {
    const schema = answerAsReturned(
      envelope(
        z.object({
          list: z.array(z.object({ id: z.number().int(), at: z.string().nullable() })),
          total: z.number().int(),
        }),
      ),
    );
    const data = { success: true, code: 200, data: { list: [{ id: 1, at: null }], total: 1 } };
    const write = responseSerializerCompiler({ validate: false })(route(schema)) as (d: unknown) => string;
    expect(write(data)).toBe(JSON.stringify(data));
    // A field more (a row's internal column) would go out: the tests' validation refuses it.
    const withInternal = { ...data, data: { ...data.data, list: [{ id: 1, at: null, total: 1 }] } };
    expect(write(withInternal)).toContain('"total":1}');
    const check = responseSerializerCompiler({ validate: true })(route(schema)) as (d: unknown) => string;
    expect(check(data)).toBe(JSON.stringify(data));
    expect(() => check(withInternal)).toThrow(/answerAsReturned/);
    // So is a value not of its wire type (zod refuses it first).
    expect(() => check({ ...data, data: { ...data.data, total: '1' } })).toThrow();
  });

  it('leaves a schema whose wire form differs from what the handler returns (a codec) to zod', () => {
    const codec = z.codec(z.string(), z.number(), { decode: Number, encode: String });
    expect(compiledStringify(envelope(z.object({ n: codec })))).toBeNull();
    const write = responseSerializerCompiler({ validate: false })(route(envelope(z.object({ n: codec })))) as (
      d: unknown,
    ) => string;
    expect(JSON.parse(write({ success: true, code: 200, data: { n: 5 } })).data).toEqual({ n: '5' });
  });
});
