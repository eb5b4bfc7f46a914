import type { z } from 'zod';
import type { Page } from '@phjr/contract/envelope';
import {
  beijingToday,
  consentExpiringSoon,
  consentMaxExpiry,
  consentState,
  CONSENT_EXPIRING_SOON_DAYS,
  CREDIT_SUGGEST_LIMIT,
  CREDIT_SUGGESTS_PER_HOUR,
  daysBetween,
  type CreditConsent,
  type CreditFieldGroup,
  type CreditPublicSubject,
  type CreditSubject,
  type CreditSuggestion,
  type CreditPurpose,
  type CreditReport,
  type ZConsentCreateRequest,
  type ZConsentPageQuery,
} from '@phjr/contract/credit/credit';
import { ENUM_CATALOG } from '@phjr/contract/system/enum-catalog';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { withAuditLimit, writeAudit } from '../audit/audit.ts';
import { notifyUser, notifyUsers, type Said } from '../notify/notify.service.ts';
import { demandCode } from '../demands/demand-messages.ts';
import {
  institutionOf,
  revokeRefusal,
  subjectCodes,
  subjectView,
  type Actor,
  type SubjectView,
} from './credit-access.ts';
import * as repo from './credit.repo.ts';

/**
 * What the credit module reads of other domains, passed in by the composition root (services.ts) so that no module
 * imports another's repository. Each is optional: without it the record shows nothing of that domain.
 */
export interface CreditLinks {
  /** Shelter cases EXITED as recovered whose enterprise made them public (publicOnRecovery), by credit code. */
  shelterPublic?: (db: DbOrTx, creditCodes: string[]) => Promise<Map<string, { exitedOn: string | null }>>;
  /** Every shelter case of an enterprise (the full record). */
  shelterCases?: (
    db: DbOrTx,
    creditCode: string,
  ) => Promise<{ id: number; status: string; appliedOn: string | null; exitedOn: string | null }[]>;
  /** The farmer-data entity (cooperative, family farm…) whose credit code this is. */
  farmerEntity?: (
    db: DbOrTx,
    creditCode: string,
  ) => Promise<{ entityType: string; regionName: string | null; rating: string | null } | null>;
}

/** A consent a demand gives (docs/credit.md "Consents from demands"), written in the demand's own transaction. */
export interface DemandConsent {
  demandId: number;
  creditCode: string;
  subjectName: string;
  subjectUserId: number;
  orgId: number;
  purpose: Extract<CreditPurpose, 'LOAN_APPROVAL' | 'GUARANTEE'>;
  userId: number | null;
  at: Date;
}

type ConsentQuery = z.output<typeof ZConsentPageQuery> & { creditCode?: string };
const fieldError = (field: string, message: string) => ({ fields: [{ field, message }] });
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const purposeName = (p: string) => ENUM_CATALOG.CreditPurpose[p]?.[0] ?? p;
/** Where each side reads its consents and queries (the toSYX credit page of its client). */
const INSTITUTION_PAGE = { BANK: '/financialInstitution/toSYX', GUARANTEE: '/guaranteePlatform/toSYX' } as const;
const SUBJECT_PAGE = '/userClient/toSYX';

/** The institution's users hear of a consent given or revoked (in-site), in the transaction that makes it. */
async function tellInstitution(tx: DbOrTx, org: { id: number; classifiedType: string }, said: Said) {
  const link = INSTITUTION_PAGE[org.classifiedType as keyof typeof INSTITUTION_PAGE] ?? null;
  await notifyUsers(tx, await repo.orgUserIds(tx, org.id), { ...said, link });
}

function toConsent(r: repo.ConsentRow, today: string, v?: SubjectView): CreditConsent {
  const c = { revokedAt: iso(r.revokedAtMs), expiresOn: r.expiresOn };
  const state = consentState(c, today);
  return {
    id: r.id,
    subjectCreditCode: r.subjectCreditCode,
    subjectName: r.subjectName,
    orgId: r.orgId,
    orgName: r.orgName,
    orgType: r.orgType,
    purpose: r.purpose as CreditPurpose,
    source: r.source as CreditConsent['source'],
    demandId: r.demandId,
    demandCode:
      r.demandId !== null && r.demandCreatedAtMs !== null ? demandCode(r.demandId, r.demandCreatedAtMs) : null,
    givenOn: r.givenOn,
    expiresOn: r.expiresOn,
    revokedAt: c.revokedAt,
    state,
    expiringSoon: consentExpiringSoon(c, today),
    daysLeft: state === 'LIVE' ? daysBetween(today, r.expiresOn) : null,
    givenByName: r.givenByName,
    createdAt: new Date(r.createdAtMs).toISOString(),
    actions: v && !revokeRefusal(v, { subjectCreditCode: r.subjectCreditCode, ...c }, today) ? ['revoke'] : [],
  };
}

