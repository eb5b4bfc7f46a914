import type { SmsPurpose } from '@phjr/contract/auth/sms';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { writeAudit } from '../audit/audit.ts';
import { issueSmsCode } from './sms.codes.ts';
import { createOutboxGateway, placeholdersOf, type SmsGateway } from './sms.gateway.ts';
import * as repo from './sms.repo.ts';

/** The gateway of this deployment. Only the outbox provider exists today; a real one is chosen here by configuration. */
export function createSmsGateway(db: Db): SmsGateway {
  return createOutboxGateway(db);
}

export function createSmsService(db: Db, gateway: SmsGateway = createSmsGateway(db)) {
  return {
    /** Any phone (the route checked the picture captcha). The answer is the same whether the phone has an account. */
    sendCode(phone: string, purpose: SmsPurpose, ip: string) {
      return issueSmsCode(db, gateway, phone, purpose, ip);
    },

    /** Only the signed-in account's own phone. */
    sendOwnCode(session: SessionContext, purpose: SmsPurpose, ip: string) {
      if (!session.phone) throw new AppError('NO_PHONE');
      return issueSmsCode(db, gateway, session.phone, purpose, ip);
    },

    async templates() {
      return (await repo.listTemplates(db)).map(toTemplate);
    },

    /** The operator may reword a template but must keep its placeholders: the code that sends it fills exactly those. */
    async saveTemplate(
      session: SessionContext,
      input: { code: string; content: string; enabled: boolean },
      ip: string,
    ) {
      const current = await repo.findTemplate(db, input.code);
      if (!current) throw new AppError('NOT_FOUND');
      const want = placeholdersOf(current.content).join(',');
      if (placeholdersOf(input.content).join(',') !== want) {
        throw new AppError(
          'VALIDATION',
          `模板须保留且仅使用这些占位符：${
            placeholdersOf(current.content)
              .map((p) => `{${p}}`)
              .join('、') || '无'
          }`,
        );
      }
      await db.transaction(async (tx) => {
        await repo.updateTemplate(tx, input.code, {
          content: input.content,
          enabled: input.enabled,
          updatedBy: session.userId,
        });
        await writeAudit(tx, {
          userId: session.userId,
          action: 'sms.template.save',
          target: input.code,
          detail: { enabled: input.enabled },
          ip,
        });
      });
      return toTemplate((await repo.findTemplate(db, input.code))!);
    },

    async outbox(q: { phone?: string; current: number; pageSize: number }) {
      const { list, total } = await repo.pageOutbox(db, q);
      return {
        list: list.map((o) => ({ ...o, status: o.status as 'SENT' | 'SKIPPED', createdAt: o.createdAt.toISOString() })),
        total,
        current: q.current,
        pageSize: q.pageSize,
      };
    },
  };
}

function toTemplate(t: { code: string; name: string; content: string; enabled: boolean; updatedAt: Date }) {
  return {
    code: t.code,
    name: t.name,
    content: t.content,
    enabled: t.enabled,
    placeholders: placeholdersOf(t.content),
    updatedAt: t.updatedAt.toISOString(),
  };
}
