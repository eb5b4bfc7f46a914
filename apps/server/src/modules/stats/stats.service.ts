import type { HomepageOverview } from '@phjr/contract/stats/homepage-overview';
import type { Db } from '../../db/client.ts';
import { readPart, type ReadPart } from '../../db/sql.ts';
import * as repo from './stats.repo.ts';

/** Demand figures of the overview (docs/statistics.md). */
export interface DemandFigures {
  demands: number;
  /** 万元 */
  amountDemanded: number;
  /** 万元 */
  amountGranted: number;
  granted: number;
  rejected: number;
}

/** Percentage 0-100 with one decimal; 0 when nothing was decided yet. */
export function successRate(granted: number, rejected: number) {
  const decided = granted + rejected;
  return decided ? Math.round((granted / decided) * 1000) / 10 : 0;
}

/**
 * The headline band of /home. Each figure's definition (口径) is in docs/statistics.md. The demand figures and the
 * enterprises come from `stat_totals`, kept exact by triggers in the transactions that change demands and users, so
 * the overview costs the same at 1M demands as at 100; banks and products are read from small tables.
 */
export function createStatsService(db: Db) {
  return { homepageOverview: () => readPart(db, homepageOverviewPart) };
}

/** The homepage overview as a read part: the achievement display folds it into its own statement. */
export const homepageOverviewPart: ReadPart<HomepageOverview> = {
  sql: repo.homepageFigures.sql,
  of: (rows) => {
    const { products, banks, kept } = repo.homepageFigures.of(rows);
    const d = demandFigures(kept);
    return {
      products,
      banks,
      demands: d.demands,
      amountDemanded: d.amountDemanded,
      amountGranted: d.amountGranted,
      successRate: successRate(d.granted, d.rejected),
      enterprises: kept.enterprises?.n ?? 0,
    };
  },
};

/** The demand figures of the overview from the kept totals (amounts rounded to the 万元 cent). */
export function demandFigures(kept: Record<string, { n: number; amount: number }>): DemandFigures {
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    demands: kept.demands?.n ?? 0,
    amountDemanded: round(kept.demands?.amount ?? 0),
    amountGranted: round(kept.granted?.amount ?? 0),
    granted: kept.granted?.n ?? 0,
    rejected: kept.rejected?.n ?? 0,
  };
}
