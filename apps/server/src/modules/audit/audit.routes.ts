import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAuditPageQuery, ZAuditPageResponse } from '@phjr/contract/audit/audit-page';
import { envelope } from '@phjr/contract/envelope';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { searchAudit } from './audit.repo.ts';

/** Routes of the audit log search (operator only: audit:read). */
export async function auditRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/finance/audit/page.json',
    { config: { auth: { permission: 'audit:read' } }, schema: { tags: ['audit'], querystring: ZAuditPageQuery, response: { 200: envelope(ZAuditPageResponse) } } },
    async (req) => {
      const { current, pageSize, ...filter } = req.query;
      if (filter.from && filter.to && filter.from > filter.to) throw new AppError('VALIDATION', '开始日期不能晚于结束日期');
      const { list, total } = await searchAudit(deps.db, filter, current, pageSize);
      return ok({ list: list.map((e) => ({ ...e, at: e.at.toISOString(), detail: e.detail ?? null })), total, current, pageSize });
    },
  );
}
