import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
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
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'dist-bench', '.tmp', '.bench-data', '.e2e-data', 'test-results']);
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const ROOTED = /^(apps|packages|e2e|docs|scripts|spec|eslint-rules|\.ci)\//;
const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'packages/contract/src', 'apps/server/src/modules', 'apps/web/src/features', 'apps/server', 'apps/web', 'packages/contract', 'e2e', ''];
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
const STEMS = new Set([...FILES].flatMap((f) => [...f.matchAll(/\./g)].filter((m) => m.index > f.lastIndexOf('/') + 1).map((m) => f.slice(0, m.index))));
const exists = (rel: string) => FILES.has(rel) || DIRS.has(rel.replace(/\/$/, ''));

/** The comments of a source file: every comment range before or after a node, each once. */
function commentsOf(file: string): { text: string; line: number }[] {
  const text = readFileSync(path.join(REPO, file), 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Map<number, string>();
  const add = (ranges: ts.CommentRange[] | undefined) => ranges?.forEach((r) => seen.set(r.pos, text.slice(r.pos, r.end)));
  const visit = (node: ts.Node) => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    add(ts.getLeadingCommentRanges(text, node.end));
    // A JSX comment `{/* … */}` is the whole of an empty expression.
    if (ts.isJsxExpression(node) && !node.expression) add(ts.getLeadingCommentRanges(text, node.pos + 1));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return [...seen].map(([pos, c]) => ({ text: c, line: sf.getLineAndCharacterOfPosition(pos).line + 1 }));
}

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
  const flat = text.replace(/\s*\n\s*(\*\s*)?(\/\/\s*)?/g, ' ');
  for (const m of flat.matchAll(/(?<![\w/])(docs\/[\w/.-]+\.md),?\s+(?:section\s+)?["“]([^"”]{3,80})["”]/g)) {
    const doc = m[1];
    if (!FILES.has(doc)) continue;
    const body = readFileSync(path.join(REPO, doc), 'utf8').replace(/\s+/g, ' ').toLowerCase();
    if (!body.includes(m[2].replace(/\s+/g, ' ').toLowerCase())) out.push(`${from}: ${doc} has no "${m[2]}"`);
  }
  return out;
}

const DOCS = [...FILES].filter((f) => f === 'README.md' || (f.startsWith('docs/') && f.endsWith('.md')));
const SOURCES = [...FILES].filter((f) => CODE.test(f) && (/^(apps|packages|e2e|scripts|eslint-rules)\//.test(f) || !f.includes('/')));

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
    expect(resolve('db/roles.ts', 'apps/server/src/modules/auth/auth.service.ts', ' ')).toBe('apps/server/src/db/roles.ts');
    expect(resolve('./format.ts', from, ' ')).toBe('apps/web/src/lib/format.ts');
    expect(resolve('@phjr/contract/operation', from, ' ')).toBe('packages/contract/src/operation');
    expect(resolve('apps/server/src/db/migrations/NNNN_', 'docs/architecture.md', '*')).toBe('apps/server/src/db/migrations/');
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
