import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 31: a doc or a comment that names a file names one that exists. Read: README.md and docs/**\/*.md as a whole,
 * and the comments (not the code: imports are the compiler's business) of every TypeScript and JavaScript file under
 * apps/, packages/, e2e/, scripts/, eslint-rules/ and the root's config files. Migrations are left out: an applied
 * migration is history and is never edited.
 *
 * What counts as a path, and where it must exist (the rule):
 * - a path from the repository's root (`apps/…`, `packages/…`, `e2e/…`, `docs/…`, `scripts/…`, `spec/…`,
 *   `eslint-rules/…`, `.ci/…`), with or without an extension: that file or folder, from the root;
 * - `./<path>` or `../<path>`: from the naming file's folder;
 * - `@phjr/contract/<path>`: packages/contract/src/<path>.ts;
 * - any other path with a folder and a file extension (`lib/json-check.ts`, `db/roles.ts`, `audit/audit.ts`,
 *   `contract/demands/product-limits.ts`, `components/EChart.tsx`): from the naming file's folder or one of its
 *   ancestors, or from one of the source roots apps/server/src, apps/web/src, packages/contract/src, the server's
 *   modules and the web's features (or the packages apps/server, apps/web, packages/contract, and e2e) — the places
 *   such a short path can mean. A short path with no extension (`zod/mini`, `and/or`), a short folder (`api/`) and a
 *   short `.json` path (an API call: `log/page.json`) are not taken for files;
 * - a bare file name with a code or doc extension (`xlsx-import.ts`, `ProductList.tsx`): some file of that name in
 *   the repository (a name is ambiguous, not wrong), except the design documents that live beside the repository
 *   (OUTSIDE_REPO);
 * - a pattern (`<domain>`, `*`, `{a,b}`, `${…}`, `NNNN`) is checked up to the folder before it; an address
 *   (`https://…`, `/finance/…`), an npm package (`@scope/…`, `zod/v4/core`) and what the build or a run writes
 *   (`dist/`, `.tmp/`, `data/`) are not files of the repository;
 * - `docs/<name>.md "Section"` (a quoted name right after a doc's path) must name text that is in that doc, so a pointer
 *   survives a doc being split or a section renamed.
 */
const REPO = path.resolve(import.meta.dirname, '../../../..');
/** Folders not walked: dependencies, git, and what the build or a run writes (the root's `data/` only). */
const SKIP_DIRS = new Set([
  'node_modules',
  '.git',
  'dist',
  'dist-bench',
  '.tmp',
  '.bench-data',
  '.e2e-data',
  'test-results',
]);
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const ROOTED = /^(apps|packages|e2e|docs|scripts|spec|eslint-rules|\.ci)\//;
const SOURCE_ROOTS = [
  'apps/server/src',
  'apps/web/src',
  'packages/contract/src',
  'apps/server/src/modules',
  'apps/web/src/features',
  'apps/server',
  'apps/web',
  'packages/contract',
  'e2e',
  '',
];
/** Folders the build or a run writes: a path into them names no file of the repository. */
const WRITTEN = /(^|\/)(dist|dist-bench|\.tmp|\.bench-data|\.e2e-data|node_modules|test-results)(\/|$)|^data(\/|$)/;
/** A file extension that makes a short path or a bare name a file (`.json` ones are API calls: `log/page.json`). */
const FILE_EXT = /\.(ts|tsx|js|mjs|cjs|md|sql|css|sh|html|png|geojson)$/;
const BARE_EXT = /\.(ts|tsx|mjs|cjs|md|sql|css)$/;
/** Named by docs and comments, kept beside the repository (the shared spec and design folders). */
const OUTSIDE_REPO = new Set(['SPEC.md', 'PRODUCT.md', 'ENGINEERING.md', 'UI.md']);

