import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FigureDefinition } from '@phjr/contract/stats/reports';

/**
 * Every figure's definition (口径), written once in docs/statistics.md and served by definitions.json: the tables of
 * the sections "Report figures", "Bank scorecard" and "Achievement display", whose columns are
 * `key | 中文 | English | definition | 中文口径`. Read once at start-up. The built server finds the file beside its
 * bundle (build.mjs copies it); the source tree reads it from docs/.
 */
export const DEFINITION_SECTIONS = ['Report figures', 'Bank scorecard', 'Achievement display'] as const;

/** Where docs/statistics.md is: STATS_DOC, beside the bundle (dist/statistics.md), or the repository's docs/. */
export function statisticsDocPath(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    process.env.STATS_DOC,
    path.join(here, 'statistics.md'),
    path.resolve(here, '../../../../../docs/statistics.md'),
  ];
  const found = candidates.find((p): p is string => !!p && fs.existsSync(p));
  if (!found) throw new Error(`docs/statistics.md not found (looked in ${candidates.filter(Boolean).join(', ')})`);
  return found;
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    // A pipe inside a cell is written \| in Markdown.
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));

const plain = (s: string) => s.replace(/^`|`$/g, '').trim();

/** The definitions of the sections' tables, in the document's order; a key defined twice keeps its first definition. */
export function parseDefinitions(
  markdown: string,
  sections: readonly string[] = DEFINITION_SECTIONS,
): FigureDefinition[] {
  const out: FigureDefinition[] = [];
  const seen = new Set<string>();
  let inSection = false;
  let columns: string[] | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^(#{2,3})\s+(.*)$/.exec(line);
    if (heading) {
      // A level-2 heading starts or ends a section; level-3 headings stay inside it.
      if (heading[1] === '##') inSection = sections.some((s) => heading[2].toLowerCase().startsWith(s.toLowerCase()));
      columns = null;
      continue;
    }
    if (!inSection) continue;
    if (!line.trim().startsWith('|')) {
      columns = null;
      continue;
    }
    const c = cells(line);
    if (!columns) {
      if (c[0].toLowerCase() === 'key') columns = c.map((x) => x.toLowerCase());
      continue;
    }
    if (c.every((x) => /^:?-+:?$/.test(x))) continue;
    const at = (name: string) => c[columns!.indexOf(name)] ?? '';
    const key = plain(at('key'));
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push({ key, zh: at('中文'), en: at('english'), text: at('definition'), textZh: at('中文口径') });
  }
  return out;
}

let loaded: FigureDefinition[] | null = null;

/** The definitions, read from the document once per process. */
export function figureDefinitions(): FigureDefinition[] {
  loaded ??= parseDefinitions(fs.readFileSync(statisticsDocPath(), 'utf8'));
  return loaded;
}
