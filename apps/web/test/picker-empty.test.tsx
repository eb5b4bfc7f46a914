import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import i18n from '../src/lib/i18n.ts';
import { resources, LOCALES } from '../src/locales/index.ts';
import { pickerEmpty } from '../src/components/PickerEmpty.tsx';

/** Issue 30: an empty picker of server data says what is missing and what to do, not only 暂无数据. */
const SRC = join(import.meta.dirname, '../src');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : n.endsWith('.tsx') ? [join(dir, n)] : [],
  );
const used = [
  ...new Set(
    files(SRC).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/common:pickers\.(\w+)/g)].map((m) => m[1])),
  ),
];

beforeAll(() => i18n.changeLanguage('en-US'));
afterAll(() => i18n.changeLanguage('zh-CN'));

describe('empty pickers', () => {
  it('the bank picker says in English that no bank is there and whom to ask', () => {
    const html = renderToString(pickerEmpty(i18n.t('common:pickers.noBank'), false));
    expect(html).toContain('data-testid="picker-empty"');
    expect(html).toContain('No bank to choose: ask the platform operator to add the bank.');
    expect(pickerEmpty(i18n.t('common:pickers.noBank'), true)).toBeNull();
  });

  it('every picker text the screens name exists in both languages', () => {
    expect(used.length).toBeGreaterThan(8);
    for (const lang of LOCALES) {
      const pickers = (resources[lang].common as { pickers?: Record<string, string> }).pickers ?? {};
      for (const key of used) expect(pickers[key], `${lang} common:pickers.${key}`).toMatch(/\S{4}/);
    }
  });
});
