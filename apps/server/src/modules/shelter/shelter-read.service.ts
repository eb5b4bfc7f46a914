import type { z } from 'zod';
import type { Page } from '@phjr/contract/envelope';
import {
  HELP_NEEDS_AMOUNT,
  HELP_TYPES,
  SHELTER_VIEW_STATES,
  type ShelterDetail,
  type ShelterFigures,
  type ShelterFiguresResponse,
  type ShelterState,
  type ShelterSummary,
  type ShelterUserAction,
  type ZShelterFilter,
} from '@phjr/contract/shelter/shelter';
import { shelterOps } from '@phjr/contract/shelter/shelter-ops';
import { parentWithheld, withheldCells } from '@phjr/contract/stats/small-cells';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import {
  actionsFor,
  actorsOf,
  canSee,
  scopeOf,
  shelterError,
  viewerFrom,
  type CaseFacts,
  type ListKind,
  type Viewer,
} from './shelter-access.ts';
import * as figures from './shelter-figures.repo.ts';
import { isoOf } from '../../lib/instant-text.ts';
import { caseCode } from './shelter-messages.ts';
import * as repo from './shelter.repo.ts';
import type { FileLinksService } from '../files/file-links.ts';

export type FilterInput = z.output<typeof ZShelterFilter>;

const iso = (ms: number | null) => (ms === null ? null : isoOf(ms));
const maskPhone = (p: string) => (p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : p ? '****' : '');
const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The viewer behind a session: its bank line and whether its region is the whole city come with the session
 * (orgTree.line, regionIsCity), so no request pays a look-up of its own for them.
 */
export function viewerOf(s: SessionContext): Viewer {
  const bank =
    s.accountType === 'BANK' && s.orgId !== null && s.classifiedType === 'BANK' && s.permissions.has('shelter:help');
  const bankLine = bank ? (s.orgTree?.line ?? [s.orgId!]) : null;
  return viewerFrom(s, { bankLine, cityLevel: s.regionIsCity ?? false });
}

/** The facts the rules read, from a case row and its banks. */
export const factsOf = (
  c: Pick<repo.CaseRow, 'state' | 'regionCode' | 'enterpriseUserId'>,
  bankOrgIds: number[],
): CaseFacts => ({
  state: c.state,
  regionCode: c.regionCode,
  enterpriseUserId: c.enterpriseUserId,
  bankOrgIds,
});

/** A list row as `v` sees it: with the actions the server would take from `v`. */
export function toSummary(r: repo.SummaryRow, v: Viewer): ShelterSummary {
  return {
    id: r.id,
    code: caseCode(r.id, r.createdAtMs),
    state: r.state as ShelterState,
    enterpriseName: r.enterpriseName,
    creditCode: r.creditCode,
    regionCode: r.regionCode,
    regionName: r.regionName,
    industry: r.industry as ShelterSummary['industry'],
    helpTypes: r.helpTypes as ShelterSummary['helpTypes'],
    loanTotal: r.loanTotal,
    leadBankOrgId: r.leadBankOrgId,
    leadBankName: r.leadBankName,
    appliedAt: isoOf(r.createdAtMs),
    admittedAt: iso(r.admittedAtMs),
    closedAt: iso(r.closedAtMs),
    measureCount: r.measureCount,
    // Frozen and shared between rows: written out, never changed.
    actions: actionsFor(v, factsOf(r, r.bankOrgIds)) as ShelterUserAction[],
  };
}

