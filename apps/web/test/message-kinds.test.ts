import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS, enumOfSpec, knownEnum, type MessageParamSpec } from '@phjr/contract/notify/message-kinds';
import { resources, LOCALES } from '../src/locales/index.ts';

/** Issue 30, item 7: every kind of in-site message the server sends is worded in every language of the web. */
const at = (tree: unknown, path: string[]): unknown =>
  path.reduce<unknown>(
    (node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined),
    tree,
  );
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);

describe('the message catalogue and its wordings', () => {
  for (const lang of LOCALES) {
    const platform = resources[lang].platform;
    for (const [kind, params] of Object.entries(MESSAGE_KINDS) as [string, Record<string, MessageParamSpec>][]) {
      it(`${lang} words ${kind} with its own params only`, () => {
        const wording = at(platform.messageKinds, kind.split('.')) as
          { title?: unknown; content?: unknown } | undefined;
        expect(typeof wording?.title, `${lang} ${kind}.title`).toBe('string');
        expect(typeof wording?.content, `${lang} ${kind}.content`).toBe('string');
        expect((wording!.title as string).length).toBeGreaterThan(1);
        const used = [...placeholders(wording!.title as string), ...placeholders(wording!.content as string)];
        for (const p of used) expect(Object.keys(params), `${lang} ${kind} names {{${p}}}`).toContain(p);
        // Each param that may be empty reads by its own words in this language (`none` only where none says something).
        for (const [name, spec] of Object.entries(params)) {
          if (spec.endsWith('?')) {
            expect(typeof at(platform.messageParams, [name, 'some']), `${lang} messageParams.${name}.some`).toBe(
              'string',
            );
          }
          const e = enumOfSpec(spec);
          if (e) expect(knownEnum(e), `${kind}.${name} names enum ${e}`).toBe(true);
        }
      });
    }
  }

  it('has no wording of a kind the catalogue does not list', () => {
    const kinds = new Set(Object.keys(MESSAGE_KINDS));
    const walk = (node: unknown, path: string[]): string[] =>
      node && typeof node === 'object' && !('title' in node)
        ? Object.entries(node).flatMap(([k, v]) => walk(v, [...path, k]))
        : [path.join('.')];
    for (const lang of LOCALES)
      for (const k of walk(resources[lang].platform.messageKinds, [])) expect(kinds, `${lang} ${k}`).toContain(k);
  });
});
