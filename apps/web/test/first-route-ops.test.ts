import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstRouteOps as plain } from 'virtual:first-route-ops';
import { firstRouteOps as declared } from '@phjr/contract/first-route';
import { firstRouteOpsData, jsonSchemaOf } from '../first-route-ops-plugin.ts';
import { checkJson } from '../src/lib/json-check.ts';

describe('first-route operations', () => {
  it('are the contract declarations as plain data: same method, path and encoding', () => {
    expect(plain).toEqual(firstRouteOpsData());
    for (const [name, op] of Object.entries(declared)) {
      const p = plain[name] as { method: string; path: string; encoding?: string };
      expect([p.method, p.path, p.encoding], name).toEqual([
        op.method,
        op.path,
        'encoding' in op ? op.encoding : undefined,
      ]);
    }
  });

  it('check answers like the zod schema they come from', () => {
    const schema = jsonSchemaOf(
      z.object({
        id: z.number().int(),
        rate: z.number().min(0).max(100),
        name: z.string().max(4),
        kind: z.enum(['A', 'B']),
        tags: z.array(z.string()),
        note: z.string().nullable(),
        extra: z.string().optional(),
        byCode: z.record(z.string(), z.number()),
        exact: z.literal(1),
      }),
      'sample',
    );
    const good = {
      id: 1,
      rate: 2.5,
      name: 'abcd',
      kind: 'A',
      tags: ['x'],
      note: null,
      byCode: { a: 1 },
      exact: 1,
      unknownKey: true,
    };
    expect(checkJson(schema, good)).toBe(good);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ id: 1.5 }, /data\.id: expected integer/],
      [{ rate: 101 }, /data\.rate: above 100/],
      [{ name: 'abcde' }, /data\.name: longer than 4/],
      [{ kind: 'C' }, /data\.kind: not one of/],
      [{ tags: [1] }, /data\.tags\[0\]/],
      [{ byCode: { a: 'x' } }, /data\.byCode\.a/],
      [{ exact: 2 }, /data\.exact/],
    ];
    for (const [change, message] of bad)
      expect(() => checkJson(schema, { ...good, ...change }), String(message)).toThrow(message);
    const { note: _, ...noNote } = good;
    expect(() => checkJson(schema, noNote)).toThrow(/data\.note: missing/);
    expect(() => checkJson(schema, null)).toThrow(/expected object/);
  });

  it('refuse a schema with a keyword the check does not know, rather than skip it', () => {
    expect(() => jsonSchemaOf(z.string().regex(/^\d+$/), 'code')).toThrow(/pattern/);
  });
});