/** The plan: per help type asked or given, the amount asked against the measures given. */
function planOf(asked: { type: string; amount: number | null }[], measures: repo.MeasureRow[]): ShelterDetail['plan'] {
  return HELP_TYPES.flatMap((type) => {
    const a = asked.find((h) => h.type === type);
    const given = measures.filter((m) => m.type === type);
    if (!a && !given.length) return [];
    const amountOf = (m: repo.MeasureRow) => (type === 'PENALTY_WAIVER' ? (m.penaltyWaived ?? 0) : (m.amount ?? 0));
    const hasAmount =
      type === 'PENALTY_WAIVER' || HELP_NEEDS_AMOUNT.includes(type) || given.some((m) => m.amount !== null);
    const bps = given.map((m) => m.rateChangeBp).filter((x): x is number => x !== null);
    return [
      {
        type,
        asked: !!a,
        askedAmount: a?.amount ?? null,
        givenCount: given.length,
        givenAmount: hasAmount ? round2(given.reduce((s, m) => s + amountOf(m), 0)) : null,
        avgRateChangeBp:
          type === 'RATE_RELIEF' && bps.length
            ? Math.round((bps.reduce((s, x) => s + x, 0) / bps.length) * 10) / 10
            : null,
      },
    ];
  });
}

export const toMeasure = (m: repo.MeasureRow) => ({
  id: m.id,
  type: m.type as ShelterDetail['measures'][number]['type'],
  orgId: m.orgId,
  orgName: m.orgName,
  amount: m.amount,
  rateChangeBp: m.rateChangeBp,
  newDueDate: m.newDueDate,
  penaltyWaived: m.penaltyWaived,
  givenOn: m.givenOn,
  note: m.note,
  recordedByName: m.recordedByName,
  createdAt: new Date(m.createdAtMs).toISOString(),
});

/** The repository filter of a list's query: the supervisor's view names its states; the other lists filter by state and keyword. */
export function filterOf(kind: ListKind, q: Partial<FilterInput>): repo.Filter {
  const { view, sortField, sortOrder, ...f } = q;
  // The supervisors' and the banks' lists sort (SHELTER_SORT); the enterprise's own handful keeps its order.
  const sort = sortField && kind !== 'my' ? { sort: { sortField, sortOrder } } : {};
  if (kind === 'supervise') return { ...f, states: SHELTER_VIEW_STATES[view ?? 'ALL'] ?? undefined, ...sort };
  return { state: f.state, keyword: f.keyword, ...sort };
}