/** Every file and folder of the repository (relative, '/'-separated), and every file name. */
function walk(dir = '', files = new Set<string>(), dirs = new Set<string>([''])) {
  for (const e of readdirSync(path.join(REPO, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (SKIP_DIRS.has(e.name) || rel === 'data') continue;
      dirs.add(rel);
      walk(rel, files, dirs);
    } else files.add(rel);
  }
  return { files, dirs };
}

const { files: FILES, dirs: DIRS } = walk();
const NAMES = new Set([...FILES].map((f) => path.posix.basename(f)));
/** Each file's path without one or more of its extensions (`e2e/specs/rough-edges` names `rough-edges.spec.ts`). */
const STEMS = new Set(
  [...FILES].flatMap((f) =>
    [...f.matchAll(/\./g)].filter((m) => m.index > f.lastIndexOf('/') + 1).map((m) => f.slice(0, m.index)),
  ),
);
const exists = (rel: string) => FILES.has(rel) || DIRS.has(rel.replace(/\/$/, ''));

/** A letter, digit, `_` or `$` (a character of a name or a number). */
const isWordChar = (k: number) =>
  (k >= 97 && k <= 122) || (k >= 65 && k <= 90) || (k >= 48 && k <= 57) || k === 95 || k === 36;

/** Keywords after which a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
  'instanceof',
]);

/**
 * The comments of a TypeScript or JavaScript file, with their first line: strings, template literals (and the code
 * inside `${…}`) and regular expressions are skipped, so nothing inside them is taken for a comment. A scan, not a
 * parse (parsing the ~1,000 files with the TypeScript compiler took ten times as long); compared once with the
 * compiler's comment ranges over the whole tree, it found every comment they found, and those of empty blocks and JSX
 * that they miss. A string ends at its line's end at the latest, so an apostrophe in JSX text misleads one line only.
 */
function commentsIn(text: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let i = 0;
  let line = 1;
  // What came last: a value (a `/` after it divides) or not (a `/` after it starts a regular expression).
  let afterValue = false;
  // One entry per open `${`: the depth of braces inside it.
  const templates: number[] = [];
  const n = text.length;
  const skipTemplate = () => {
    // From just after a backtick or a `}` closing `${…}`, to the closing backtick or the next `${`.
    while (i < n) {
      const c = text[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        i++;
        afterValue = true;
        return;
      } else if (c === '$' && text[i + 1] === '{') {
        i += 2;
        templates.push(0);
        afterValue = false;
        return;
      } else {
        if (c === '\n') line++;
        i++;
      }
    }
  };
  while (i < n) {
    const c = text[i];
    if (c === '\n') {
      line++;
      i++;
    } else if (c === ' ' || c === '\t' || c === '\r') i++;
    else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      out.push({ text: text.slice(i, stop), line });
      i = stop;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      const body = text.slice(i, stop);
      out.push({ text: body, line });
      for (const ch of body) if (ch === '\n') line++;
      i = stop;
    } else if (c === '/' && !afterValue) {
      // A regular expression: to the unescaped `/` outside a class, then its flags.
      let inClass = false;
      i++;
      while (i < n && text[i] !== '\n') {
        const ch = text[i];
        if (ch === '\\') i += 2;
        else {
          i++;
          if (ch === '[') inClass = true;
          else if (ch === ']') inClass = false;
          else if (ch === '/' && !inClass) break;
        }
      }
      while (i < n && isWordChar(text.charCodeAt(i))) i++;
      afterValue = true;
    } else if (c === '"' || c === "'") {
      i++;
      while (i < n && text[i] !== c && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
      i++;
      afterValue = true;
    } else if (c === '`') {
      i++;
      skipTemplate();
    } else if (c === '{') {
      if (templates.length) templates[templates.length - 1]++;
      i++;
      afterValue = false;
    } else if (c === '}') {
      i++;
      if (templates.length && templates[templates.length - 1] === 0) {
        templates.pop();
        skipTemplate();
      } else {
        if (templates.length) templates[templates.length - 1]--;
        // A block's end or an object's: taken as a value (a regular expression right after a block is rare).
        afterValue = true;
      }
    } else if (isWordChar(text.charCodeAt(i))) {
      let j = i + 1;
      while (j < n && isWordChar(text.charCodeAt(j))) j++;
      afterValue = !BEFORE_REGEX.has(text.slice(i, j));
      i = j;
    } else {
      afterValue = c === ')' || c === ']';
      i++;
    }
  }
  return out;
}

/** The comments of a source file of the repository. */
const commentsOf = (file: string) => commentsIn(readFileSync(path.join(REPO, file), 'utf8'));

/** A path-like token: not inside an address or a longer name, possibly a pattern's head. */
const TOKEN = /(?<![\w$}@.:/\\>*-])(@?[\w.-]+(?:\/[\w.@-]*)+|[\w-][\w.-]*\.[a-z]{2,7})(?=([^\w/]|$))/g;

