import { shanghaiDay } from '@phjr/contract/system/shanghai-time';
import { DEMAND_TYPES, type DemandType } from '@phjr/contract/demands/demand';
import type { BankReport, ReportFigures, ReportMeasure, ReportQuery } from '@phjr/contract/stats/reports';
import { formatAmount, formatCount, formatNumber } from '../../../lib/format.ts';

/**
 * The report pages' pure rules: the default period, the filters as the address holds them, the figures' display
 * formats and the bank tree. Kept apart from the components so that tests drive them without a browser.
 */

/** The default period: 1 January of the current Beijing year to today (Beijing), whatever the browser's zone. */
export function defaultRange(nowMs: number = Date.now()): { from: string; to: string } {
  const today = shanghaiDay(nowMs);
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const REGION = /^\d{6}$/;

/**
 * The report's filters from the address (`from`, `to`, `type`, `regionCode`), the default period for a missing or
 * malformed day. `lockedRegion`: a district supervisor's own district is never sent from here (the server holds
 * such a viewer to it whatever it receives), so the address cannot pretend another one.
 */
export function reportQueryOf(
  params: URLSearchParams,
  opts: { nowMs?: number; lockedRegion?: boolean } = {},
): ReportQuery {
  const fallback = defaultRange(opts.nowMs);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const range = DAY.test(from) && DAY.test(to) && from <= to ? { from, to } : fallback;
  const type = params.get('type');
  const regionCode = params.get('regionCode');
  return {
    ...range,
    ...(type && (DEMAND_TYPES as readonly string[]).includes(type) ? { type: type as DemandType } : {}),
    ...(!opts.lockedRegion && regionCode && REGION.test(regionCode) ? { regionCode } : {}),
  };
}

/** A count with thousands separators. */
export const showCount = (n: number) => formatCount(n);
/** An amount in 万元 with thousands separators, two decimals at most. */
export const showWan = (n: number) => formatAmount(n);
/** A 0..1 rate as a percentage with up to two decimals, `-` when its base was 0. */
export const showShare = (r: number | null) => (r === null ? '-' : `${formatNumber(r * 100, 2)}%`);
/** A rate already in % (the mean annual rate granted). */
export const showPercent = (p: number | null) => (p === null ? '-' : `${formatNumber(p, 2)}%`);
/** Working days, one decimal; the 90th percentile's last bucket (31) reads "31+". */
export const showDays = (d: number | null, p90 = false) =>
  d === null ? '-' : p90 && d >= 31 ? '31+' : formatNumber(d, 1);
/** A 0..100 score, one decimal. */
export const showScore = (s: number | null) => (s === null ? '-' : formatNumber(s, 1));

/** The unit a column's header names under its label (amounts in 万元, times in working days). */
export const FIGURE_UNITS: Record<string, 'wan' | 'workdays'> = {
  countedAmount: 'wan',
  grantedAmount: 'wan',
  acceptDaysAvg: 'workdays',
  acceptDaysP90: 'workdays',
  grantDaysAvg: 'workdays',
  grantDaysP90: 'workdays',
};

/** The parts of the SLA breaches (slaBreaches = acceptLate + expired + decideLate), each a measure of its own. */
export const BREACH_PARTS = ['acceptLate', 'expired', 'decideLate'] as const satisfies readonly (keyof ReportFigures &
  ReportMeasure)[];

/** A bank node with its children, as antd's tree table takes it (no `children` on a leaf: no expand icon there). */
export interface BankTreeRow {
  key: number;
  orgId: number;
  name: string;
  /** The name without its parent's name in front (`…银行股份有限公司城关区支行` under that bank reads `城关区支行`). */
  shortName: string;
  figures: ReportFigures;
  depth: number;
  children?: BankTreeRow[];
}

/**
 * The flat node list of bank.json as a tree: head offices (parentId null) at the top, each unit under its parent, in
 * the server's order. A node whose parent is not in the answer (outside the viewer's scope) is shown at the top
 * rather than lost.
 */
export function bankTree(rows: BankReport['rows']): BankTreeRow[] {
  const ids = new Set(rows.map((r) => r.orgId));
  const byParent = new Map<number | null, BankReport['rows']>();
  for (const r of rows) {
    const parent = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    const list = byParent.get(parent) ?? [];
    list.push(r);
    byParent.set(parent, list);
  }
  const names = new Map(rows.map((r) => [r.orgId, r.name]));
  const short = (name: string, parent: number | null) => {
    const p = parent === null ? undefined : names.get(parent);
    return p && name.startsWith(p) && name.length > p.length ? name.slice(p.length) : name;
  };
  const build = (parent: number | null, depth: number, seen: Set<number>): BankTreeRow[] =>
    (byParent.get(parent) ?? [])
      .filter((r) => !seen.has(r.orgId))
      .map((r) => {
        const next = new Set(seen).add(r.orgId);
        const children = build(r.orgId, depth + 1, next);
        return {
          key: r.orgId,
          orgId: r.orgId,
          name: r.name,
          shortName: short(r.name, parent),
          figures: r.figures,
          depth,
          ...(children.length ? { children } : {}),
        };
      });
  return build(null, 0, new Set());
}
