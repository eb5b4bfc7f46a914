import { Param, Placeholder, SQL, StringChunk } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

type Query = { sql: string; params: unknown[] };

/** Values drizzle binds as they are: everything else it might expand, name or map, so it renders them itself. */
const plainValue = (v: unknown) =>
  v === null ||
  typeof v === 'string' ||
  typeof v === 'number' ||
  typeof v === 'boolean' ||
  typeof v === 'bigint' ||
  v instanceof Date;

/** A node of the statements' shapes: the sequence of their texts and values, each text by its string. */
interface Shape {
  next: Map<unknown, Shape>;
  /** The text of the statement whose shape ends here: made once, then the same string on every call. */
  text?: string;
}
const VALUE = Symbol('value');
/** Shapes kept before all are forgotten (texts written into the text vary: page bounds, raw lists). */
export const MAX_SHAPES = 50_000;
let shapes: Shape = { next: new Map() };
let shapeCount = 0;

/**
 * drizzle's rendering of the `sql` templates the repositories write (text, nested templates, values, `sql.param`,
 * `sql.raw`, `sql.join`): the same text and parameters, without its entity checks on every chunk (a chain member page's
 * statement took 24 µs to render, about 5% of a cache-off request, issue 17). Null for anything else (a column, a
 * table, a name, an array spread into a list, inline parameters): drizzle renders those.
 *
 * A statement's text is found by its shape, not written again: its pieces of text are the same strings on every call
 * from one place in the source, so following them through a tree of Maps is cheap, and the text found is the very
 * string of the first call. Written anew, a statement's text was a new string of 1-2 KB on each call, which the
 * prepared statements' look-up by text (db/client.ts) had to flatten, hash and compare in full: ~5 µs a statement.
 */
export function renderPlain(root: SQL): Query | null {
  // Forgotten between two statements, never during one: a walk restarted at the root halfway would keep this
  // statement's text under the path of its end, where a statement written like that end would find it.
  if (shapeCount > MAX_SHAPES) {
    shapes = { next: new Map() };
    shapeCount = 0;
  }
  params = [];
  node = shapes;
  if (!walk(root)) return null;
  return { sql: (node.text ??= textOf(root)), params };
}

// The state of the renderPlain call under way (synchronous, so one at a time), and its steps as functions made once:
// made as closures on every call, they cost ~1.5 µs of each statement.
let params: unknown[] = [];
let node: Shape = shapes;

function step(key: unknown) {
  let next = node.next.get(key);
  if (next === undefined) {
    shapeCount++;
    node.next.set(key, (next = { next: new Map() }));
  }
  node = next;
}

function bind(v: unknown) {
  params.push(v);
  step(VALUE);
}

function walk(s: SQL): boolean {
  // sql.inlineParams(): drizzle writes the values into the text.
  if ((s as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  for (const c of s.queryChunks as unknown[]) {
    if (c instanceof StringChunk) for (const v of c.value) step(v);
    else if (c instanceof SQL) {
      if (!walk(c)) return false;
    } else if (c instanceof Param) {
      if (c.value === null) bind(null);
      else {
        if (c.value instanceof Placeholder) return false;
        const v = c.encoder.mapToDriverValue(c.value);
        if (v instanceof SQL) return false;
        bind(v);
      }
    } else if (c === undefined) continue;
    else if (plainValue(c)) bind(c);
    else return false;
  }
  return true;
}

/** The text of a statement renderPlain takes, its values numbered $1, $2... in order. */
function textOf(root: SQL): string {
  let text = '';
  let n = 0;
  const walk = (s: SQL) => {
    for (const c of s.queryChunks as unknown[]) {
      if (c instanceof StringChunk) text += c.value.join('');
      else if (c instanceof SQL) walk(c);
      else if (c !== undefined) text += `$${++n}`;
    }
  };
  walk(root);
  return text;
}

/** The statements built once and run many times (renderOnce), with their rendering once it is made. */
const keptRenders = new WeakMap<SQL, Query | null>();

/**
 * Marks a statement that is built once and run many times (its values are part of it): the dialect renders it on its
 * first run only. Rendered on each run, a dashboard statement of ~4 KB cost 2-5 µs of walking its chunks.
 */
export function renderOnce<S extends SQL>(s: S): S {
  keptRenders.set(s, null);
  return s;
}

/** The dialect renders what renderPlain can through it, the rest as before (db/client.ts connect). */
export function renderPlainFirst(dialect: PgDialect) {
  const render = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = (s, invokeSource) => {
    if (invokeSource !== undefined) return render(s, invokeSource);
    const kept = keptRenders.get(s);
    if (kept) return kept;
    const q = renderPlain(s);
    if (q === null) return render(s);
    if (kept === null) keptRenders.set(s, q);
    return q;
  };
}
