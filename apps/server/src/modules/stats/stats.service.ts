import type { HomepageOverview } from '@phjr/contract/stats/homepage-overview';
import type { Db } from '../../db/client.ts';
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
 * The headline band of /home. Each figure's definition (口径) is in docs/statistics.md. Demands do not exist yet:
 * their issue replaces `demandFigures` with its query.
 */
export function createStatsService(db: Db) {
  const demandFigures = async (): Promise<DemandFigures> => ({ demands: 0, amountDemanded: 0, amountGranted: 0, granted: 0, rejected: 0 });

  async function homepageOverview(): Promise<HomepageOverview> {
    const [products, banks, enterprises, d] = await Promise.all([
      repo.countListedLoans(db),
      repo.countActiveBankHeadOffices(db),
      repo.countEnterpriseMainAccounts(db),
      demandFigures(),
    ]);
    return {
      products,
      banks,
      demands: d.demands,
      amountDemanded: d.amountDemanded,
      amountGranted: d.amountGranted,
      successRate: successRate(d.granted, d.rejected),
      enterprises,
    };
  }

  return { homepageOverview };
}
