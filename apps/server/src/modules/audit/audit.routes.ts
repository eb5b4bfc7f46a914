import type { FastifyInstance } from 'fastify';
import { auditOps } from '@phjr/contract/audit/audit-page';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { searchAudit } from './audit.repo.ts';

/** Routes of the audit log search (operator only: audit:read). */
export async function auditRoutes(app: FastifyInstance, deps: AppDeps) {
  routeOperation(
    app,
    auditOps.page,
    async (req) => {
      const { current, pageSize, ...filter } = req.query;
      if (filter.from && filter.to && filter.from > filter.to) throw new AppError('VALIDATION', '开始日期不能晚于结束日期');
      const { list, total } = await searchAudit(deps.db, filter, current, pageSize);
      return { list: list.map((e) => ({ ...e, at: e.at.toISOString(), detail: e.detail ?? null })), total, current, pageSize };
    },
    { tags: ['audit'] },
  );
}