/** The reads of the shelter: lists, the detail, the figures, the pickers. */
/** `fileLinks` signs the attachments' links for their reader (files/file-links.ts), so a browser opens them in a new tab. */
export function createShelterReadService(db: Db, fileLinks: Pick<FileLinksService, 'sign'>) {
  /** A case the viewer may see, with its banks; anyone else gets SHELTER_NOT_FOUND exactly as for a missing id. */
  async function reach(v: Viewer, id: number) {
    const c = await repo.findCase(db, id);
    if (!c) throw shelterError('SHELTER_NOT_FOUND');
    const banks = await repo.bankIdsOf(db, id);
    if (!canSee(v, factsOf(c, banks))) throw shelterError('SHELTER_NOT_FOUND');
    return { c, banks };
  }

  async function page(
    s: SessionContext,
    kind: ListKind,
    q: Partial<FilterInput> & { current: number; pageSize: number },
  ): Promise<Page<ShelterSummary>> {
    const { current, pageSize, ...f } = q;
    const v = viewerOf(s);
    const { list, total } = await repo.pageCases(db, scopeOf(v, kind), filterOf(kind, f), current, pageSize);
    return { list: list.map((r) => toSummary(r, v)), total, current, pageSize };
  }

  async function detail(s: SessionContext, id: number): Promise<ShelterDetail> {
    const v = viewerOf(s);
    const { c, banks } = await reach(v, id);
    const [names, loans, asked, bankRows, measures, history, attachments] = await Promise.all([
      repo.namesOf(db, c),
      repo.listLoans(db, id),
      repo.listHelpAsked(db, id),
      repo.listBanks(db, id),
      repo.listMeasures(db, id),
      repo.listHistory(db, id),
      repo.listAttachments(db, id),
    ]);
    const facts = factsOf(c, banks);
    const actors = actorsOf(v, facts);
    // The phone is the enterprise's, the banks' on the case, and the acting supervisors'; a read-only viewer sees it masked.
    const seesPhone = actors.has('enterprise') || actors.has('bank') || (actors.has('supervisor') && v.canSupervise);
    const summary = toSummary(
      {
        ...c,
        ...names,
        bankOrgIds: banks,
        createdAtMs: c.createdAt.getTime(),
        admittedAtMs: c.admittedAt?.getTime() ?? null,
        closedAtMs: c.closedAt?.getTime() ?? null,
      },
      v,
    );
    return {
      ...summary,
      cause: c.cause,
      difficultySince: c.difficultySince,
      expectedRecovery: c.expectedRecovery,
      loans,
      helpAsked: asked.map((h) => ({ type: h.type as ShelterDetail['helpAsked'][number]['type'], amount: h.amount })),
      contactName: c.contactName,
      contactPhone: seesPhone ? c.contactPhone : maskPhone(c.contactPhone),
      attachments: attachments.map((a) => ({
        id: a.fileId,
        name: a.name,
        url: fileLinks.sign(s, shelterOps.attachment.path, { id: c.id, fileId: a.fileId }),
      })),
      publicOnRecovery: c.publicOnRecovery,
      banks: bankRows.map((b) => ({ orgId: b.orgId, name: b.name, role: b.role as 'LEAD' | 'HELPER' })),
      planNote: c.planNote,
      refuseReason: c.refuseReason,
      withdrawReason: c.withdrawReason,
      exitOutcome: c.exitOutcome as ShelterDetail['exitOutcome'],
      exitNote: c.exitNote,
      urgeCount: c.urgeCount,
      measures: measures.map(toMeasure),
      plan: planOf(asked, measures),
      history: history.map((h) => ({
        id: h.id,
        at: new Date(h.atMs).toISOString(),
        action: h.action,
        fromState: h.fromState as ShelterState | null,
        toState: h.toState as ShelterState | null,
        actorName: h.actorName,
        actorOrgName: h.actorOrgName,
        reason: h.reason,
        detail: h.detail ?? null,
      })),
    };
  }

  async function attachment(s: SessionContext, id: number, fileId: string) {
    await reach(viewerOf(s), id);
    const f = await repo.findAttachedFile(db, id, fileId);
    if (!f) throw new AppError('FILE_NOT_FOUND');
    return f;
  }

  /** The bank workbench's card: assigned cases in the shelter now, and the latest five assigned. */
  async function bankSummary(s: SessionContext) {
    const v = viewerOf(s);
    const scope = scopeOf(v, 'bank');
    const [inShelter, latest] = await Promise.all([
      repo.countCases(db, scope, { state: 'IN_SHELTER' }),
      repo.pageCases(db, scope, {}, 1, 5),
    ]);
    return { inShelter, latest: latest.list.map((r) => toSummary(r, v)) };
  }

  /** The public figures, no cell of fewer than SMALL_CELL_MIN applications (docs/statistics.md "Small cells"). */
  async function portalFigures(): Promise<ShelterFiguresResponse> {
    const [byDistrict, total] = await Promise.all([figures.figuresByDistrict(db), figures.sumFigures(db)]);
    const totalShown = !parentWithheld(total.applications);
    const held = withheldCells(
      byDistrict.map((d) => d.figures.applications),
      totalShown,
    );
    return {
      total: totalShown ? total : null,
      byDistrict: byDistrict.map((d, i) => (held[i] ? { ...d, figures: null } : d)),
    };
  }

  /** The figures in the supervisor's scope (one district of it with `regionCode`; another district answers 404). */
  async function superviseFigures(s: SessionContext, regionCode?: string): Promise<ShelterFigures> {
    const v = viewerOf(s);
    if (v.supervised === undefined) return figures.sumFigures(db, []);
    if (regionCode !== undefined && v.supervised !== null && !v.supervised.includes(regionCode))
      throw new AppError('NOT_FOUND');
    return figures.sumFigures(db, regionCode !== undefined ? [regionCode] : (v.supervised ?? undefined));
  }

  const banks = () => repo.bankOptions(db);

  return { reach, page, detail, attachment, bankSummary, portalFigures, superviseFigures, banks };
}

export type ShelterReadService = ReturnType<typeof createShelterReadService>;
