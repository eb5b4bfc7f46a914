import type pg from 'pg';
import type { CapturedQuery } from './capture.ts';

/** One statement of a scenario as PostgreSQL ran it: what it is, its plan's top nodes and what it cost. */
export interface PlanSummary {
  /** The statement's first words, e.g. "SELECT t.total, p.* FROM (SELECT ...". */
  statement: string;
  /** The plan's nodes down to the first scan(s), e.g. "Limit > Index Scan using demands_bank_idx on demands". */
  plan: string;
  executionMs: number;
  planningMs: number;
  /** Shared buffers hit and read by the execution. */
  buffers: number;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** "Index Scan using x on t (10 rows)" */
function nodeLabel(n: PlanNode) {
  const using = n['Index Name'] ? ` using ${n['Index Name']}` : '';
  const on = n['Relation Name'] ? ` on ${n['Relation Name']}` : '';
  return `${n['Node Type']}${using}${on} (${n['Actual Rows'] ?? 0} rows)`;
}

/** The plan as one line: each node with its children, the scans of the whole tree at most `max` nodes in all. */
function planLine(root: PlanNode, max = 6): string {
  const out: string[] = [];
  const walk = (n: PlanNode, depth: number) => {
    if (out.length >= max) return;
    out.push(`${'›'.repeat(depth)}${nodeLabel(n)}`);
    for (const c of n.Plans ?? []) walk(c, depth + 1);
  };
  walk(root, 0);
  return out.join(' ');
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement a scenario ran (once warm), so the benchmark page says where the time
 * of the floor goes (issue 17: "each scenario's plan summary").
 */
export async function explainPlans(pool: pg.Pool, queries: CapturedQuery[]): Promise<PlanSummary[]> {
  const client = await pool.connect();
  try {
    const out: PlanSummary[] = [];
    // Reads only: a GET's statements are, but the session's touch (an UPDATE at most once a minute) must not run twice.
    for (const q of queries.filter((x) => /^\s*(select|with)\b/i.test(x.text))) {
      await client.query({ text: q.text, values: q.values });
      const r = await client.query({ text: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q.text}`, values: q.values });
      const [doc] = r.rows[0]['QUERY PLAN'] as { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }[];
      out.push({
        statement: q.text.replace(/\s+/g, ' ').trim().slice(0, 60),
        plan: planLine(doc.Plan),
        executionMs: doc['Execution Time'],
        planningMs: doc['Planning Time'],
        buffers: (doc.Plan['Shared Hit Blocks'] ?? 0) + (doc.Plan['Shared Read Blocks'] ?? 0),
      });
    }
    return out;
  } finally {
    client.release();
  }
}

/** The markdown section of the plans, one table per scenario. */
export function plansSection(plans: Map<string, PlanSummary[]>): string {
  const parts = [...plans].map(([name, ps]) => {
    const total = ps.reduce((n, p) => n + p.executionMs, 0);
    const rows = ps.map(
      (p) =>
        `| \`${p.statement.replace(/\|/g, '\\|')}\` | ${p.plan.replace(/\|/g, '\\|')} | ${p.executionMs.toFixed(2)} | ${p.buffers} |`,
    );
    return [
      `### ${name}: ${ps.length} statement${ps.length === 1 ? '' : 's'}, ${total.toFixed(2)} ms executing`,
      '',
      '| statement | plan (top nodes) | exec ms | buffers |',
      '|---|---|---|---|',
      ...rows,
    ].join('\n');
  });
  return parts.join('\n\n');
}