export function createCreditService(db: Db, links: CreditLinks = {}) {
  // ---------- the public record

  /**
   * The public record of each row: registry facts, an account on the platform, a recovered shelter case made public.
   * No lending relationship (which institution's product lent to it, how many loans): those are the full record's.
   */
  async function publicSubjects(rows: repo.RegistryRow[]): Promise<CreditPublicSubject[]> {
    const codes = rows.map((r) => r.creditCode);
    const [accounts, shelter] = await Promise.all([
      repo.onPlatform(db, codes),
      links.shelterPublic ? links.shelterPublic(db, codes) : new Map<string, { exitedOn: string | null }>(),
    ]);
    return rows.map((r) => {
      const s = shelter.get(r.creditCode);
      return {
        ...r,
        onPlatform: accounts.has(r.creditCode),
        shelter: s ? { status: 'RECOVERED' as const, exitedOn: s.exitedOn } : null,
      };
    });
  }

  /** The subject as the full record shows it: the public record and its lending on the platform. */
  async function fullSubject(row: repo.RegistryRow): Promise<CreditSubject> {
    const [[subject], facts] = await Promise.all([publicSubjects([row]), repo.platformFacts(db, [row.creditCode])]);
    const f = facts.get(row.creditCode);
    return { ...subject!, products: f?.products ?? [], loansGranted: f?.loansGranted ?? 0 };
  }

  async function search(q: { keyword: string; current: number; pageSize: number }): Promise<Page<CreditPublicSubject>> {
    const { rows, total } = await repo.searchSubjects(db, q.keyword, q.pageSize, (q.current - 1) * q.pageSize);
    return { list: await publicSubjects(rows), total, current: q.current, pageSize: q.pageSize };
  }

  // ---------- the full record

  /** Reads a subject's full record; the caller decided that the reader may see it. */
  async function report(
    code: string,
  ): Promise<
    Omit<CreditReport, 'consentId' | 'queryId'> & { regionCode: string | null; accountUserId: number | null }
  > {
    const registry = await repo.subjectByCode(db, code);
    if (!registry) throw new AppError('CREDIT_SUBJECT_NOT_FOUND', undefined, { httpStatus: 404 });
    const [subject, account, demands, chains, farmer, shelter] = await Promise.all([
      fullSubject(registry),
      repo.enterpriseAccount(db, code),
      repo.subjectDemands(db, code),
      repo.subjectChains(db, code),
      links.farmerEntity ? links.farmerEntity(db, code) : null,
      links.shelterCases ? links.shelterCases(db, code) : [],
    ]);
    const chainLoans = await repo.chainLoansOf(
      db,
      chains.map((c) => c.enterpriseId),
    );
    const loans: CreditReport['loans'] = [
      ...demands
        .filter((d) => d.status === 'GRANTED' && d.grantedAmount !== null)
        .map((d) => ({
          source: 'DEMAND' as const,
          orgName: d.orgName,
          productName: d.productName,
          amount: d.grantedAmount!,
          rate: d.grantedRate,
          term: d.grantedTerm,
          grantedOn: d.grantedAt,
        })),
      ...chainLoans.map((l) => ({ source: 'CHAIN' as const, ...l })),
    ];
    const groups: CreditFieldGroup[] = ['REGISTRY'];
    if (account) groups.push('CONTACT');
    groups.push('DEMANDS', 'LOANS', 'CHAINS');
    if (links.farmerEntity) groups.push('FARMER');
    if (links.shelterCases) groups.push('SHELTER');
    return {
      subject,
      contact: account ? { accountName: account.name, phone: account.phone, certified: account.certified } : null,
      demands: demands.map((d) => ({
        id: d.id,
        code: demandCode(d.id, d.createdAtMs),
        type: d.type,
        status: d.status,
        amount: d.amount,
        term: d.term,
        productName: d.productName,
        orgName: d.orgName,
        createdAt: new Date(d.createdAtMs).toISOString(),
      })),
      loans,
      chains: chains.map(({ enterpriseId: _e, ...c }) => c),
      farmer,
      shelter,
      fieldGroups: groups,
      regionCode: registry.regionCode ?? account?.regionCode ?? null,
      accountUserId: account?.userId ?? null,
    };
  }

  /** The enterprise itself (main account, sub-account, a person acting for it) reads its own record: not logged. */
  async function myReport(actor: Actor, creditCode: string | undefined): Promise<CreditReport> {
    const v = await subjectView(db, actor.session);
    const [code] = subjectCodes(v, creditCode);
    if (!code) throw new AppError('NOT_FOUND', '未找到可查看的企业');
    const { regionCode: _r, accountUserId: _u, ...r } = await report(code);
    return { ...r, consentId: null, queryId: null };
  }

  /**
   * An institution's query. Refused (403 CREDIT_NO_CONSENT) unless a live consent of the subject names the caller's
   * organisation or one above it, for this purpose, today. Either way one log row and its counter are written, in a
   * transaction that must commit before anything is answered: a failed log write fails the query.
   */
  /**
   * The query form's type-ahead (docs/credit.md "Finding the enterprise by name"): an institution's, bounded to
   * CREDIT_SUGGEST_LIMIT names and codes, CREDIT_SUGGESTS_PER_HOUR per user (RATE_LIMITED after), each audited with
   * the keyword and how many it found.
   */
  async function suggest(actor: Actor, keyword: string): Promise<CreditSuggestion[]> {
    const s = actor.session;
    if (!institutionOf(s)) throw new AppError('FORBIDDEN', '仅银行和担保机构可以查询企业信用信息');
    return withAuditLimit(
      db,
      { userId: s.userId, action: 'credit.suggest' },
      { perHour: CREDIT_SUGGESTS_PER_HOUR },
      async (tx) => {
        const rows = await repo.suggestSubjects(tx, keyword, CREDIT_SUGGEST_LIMIT);
        return {
          result: rows,
          audit: { target: 'credit:suggest', detail: { keyword, found: rows.length }, ip: actor.ip },
        };
      },
    );
  }

  async function query(actor: Actor, q: { creditCode: string; purpose: CreditPurpose }): Promise<CreditReport> {
    const s = actor.session;
    const inst = institutionOf(s);
    if (!inst) throw new AppError('FORBIDDEN', '仅银行和担保机构可以查询企业信用信息');
    const now = new Date();
    const today = beijingToday(now);
    const line = await repo.orgLine(db, inst.orgId);
    const consentId = await repo.coveringConsent(db, q.creditCode, line, q.purpose, today);
    const log = async (
      outcome: 'SHOWN' | 'REFUSED',
      found: { name: string | null; regionCode: string | null; userId: number | null },
      groups: CreditFieldGroup[],
    ) =>
      db.transaction(async (tx) => {
        const id = await repo.insertQuery(tx, {
          at: now,
          day: today,
          userId: s.userId,
          orgId: inst.orgId,
          subjectCreditCode: q.creditCode,
          subjectName: found.name,
          subjectRegionCode: found.regionCode,
          purpose: q.purpose,
          consentId,
          outcome,
          fieldGroups: groups,
          ip: actor.ip,
        });
        await writeAudit(tx, {
          userId: s.userId,
          action: 'credit.query',
          target: `credit:${q.creditCode}`,
          detail: { purpose: q.purpose, outcome, consentId, fieldGroups: groups, queryId: id },
          ip: actor.ip,
        });
        // The enterprise hears of every query of its data, refused ones too (its credit page lists them).
        if (found.userId !== null) {
          const what = outcome === 'SHOWN' ? '查询了贵企业的信用信息' : '查询贵企业的信用信息，因无有效授权已被拒绝';
          await notifyUser(tx, found.userId, {
            kind: outcome === 'SHOWN' ? 'credit.queried' : 'credit.queryRefused',
            params: { institution: s.orgName ?? null, user: s.name, day: today, purpose: q.purpose },
            title: '信用信息查询提醒',
            content: `${s.orgName ?? '金融机构'}（${s.name}）于${today}以“${purposeName(q.purpose)}”用途${what}。`,
            link: SUBJECT_PAGE,
          });
        }
        return id;
      });
    if (consentId === null) {
      const [known, account] = await Promise.all([
        repo.subjectByCode(db, q.creditCode),
        repo.enterpriseAccount(db, q.creditCode),
      ]);
      await log(
        'REFUSED',
        {
          name: known?.name ?? null,
          regionCode: known?.regionCode ?? account?.regionCode ?? null,
          userId: account?.userId ?? null,
        },
        [],
      );
      throw new AppError('CREDIT_NO_CONSENT', undefined, { httpStatus: 403 });
    }
    const { regionCode, accountUserId, ...r } = await report(q.creditCode);
    const queryId = await log('SHOWN', { name: r.subject.name, regionCode, userId: accountUserId }, r.fieldGroups);
    return { ...r, consentId, queryId };
  }

  // ---------- consents

  async function mySubjects(actor: Actor) {
    const v = await subjectView(db, actor.session);
    return { kind: v.kind, canConsent: v.canConsent, subjects: v.subjects };
  }

  async function myConsents(actor: Actor, q: ConsentQuery): Promise<Page<CreditConsent>> {
    const v = await subjectView(db, actor.session);
    const codes = subjectCodes(v, q.creditCode);
    const today = beijingToday();
    if (!codes.length) return { list: [], total: 0, current: q.current, pageSize: q.pageSize };
    const { rows, total } = await repo.pageConsents(
      db,
      { subjectCodes: codes, state: q.state, purpose: q.purpose, keyword: q.keyword },
      today,
      q.current,
      q.pageSize,
    );
    return { list: rows.map((r) => toConsent(r, today, v)), total, current: q.current, pageSize: q.pageSize };
  }

  /** The consents an institution holds: given to its organisation, to one above it (they cover it) or below it. */
  async function heldConsents(actor: Actor, q: ConsentQuery): Promise<Page<CreditConsent>> {
    const inst = institutionOf(actor.session);
    if (!inst) return { list: [], total: 0, current: q.current, pageSize: q.pageSize };
    const today = beijingToday();
    const [line, subtree] = await Promise.all([repo.orgLine(db, inst.orgId), repo.orgSubtree(db, inst.orgId)]);
    const expiringBy = q.expiringSoon
      ? new Date(Date.parse(`${today}T00:00:00Z`) + CONSENT_EXPIRING_SOON_DAYS * 86_400_000).toISOString().slice(0, 10)
      : undefined;
    const { rows, total } = await repo.pageConsents(
      db,
      {
        orgIds: [...new Set([...line, ...subtree])],
        state: q.state,
        purpose: q.purpose,
        keyword: q.keyword,
        expiringBy,
      },
      today,
      q.current,
      q.pageSize,
    );
    return { list: rows.map((r) => toConsent(r, today)), total, current: q.current, pageSize: q.pageSize };
  }

  async function institutions() {
    return repo.institutions(db);
  }

  async function createConsent(actor: Actor, req: z.output<typeof ZConsentCreateRequest>): Promise<CreditConsent> {
    const s = actor.session;
    const v = await subjectView(db, s);
    if (!v.canConsent) throw new AppError('ACCOUNT_KIND_NOT_ALLOWED', '仅企业主账号可以授权信用查询');
    const [code] = subjectCodes(v, req.creditCode);
    const subject = v.subjects.find((x) => x.creditCode === code)!;
    const org = await repo.orgById(db, req.orgId);
    if (!org || org.status !== 'ACTIVE' || (org.classifiedType !== 'BANK' && org.classifiedType !== 'GUARANTEE')) {
      throw new AppError('CREDIT_INSTITUTION_INVALID', undefined, {
        data: fieldError('orgId', '请选择有效的银行或担保机构'),
      });
    }
    const now = new Date();
    const today = beijingToday(now);
    const max = consentMaxExpiry(today);
    if (req.expiresOn < today)
      throw new AppError('VALIDATION', '授权到期日不能早于今天', {
        data: fieldError('expiresOn', '授权到期日不能早于今天'),
      });
    if (req.expiresOn > max)
      throw new AppError('VALIDATION', `授权期限最长一年（最晚${max}）`, {
        data: fieldError('expiresOn', `授权期限最长一年（最晚${max}）`),
      });
    const id = await db.transaction(async (tx) => {
      const id = await repo.insertConsent(tx, {
        subjectCreditCode: code!,
        subjectName: subject.name,
        subjectUserId: v.mainUserId,
        orgId: org.id,
        purpose: req.purpose,
        source: 'SELF',
        demandId: null,
        givenOn: today,
        expiresOn: req.expiresOn,
        givenBy: s.userId,
        createdAt: now,
      });
      await writeAudit(tx, {
        userId: s.userId,
        action: 'credit.consent.create',
        target: `credit-consent:${id}`,
        detail: { creditCode: code, orgId: org.id, purpose: req.purpose, expiresOn: req.expiresOn },
        ip: actor.ip,
      });
      await tellInstitution(tx, org, {
        kind: 'credit.consentGiven',
        params: { subject: subject.name, purpose: req.purpose, expiresOn: req.expiresOn },
        title: '收到信用查询授权',
        content: `${subject.name}授权贵机构以“${purposeName(req.purpose)}”用途查询其信用信息，有效期至${req.expiresOn}。`,
      });
      return id;
    });
    return toConsent((await repo.consentById(db, id))!, today, v);
  }

  async function revokeConsent(actor: Actor, id: number): Promise<CreditConsent> {
    const v = await subjectView(db, actor.session);
    const c = await repo.consentById(db, id);
    const now = new Date();
    const today = beijingToday(now);
    if (!c) throw new AppError('NOT_FOUND', '授权记录不存在');
    const refused = revokeRefusal(
      v,
      { subjectCreditCode: c.subjectCreditCode, revokedAt: iso(c.revokedAtMs), expiresOn: c.expiresOn },
      today,
    );
    if (refused) throw refused;
    await db.transaction(async (tx) => {
      if (!(await repo.revokeConsent(tx, id, actor.session.userId, now)))
        throw new AppError('CREDIT_CONSENT_REVOKED', undefined, { httpStatus: 409 });
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'credit.consent.revoke',
        target: `credit-consent:${id}`,
        detail: { creditCode: c.subjectCreditCode, orgId: c.orgId, purpose: c.purpose },
        ip: actor.ip,
      });
      await tellInstitution(
        tx,
        { id: c.orgId, classifiedType: c.orgType },
        {
          kind: 'credit.consentRevoked',
          params: { subject: c.subjectName, purpose: c.purpose },
          title: '信用查询授权已撤销',
          content: `${c.subjectName}已撤销对贵机构“${purposeName(c.purpose)}”用途的信用查询授权，此后查询将被拒绝。`,
        },
      );
    });
    return toConsent((await repo.consentById(db, id))!, today, v);
  }

  /**
   * The consent a demand gives, in the demand's transaction (the composition root passes this to the demands
   * service): on posting an ORIENTATION (LOAN_APPROVAL) or GUARANTEE (GUARANTEE) demand, to the institution it is
   * addressed to; on a bank's acceptance of a PUBLIC demand, to that bank unit. One year, as the longest a self-given
   * consent may last.
   */
  async function consentFromDemand(tx: DbOrTx, c: DemandConsent): Promise<void> {
    const today = beijingToday(c.at);
    const id = await repo.insertConsent(tx, {
      subjectCreditCode: c.creditCode,
      subjectName: c.subjectName,
      subjectUserId: c.subjectUserId,
      orgId: c.orgId,
      purpose: c.purpose,
      source: 'DEMAND',
      demandId: c.demandId,
      givenOn: today,
      expiresOn: consentMaxExpiry(today),
      givenBy: c.userId,
      createdAt: c.at,
    });
    await writeAudit(tx, {
      userId: c.userId,
      action: 'credit.consent.create',
      target: `credit-consent:${id}`,
      detail: { creditCode: c.creditCode, orgId: c.orgId, purpose: c.purpose, demandId: c.demandId },
      ip: null,
    });
  }

  return {
    search,
    suggest,
    myReport,
    query,
    mySubjects,
    myConsents,
    heldConsents,
    institutions,
    createConsent,
    revokeConsent,
    consentFromDemand,
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
