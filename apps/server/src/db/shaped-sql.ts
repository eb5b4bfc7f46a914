import { sql, StringChunk, type SQL } from 'drizzle-orm';

/**
 * Statements whose text depends only on their shape: which conditions a list's scope and filter have, not their
 * values. A demand page (the first user) composed with drizzle's templates on every call was ~100 SQL chunks, each checked by drizzle
 * as it was built and walked again to render it: ~15 us of a cache-off list call (issue 17). Here a shape's text is put
 * together once, between its values, and a call only collects its values.
 */

/** A condition, or any part of a statement with values: its template's text parts (one object per place in the source) and its values. */
export interface Cond {
  parts: TemplateStringsArray;
  values: unknown[];
}

/** cond`d.type = ${type}`: a Cond written as a drizzle template would be (an array value goes as sqlList(a)). */
export const cond = (parts: TemplateStringsArray, ...values: unknown[]): Cond => ({ parts, values });

/** Conditions joined with AND, `true` for none, as a drizzle template: the text the shaped statement writes for them. */
export const andSql = (conds: readonly Cond[]): SQL =>
  conds.length
    ? sql.join(
        conds.map((c) => sql(c.parts, ...c.values)),
        sql` AND `,
      )
    : sql`true`;

/** A statement as pieces: fixed text, a part with values (Cond), or conditions joined with AND (an array of them). */
export type Piece = string | Cond | readonly Cond[];

interface Node {
  next: Map<unknown, Node>;
  /** The text between the values of the shape ending here (one more than the values). */
  texts?: StringChunk[];
}

const LIST = Symbol('conditions');
const END = Symbol('end of conditions');
const root: Node = { next: new Map() };

/**
 * The statement of `pieces`. Its shape is the sequence of its fixed texts and of the template parts of its conditions
 * (the same objects on every call from one place), so a shape is met again by following it through a tree of Maps;
 * the texts are made on the first call of a shape only. Shapes are few (the lists' scopes and filters combined) and
 * each keeps its texts once.
 */
export function shapedSql(pieces: readonly Piece[]): SQL {
  let node = root;
  const values: unknown[] = [];
  for (const p of pieces) {
    if (typeof p === 'string') node = step(node, p);
    else if ('parts' in p) {
      node = step(node, p.parts);
      values.push(...p.values);
    } else {
      node = step(node, LIST);
      for (const c of p) {
        node = step(node, c.parts);
        values.push(...c.values);
      }
      node = step(node, END);
    }
  }
  const texts = (node.texts ??= textsOf(pieces));
  const chunks: unknown[] = [texts[0]];
  for (let i = 0; i < values.length; i++) chunks.push(values[i], texts[i + 1]);
  return sql.fromList(chunks as Parameters<typeof sql.fromList>[0]);
}

/** The node after `node` by `key`, made on first use. */
function step(node: Node, key: unknown): Node {
  let next = node.next.get(key);
  if (next === undefined) node.next.set(key, (next = { next: new Map() }));
  return next;
}

/** The texts around the values of `pieces`, as drizzle would write them. */
function textsOf(pieces: readonly Piece[]): StringChunk[] {
  const texts: string[] = [];
  let text = '';
  const write = (c: Cond) => {
    text += c.parts[0];
    for (let i = 1; i < c.parts.length; i++) {
      texts.push(text);
      text = c.parts[i];
    }
  };
  for (const p of pieces) {
    if (typeof p === 'string') text += p;
    else if ('parts' in p) write(p);
    else if (!p.length) text += 'true';
    else
      p.forEach((c, i) => {
        if (i > 0) text += ' AND ';
        write(c);
      });
  }
  texts.push(text);
  return texts.map((t) => new StringChunk(t));
}