/** Where `token`, named in `from`, is found, or null; `undefined` when it is not taken for a path at all. */
export function resolve(token: string, from: string, next: string): string | null | undefined {
  let t = token.replace(/[.,;:]+$/, '');
  // A pattern (`db/migrations/NNNN_*.sql`, `features/<domain>/`): its folder only.
  if (t.startsWith('...') || WRITTEN.test(t.replace(/^\.\//, ''))) return undefined;
  if ((next && '<*{$['.includes(next)) || /NNNN|XXXX/.test(t)) {
    if (!t.includes('/')) return undefined;
    t = t.slice(0, t.lastIndexOf('/') + 1);
  }
  if (!t) return undefined;
  const dir = path.posix.dirname(from);
  if (t.startsWith('@')) {
    if (!t.startsWith('@phjr/contract/')) return undefined;
    const p = `packages/contract/src/${t.slice('@phjr/contract/'.length)}`;
    return exists(p) || STEMS.has(p) ? p : null;
  }
  if (t.startsWith('./') || t.startsWith('../')) {
    const p = path.posix.normalize(`${dir}/${t}`);
    return exists(p) ? p : null;
  }
  if (ROOTED.test(t)) return exists(t) || STEMS.has(t) ? t : null;
  if (!t.includes('/')) {
    if (!BARE_EXT.test(t) || OUTSIDE_REPO.has(t)) return undefined;
    return NAMES.has(t) ? t : null;
  }
  if (!FILE_EXT.test(t)) return undefined;
  const bases: string[] = [];
  for (let d = dir; ; d = path.posix.dirname(d)) {
    bases.push(d === '.' ? '' : d);
    if (d === '.' || d === '') break;
  }
  for (const base of [...bases, ...SOURCE_ROOTS]) {
    const p = base ? `${base}/${t}` : t;
    if (exists(p)) return p;
  }
  // `contract/<path>` is the contract's source (docs write `contract/demands/product-limits.ts`).
  if (t.startsWith('contract/') && exists(`packages/contract/src/${t.slice('contract/'.length)}`)) return t;
  return null;
}

const docTexts = new Map<string, string>();
/** A doc's text, its white space as single spaces, in lower case. */
const docText = (doc: string) =>
  docTexts.get(doc) ??
  docTexts.set(doc, readFileSync(path.join(REPO, doc), 'utf8').replace(/\s+/g, ' ').toLowerCase()).get(doc)!;

/** Every path named in `text` (a doc, or one comment) that does not exist, as `file:line path`. */
function missingIn(text: string, from: string, firstLine: number): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(TOKEN)) {
      const next = line[m.index + m[1].length] ?? '';
      if (resolve(m[1], from, next) === null) out.push(`${from}:${firstLine + i} ${m[1]}`);
    }
  });
  // A doc's section named right after its path.
  if (!text.includes('docs/')) return out;
  const flat = text.replace(/\s*\n\s*(\*\s*)?(\/\/\s*)?/g, ' ');
  for (const m of flat.matchAll(/(?<![\w/])(docs\/[\w/.-]+\.md),?\s+(?:section\s+)?["“]([^"”]{3,80})["”]/g)) {
    const doc = m[1];
    if (!FILES.has(doc)) continue;
    const body = docText(doc);
    if (!body.includes(m[2].replace(/\s+/g, ' ').toLowerCase())) out.push(`${from}: ${doc} has no "${m[2]}"`);
  }
  return out;
}

const DOCS = [...FILES].filter((f) => f === 'README.md' || (f.startsWith('docs/') && f.endsWith('.md')));
const SOURCES = [...FILES].filter(
  (f) => CODE.test(f) && (/^(apps|packages|e2e|scripts|eslint-rules)\//.test(f) || !f.includes('/')),
);

describe('paths named by docs and comments', () => {
  it('finds the files it is meant to read', () => {
    expect(DOCS).toContain('docs/architecture.md');
    expect(SOURCES).toContain('apps/web/src/lib/json-check.ts');
    expect(SOURCES).toContain('vitest.config.ts');
  });

  it('resolves paths by the rule above', () => {
    const from = 'apps/web/src/lib/json-check.ts';
    expect(resolve('packages/contract/src/first-route.ts', from, ' ')).toBe('packages/contract/src/first-route.ts');
    expect(resolve('lib/json-check.ts', 'docs/decisions.md', ' ')).toBe('apps/web/src/lib/json-check.ts');
    expect(resolve('db/roles.ts', 'apps/server/src/modules/auth/auth.service.ts', ' ')).toBe(
      'apps/server/src/db/roles.ts',
    );
    expect(resolve('./format.ts', from, ' ')).toBe('apps/web/src/lib/format.ts');
    expect(resolve('@phjr/contract/operation', from, ' ')).toBe('packages/contract/src/operation');
    expect(resolve('apps/server/src/db/migrations/NNNN_', 'docs/architecture.md', '*')).toBe(
      'apps/server/src/db/migrations/',
    );
    expect(resolve('e2e/specs/rough-edges', from, '.')).toBe('e2e/specs/rough-edges');
    expect(resolve('zod/v4/core', from, ' ')).toBeUndefined();
    expect(resolve('@tiptap/react', from, ' ')).toBeUndefined();
    expect(resolve('ENGINEERING.md', from, ' ')).toBeUndefined();
    // What does not exist.
    expect(resolve('vite-plugin-first-route-ops.ts', from, ' ')).toBeNull();
    expect(resolve('apps/server/src/db/no-such-file.ts', from, ' ')).toBeNull();
    expect(resolve('lib/no-such-file.ts', from, ' ')).toBeNull();
    expect(resolve('docs/no-such-doc.md', from, ' ')).toBeNull();
    expect(resolve('apps/no-such-app/NNNN_', from, '*')).toBeNull();
  });

  it('README.md and docs/**/*.md name only files that exist', () => {
    const missing = DOCS.flatMap((f) => missingIn(readFileSync(path.join(REPO, f), 'utf8'), f, 1));
    expect(missing).toEqual([]);
  });

  it('comments in apps/, packages/, e2e/, scripts/ name only files that exist', () => {
    const missing = SOURCES.flatMap((f) => commentsOf(f).flatMap((c) => missingIn(c.text, f, c.line)));
    expect(missing).toEqual([]);
  });
});
