import type { z } from 'zod';
import {
  SHELTER_CAUSE_MIN,
  type ShelterState,
  type ShelterTransition,
  type ZShelterAdmitRequest,
  type ZShelterApplyRequest,
  type ZShelterExitRequest,
  type ZShelterMeasureRequest,
  type ShelterHistoryDetail,
} from '@phjr/contract/shelter/shelter';
import { shanghaiDay } from '@phjr/contract/system/shanghai-time';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { assertCertified } from '../auth/certification.ts';
import { plainText } from '../content/sanitize.ts';
import { ownFiles } from '../files/files.ts';
import { caseBankOf, refusalOf, shelterError, transitionOf, type Viewer } from './shelter-access.ts';
import { bumpFigures, stateCounter, type Counter } from './shelter-figures.repo.ts';
import {
  caseCode,
  helpName,
  statusSms,
  tellBanks,
  tellEnterprise,
  tellSupervisors,
  type EnterpriseNews,
} from './shelter-messages.ts';
import { factsOf, toMeasure, viewerOf, type ShelterReadService } from './shelter-read.service.ts';
import * as repo from './shelter.repo.ts';
import { deleteDraft } from './shelter-draft.repo.ts';
import { createShelterDrafts } from './shelter-draft.ts';
import { sentence } from '../../lib/sentence.ts';

export interface Actor {
  session: SessionContext;
  ip: string;
}

type ApplyInput = z.output<typeof ZShelterApplyRequest>;
type MeasureInput = z.output<typeof ZShelterMeasureRequest>;

/** The extra input of the transitions that take one. */
export type ActionInput =
  | { action: 'startReview' }
  | ({ action: 'admit' } & Omit<z.output<typeof ZShelterAdmitRequest>, 'id'>)
  | { action: 'refuse'; reason: string }
  | { action: 'withdraw'; reason?: string }
  | ({ action: 'exit' } & Omit<z.output<typeof ZShelterExitRequest>, 'id'>);

const DAY_MS = 86_400_000;
/** Calendar days from one Beijing day to another. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION', message, { data: { fields: [{ field, message }] } });

/** The unique index a write ran into, if it did. */
function clashOf(e: unknown): string | null {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = err?.code === '23505' ? err : err?.cause?.code === '23505' ? err.cause : null;
  return pg ? (pg.constraint ?? '') : null;
}

/**
 * The shelter's writes (docs/shelter.md): apply, the transitions, urging, recording help, each one transaction; with
 * the reads (`read`, built by the composition root) the routes' one service.
 */
