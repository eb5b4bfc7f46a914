import { describe, expect, it } from 'vitest';
import { sql, StringChunk } from 'drizzle-orm';
import { MAX_SHAPES, renderPlain } from '../../src/db/sql-render.ts';

// A file of its own: the count of shapes kept starts at 0 here.
describe('renderPlain past the shapes it keeps', () => {
  it("forgets them between statements, never halfway, so no statement finds another's text", () => {
    // MAX_SHAPES - 1 shapes of one node each.
    for (let i = 1; i < MAX_SHAPES; i++) renderPlain(sql.raw(`s${i}`));
    // This one crosses the limit after its first piece.
    expect(renderPlain(sql`SELECT ${1}, ${sql.raw('tail')}`)!.sql).toBe('SELECT $1, tail');
    // Written like its end: had the tree been forgotten halfway, it would have found the statement above's text.
    const end = sql.fromList([2, new StringChunk(', '), sql.raw('tail'), new StringChunk('')]);
    expect(renderPlain(end)).toEqual({ sql: '$1, tail', params: [2] });
  });
});