export function createShelterService(db: Db, read: ShelterReadService) {
  // ---------- the enterprise applies

  async function apply(actor: Actor, req: ApplyInput) {
    const s = actor.session;
    const v = viewerOf(s);
    if (v.enterpriseUserId === null || !v.canApply)
      throw new AppError('ACCOUNT_KIND_NOT_ALLOWED', '仅企业用户可以申请入驻金融方舱');
    assertCertified(s);
    const account = await repo.findAccount(db, v.enterpriseUserId);
    if (!account || !account.creditCode)
      throw new AppError('ACCOUNT_KIND_NOT_ALLOWED', '仅企业用户可以申请入驻金融方舱');
    const region = account.regionCode ? await repo.findRegion(db, account.regionCode) : null;
    if (!region || region.parentCode === null) throw new AppError('VALIDATION', '请先在账号信息中填写企业所在区县');
    const cause = plainText(req.cause);
    if (cause.length < SHELTER_CAUSE_MIN) throw fieldError('cause', `困难原因至少${SHELTER_CAUSE_MIN}个字`);

    const bankIds = [...new Set(req.loans.flatMap((l) => (l.bankOrgId === undefined ? [] : [l.bankOrgId])))];
    const banks = new Map((await repo.activeBanks(db, bankIds)).map((b) => [b.id, b.name]));
    const badLoan = req.loans.findIndex((l) => l.bankOrgId !== undefined && !banks.has(l.bankOrgId));
    if (badLoan >= 0) throw fieldError(`loans.${badLoan}.bankOrgId`, '请选择有效的银行机构');
    const attachmentIds = [...new Set(req.attachmentIds)];
    const owned = await ownFiles(db, attachmentIds, [s.userId, v.enterpriseUserId]);
    if (owned.length !== attachmentIds.length) throw fieldError('attachmentIds', '附件不存在或不是本人上传');

    const loans = req.loans.map((l) => ({
      bankOrgId: l.bankOrgId ?? null,
      bankName: l.bankOrgId !== undefined ? banks.get(l.bankOrgId)! : plainText(l.bankName!),
      amount: l.amount,
      dueDate: l.dueDate,
    }));
    const now = new Date();
    const enterpriseUserId = v.enterpriseUserId;
    try {
      return await db.transaction(async (tx) => {
        const c = await repo.insertCase(tx, {
          state: 'APPLIED',
          enterpriseUserId,
          enterpriseName: account.name,
          creditCode: account.creditCode!,
          regionCode: region.code,
          industry: req.industry,
          cause,
          difficultySince: req.difficultySince,
          expectedRecovery: plainText(req.expectedRecovery) || req.expectedRecovery,
          contactName: plainText(req.contactName) || account.name,
          contactPhone: req.contactPhone,
          publicOnRecovery: req.publicOnRecovery,
          helpTypes: req.helpAsked.map((h) => h.type),
          loanTotal: Math.round(loans.reduce((a, l) => a + l.amount, 0) * 100) / 100,
          createdBy: s.userId,
          createdAt: now,
        });
        await repo.insertParts(tx, c.id, {
          loans,
          help: req.helpAsked.map((h) => ({ type: h.type, amount: h.amount ?? null })),
          attachments: owned.map((f) => ({ fileId: f.id, name: f.name })),
        });
        const code = caseCode(c.id, c.createdAt);
        // A draft of the applicant account becomes this application (docs/shelter.md "The draft").
        await deleteDraft(tx, s.userId);
        await repo.insertHistory(tx, {
          caseId: c.id,
          action: 'apply',
          fromState: null,
          toState: 'APPLIED',
          userId: s.userId,
          orgId: s.orgId,
          at: now,
        });
        await writeAudit(tx, {
          userId: s.userId,
          action: 'shelter.apply',
          target: `shelter:${c.id}`,
          detail: { code, regionCode: c.regionCode },
          ip: actor.ip,
        });
        await bumpFigures(tx, c.regionCode, { applied: 1 });
        await tellEnterprise(tx, c, {
          kind: 'shelter.submitted',
          params: { caseNo: code },
          title: '金融方舱申请已提交',
          content: `您的金融方舱申请${code}已提交，监管部门将按入舱条件审核，请留意消息。`,
          sms: statusSms(code, 'APPLIED'),
        });
        await tellSupervisors(tx, c, code);
        return { id: c.id, code, state: 'APPLIED' as const };
      });
    } catch (e) {
      if (clashOf(e) === 'shelter_cases_open_uq') throw shelterError('SHELTER_CASE_OPEN');
      throw e;
    }
  }

  // ---------- the transitions

  async function act(actor: Actor, id: number, input: ActionInput) {
    const v = viewerOf(actor.session);
    const { c, banks } = await read.reach(v, id);
    const verb: ShelterTransition = input.action;
    const refused = refusalOf(v, factsOf(c, banks), verb);
    if (refused) throw refused();
    const from = c.state as ShelterState;
    const { to } = transitionOf(verb);
    const now = new Date();
    const code = caseCode(c.id, c.createdAt);
    const set: repo.CaseSet = { state: to };
    const deltas: Partial<Record<Counter, number>> = {};
    let reason: string | null = null;
    // What the timeline shows of what the server composed: data the reader's language words (issue 30, item 7).
    let detail: ShelterHistoryDetail | null = null;
    let news: EnterpriseNews;
    let newBanks: { orgId: number; role: 'LEAD' | 'HELPER' }[] = [];

    switch (input.action) {
      case 'startReview':
        set.reviewStartedAt = now;
        news = {
          kind: 'shelter.reviewing',
          params: { caseNo: code },
          title: '金融方舱申请审核中',
          content: `您的金融方舱申请${code}已进入审核。`,
          sms: statusSms(code, to),
        };
        break;
      case 'admit': {
        const ids = [input.leadBankOrgId, ...input.helperBankOrgIds];
        const found = new Map((await repo.activeBanks(db, ids)).map((b) => [b.id, b.name]));
        if (!found.has(input.leadBankOrgId))
          throw shelterError('SHELTER_BANK_INVALID', undefined, {
            fields: [{ field: 'leadBankOrgId', message: '请选择有效的主办银行' }],
          });
        const bad = input.helperBankOrgIds.findIndex((b) => !found.has(b));
        if (bad >= 0)
          throw shelterError('SHELTER_BANK_INVALID', undefined, {
            fields: [{ field: `helperBankOrgIds.${bad}`, message: '请选择有效的协办银行' }],
          });
        const planNote = plainText(input.planNote);
        if (planNote.length < 2) throw fieldError('planNote', '请填写帮扶方案');
        Object.assign(set, { leadBankOrgId: input.leadBankOrgId, planNote, admittedAt: now });
        newBanks = [
          { orgId: input.leadBankOrgId, role: 'LEAD' },
          ...input.helperBankOrgIds.map((orgId) => ({ orgId, role: 'HELPER' as const })),
        ];
        deltas.admission_days_sum = daysBetween(shanghaiDay(c.createdAt.getTime()), shanghaiDay(now.getTime()));
        const lead = found.get(input.leadBankOrgId)!;
        const helpers = input.helperBankOrgIds.map((b) => found.get(b)!);
        reason = planNote;
        detail = { kind: 'admit', leadBank: lead, helperBanks: helpers };
        news = {
          kind: 'shelter.admitted',
          params: { caseNo: code, leadBank: lead, helperBanks: helpers.length ? helpers : null },
          title: '金融方舱申请已准予入舱',
          content: `您的金融方舱申请${code}已准予入舱，主办银行为${lead}${helpers.length ? `，协办银行为${helpers.join('、')}` : ''}，银行将与您联系落实帮扶措施。`,
          sms: { template: 'SHELTER_ADMITTED', params: { caseNo: code, bank: lead } },
        };
        break;
      }
      case 'refuse':
        reason = plainText(input.reason);
        if (reason.length < 2) throw fieldError('reason', '请填写不予入舱原因');
        Object.assign(set, { refuseReason: reason, closedAt: now });
        news = {
          kind: 'shelter.refused',
          params: { caseNo: code, why: reason },
          title: '金融方舱申请未获准入舱',
          content: `您的金融方舱申请${code}未获准入舱。原因：${sentence(reason)}`,
          sms: statusSms(code, to),
        };
        break;
      case 'withdraw':
        reason = input.reason ? plainText(input.reason) || null : null;
        Object.assign(set, { withdrawReason: reason, closedAt: now });
        news = {
          kind: 'shelter.withdrawn',
          params: { caseNo: code, reason },
          title: '金融方舱申请已撤回',
          content: `您已撤回金融方舱申请${code}${reason ? `，原因：${reason}` : ''}。`,
          sms: statusSms(code, to),
        };
        break;
      case 'exit': {
        const note = input.note ? plainText(input.note) || null : null;
        if (input.outcome === 'OTHER' && (note?.length ?? 0) < 2) throw fieldError('note', '请填写出舱说明');
        Object.assign(set, { exitOutcome: input.outcome, exitNote: note, closedAt: now });
        reason = note;
        detail = { kind: 'exit', outcome: input.outcome };
        news = {
          kind: 'shelter.exited',
          params: { caseNo: code, outcome: input.outcome, detail: note },
          title: '金融方舱帮扶已结束',
          content: `您的金融方舱申请${code}已出舱（${[input.outcome === 'RECOVERED' ? '经营恢复' : '其他', note].filter(Boolean).join('：')}）。`,
          sms: statusSms(code, to),
        };
        break;
      }
    }
    deltas[stateCounter(from)] = (deltas[stateCounter(from)] ?? 0) - 1;
    const toCounter = stateCounter(to, input.action === 'exit' ? input.outcome : null);
    deltas[toCounter] = (deltas[toCounter] ?? 0) + 1;

    const changed = await db.transaction(async (tx) => {
      // Only from the state the rules were checked against: of two concurrent actions only one finds it.
      const row = await repo.updateCase(tx, c.id, [from], set);
      if (!row) return null;
      if (newBanks.length) await repo.insertBanks(tx, c.id, newBanks);
      await repo.insertHistory(tx, {
        caseId: c.id,
        action: verb,
        fromState: from,
        toState: to,
        userId: actor.session.userId,
        orgId: actor.session.orgId,
        reason,
        detail,
        at: now,
      });
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'shelter.transition',
        target: `shelter:${c.id}`,
        detail: { code, action: verb, from, to, ...(reason ? { reason } : {}), ...(detail ? { detail } : {}) },
        ip: actor.ip,
      });
      await bumpFigures(tx, c.regionCode, deltas);
      await tellEnterprise(tx, row, news);
      for (const role of ['LEAD', 'HELPER'] as const) {
        const orgIds = newBanks.filter((b) => b.role === role).map((b) => b.orgId);
        if (!orgIds.length) continue;
        await tellBanks(tx, row, orgIds, {
          kind: 'shelter.bankAssigned',
          params: { enterprise: row.enterpriseName, caseNo: code, role },
          title: '金融方舱帮扶任务',
          content: `${row.enterpriseName}（${code}）已入驻金融方舱，贵行被指定为${role === 'LEAD' ? '主办银行' : '协办银行'}，请及时联系企业并记录帮扶措施。`,
        });
      }
      return row;
    });
    if (!changed) throw shelterError('SHELTER_BAD_STATE');
    return { id: c.id, state: changed.state as ShelterState };
  }

  /** A supervisor urges (督办) the case's banks: a message and SMS to their users, a history row; no change of state. */
  async function urge(actor: Actor, id: number, message: string) {
    const v = viewerOf(actor.session);
    const { c, banks } = await read.reach(v, id);
    const refused = refusalOf(v, factsOf(c, banks), 'urge');
    if (refused) throw refused();
    const text = plainText(message);
    if (text.length < 2) throw fieldError('message', '请填写督办意见');
    const code = caseCode(c.id, c.createdAt);
    await db.transaction(async (tx) => {
      const row = await repo.updateCase(tx, c.id, ['IN_SHELTER'], { urgeCount: c.urgeCount + 1 });
      if (!row) throw shelterError('SHELTER_BAD_STATE');
      await repo.insertHistory(tx, {
        caseId: c.id,
        action: 'urge',
        fromState: null,
        toState: null,
        userId: actor.session.userId,
        orgId: actor.session.orgId,
        reason: text,
      });
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'shelter.urge',
        target: `shelter:${c.id}`,
        detail: { code, banks, message: text },
        ip: actor.ip,
      });
      await tellBanks(
        tx,
        row,
        banks,
        {
          kind: 'shelter.urged',
          params: { supervisor: actor.session.orgName ?? null, enterprise: row.enterpriseName, caseNo: code, text },
          title: '金融方舱督办',
          content: `${actor.session.orgName ?? '监管部门'}督办金融方舱企业${row.enterpriseName}（${code}）的帮扶：${text}`,
        },
        { template: 'SHELTER_URGE', params: { enterprise: row.enterpriseName, caseNo: code } },
      );
    });
    return { id: c.id, state: c.state as ShelterState };
  }

  // ---------- a bank records help

  async function recordHelp(actor: Actor, req: MeasureInput) {
    const v: Viewer = viewerOf(actor.session);
    const c = await repo.findCase(db, req.caseId);
    if (!c) throw shelterError('SHELTER_NOT_FOUND');
    const banks = await repo.bankIdsOf(db, c.id);
    const refused = refusalOf(v, factsOf(c, banks), 'recordHelp');
    if (refused) throw refused();
    const bankOrgId = caseBankOf(v, { bankOrgIds: banks })!;
    const admittedDay = shanghaiDay(c.admittedAt!.getTime());
    if (req.givenOn < admittedDay) throw fieldError('givenOn', `帮扶日期不能早于入舱日期（${admittedDay}）`);
    if (req.newDueDate !== undefined && req.newDueDate <= req.givenOn)
      throw fieldError('newDueDate', '新的到期日须晚于帮扶日期');
    const note = req.note ? plainText(req.note) || null : null;
    const code = caseCode(c.id, c.createdAt);

    const deltas: Partial<Record<Counter, number>> = { measures: 1 };
    if (req.type === 'NEW_CREDIT') deltas.new_credit_amount = req.amount;
    if (req.type === 'EXTENSION') deltas.extended_amount = req.amount;
    if (req.type === 'RENEWAL_NO_PRINCIPAL') deltas.renewed_amount = req.amount;
    if (req.type === 'RATE_RELIEF' && req.rateChangeBp! < 0)
      Object.assign(deltas, { rate_cuts: 1, rate_cut_bp_sum: req.rateChangeBp });
    if (req.type === 'PENALTY_WAIVER') deltas.penalty_waived = req.penaltyWaived;

    const measureId = await db.transaction(async (tx) => {
      // The case's row is locked: its state and its first help are read and written under the lock.
      const locked = await repo.lockCase(tx, c.id);
      if (!locked || locked.state !== 'IN_SHELTER') throw shelterError('SHELTER_BAD_STATE');
      const m = await repo.insertMeasure(tx, {
        caseId: c.id,
        bankOrgId,
        orgId: actor.session.orgId!,
        userId: actor.session.userId,
        type: req.type,
        amount: req.amount ?? null,
        rateChangeBp: req.rateChangeBp ?? null,
        newDueDate: req.newDueDate ?? null,
        penaltyWaived: req.penaltyWaived ?? null,
        givenOn: req.givenOn,
        note,
      });
      // The first help is the earliest day given: a measure dated before it moves it (and its days) back.
      const first = locked.firstHelpOn;
      if (first === null)
        Object.assign(deltas, { first_help_cases: 1, first_help_days_sum: daysBetween(admittedDay, req.givenOn) });
      else if (req.givenOn < first) deltas.first_help_days_sum = daysBetween(first, req.givenOn);
      await repo.updateCase(tx, c.id, ['IN_SHELTER'], {
        measureCount: locked.measureCount + 1,
        firstHelpOn: first === null || req.givenOn < first ? req.givenOn : first,
      });
      const what = [
        helpName(req.type),
        req.amount !== undefined ? `${req.amount}万元` : null,
        req.rateChangeBp !== undefined
          ? `利率${req.rateChangeBp > 0 ? '上调' : '下调'}${Math.abs(req.rateChangeBp)}个基点`
          : null,
        req.newDueDate ? `新到期日${req.newDueDate}` : null,
        req.penaltyWaived !== undefined ? `减免罚息${req.penaltyWaived}万元` : null,
      ]
        .filter(Boolean)
        .join('，');
      const detail: ShelterHistoryDetail = {
        kind: 'help',
        type: req.type,
        amount: req.amount ?? null,
        rateChangeBp: req.rateChangeBp ?? null,
        newDueDate: req.newDueDate ?? null,
        penaltyWaived: req.penaltyWaived ?? null,
        givenOn: req.givenOn,
      };
      await repo.insertHistory(tx, {
        caseId: c.id,
        action: 'help',
        fromState: null,
        toState: null,
        userId: actor.session.userId,
        orgId: actor.session.orgId,
        reason: note,
        detail,
      });
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'shelter.help',
        target: `shelter:${c.id}`,
        detail: { code, measureId: m.id, type: req.type, bankOrgId },
        ip: actor.ip,
      });
      await bumpFigures(tx, c.regionCode, deltas);
      await tellEnterprise(tx, locked, {
        kind: 'shelter.helped',
        params: {
          caseNo: code,
          help: req.type,
          amount: req.amount ?? null,
          rateUp: req.rateChangeBp !== undefined && req.rateChangeBp > 0 ? req.rateChangeBp : null,
          rateDown: req.rateChangeBp !== undefined && req.rateChangeBp < 0 ? -req.rateChangeBp : null,
          newDueDate: req.newDueDate ?? null,
          penaltyWaived: req.penaltyWaived ?? null,
          givenOn: req.givenOn,
        },
        title: '金融方舱帮扶措施已落实',
        content: `您的金融方舱申请${code}有新的帮扶措施：${what}（${req.givenOn}）。`,
      });
      return m.id;
    });
    const [m] = await repo.listMeasures(db, c.id, measureId);
    return toMeasure(m);
  }

  return { ...read, ...createShelterDrafts(db), apply, act, urge, recordHelp };
}

export type ShelterService = ReturnType<typeof createShelterService>;
