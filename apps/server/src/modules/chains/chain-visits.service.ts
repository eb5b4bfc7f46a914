import type { z } from 'zod';
import { sortOf } from '@phjr/contract/list-sort';
import type { Readable } from 'node:stream';
import type {
  ChainLoan,
  ChainVisit,
  ZChainLoanFilter,
  ZChainVisitFilter,
  ZChainLoanPageQuery,
  ZChainLoanSaveRequest,
  ZChainVisitPageQuery,
  ZChainVisitSaveRequest,
} from '@phjr/contract/chains/chain';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import type { Page } from '@phjr/contract/envelope';
import { shanghaiDay } from '@phjr/contract/system/shanghai-time';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { streamSheet } from '../../lib/excel-export.ts';
import type { SortCursor } from '../../db/sort.ts';
import { exportFileName } from '@phjr/contract/system/export-file-name';
import {
  CHAIN_EXPORT_BATCH,
  CHAIN_EXPORT_MAX_ROWS,
  LOAN_SHEET,
  VISIT_SHEET,
  cellsOf,
  type Sheet,
} from './chain-sheets.ts';
import { writeAudit } from '../audit/audit.ts';
import { chainScope, mayRead, readableChainIds, type Actor, type ChainScope } from './chain-access.ts';
import { lockActiveChain, memberRefusal, plain } from './chain-enterprises.service.ts';
import * as members from './chain-enterprises.repo.ts';
import * as figures from './chain-figures.repo.ts';
import * as repo from './chain-visits.repo.ts';
import type { FileLinksService } from '../files/file-links.ts';
import type { SessionContext } from '../auth/auth.service.ts';

/**
 * Visits (走访) and loans (docs/chains.md "Rules"): a bank of the chain records them for its own organisation; the
 * operator and the chain's government managers read every record of their chains, a bank only its own bank's (its
 * organisation's and the organisations' under it). Each write is one transaction with its counters
 * (chain-figures.repo.ts) and an audit row, under the chain's and the member's locks; a visit or a loan of the bank
 * holding the member's claim ends the claim.
 */

type VisitInput = z.output<typeof ZChainVisitSaveRequest>;
type LoanInput = z.output<typeof ZChainLoanSaveRequest>;
type VisitQuery = z.output<typeof ZChainVisitPageQuery>;
type LoanQuery = z.output<typeof ZChainLoanPageQuery>;
type VisitFilter = z.output<typeof ZChainVisitFilter>;
type LoanFilter = z.output<typeof ZChainLoanFilter>;

const fieldError = (field: string, message: string) => ({ fields: [{ field, message }] });
const invalid = (field: string, message: string) =>
  new AppError('VALIDATION', message, { data: fieldError(field, message) });

/** What a visit and a loan both say: whose record, on which member of which chain, by whom and when. */
const recordHead = (r: repo.VisitRow | repo.LoanRow) => ({
  id: r.id,
  industrialChainId: r.chainId,
  chainName: r.chainName,
  enterpriseId: r.enterpriseId,
  enterpriseName: r.enterpriseName,
  creditCode: r.creditCode,
  orgId: r.orgId,
  orgName: r.orgName,
  createdBy: r.createdBy,
  createdAt: new Date(r.createdAtMs).toISOString(),
});

/** `fileLinks` signs the photos' links for their reader (files/file-links.ts): an `<img>` cannot send the header. */
export function createChainVisitsService(db: Db, fileLinks: Pick<FileLinksService, 'sign'>) {
  /** Whose records the scope reads: null for every organisation's, else its own organisation and those under it. */
  async function readers(scope: ChainScope): Promise<number[] | null> {
    if (scope.kind === 'BANK') return members.subtreeOf(db, scope.orgId);
    if (scope.kind === 'NONE') return [];
    return null;
  }

  /** A record the scope may read (its chain, and for a bank its own bank's); anyone else gets NOT_FOUND. */
  async function reachable<T extends { chainId: number; orgId: number }>(scope: ChainScope, r: T | null): Promise<T> {
    if (!r || !mayRead(scope, r.chainId)) throw new AppError('NOT_FOUND', '记录不存在');
    const orgIds = await readers(scope);
    if (orgIds && !orgIds.includes(r.orgId)) throw new AppError('NOT_FOUND', '记录不存在');
    return r;
  }

  /** Visits with their photos' names (one query for a page). */
  async function toVisits(reader: SessionContext, rows: repo.VisitRow[]): Promise<ChainVisit[]> {
    const names = await repo.fileNames(db, [...new Set(rows.flatMap((r) => r.photoIds))]);
    return rows.map((r) => toVisit(reader, r, names));
  }

  /** A visit as `reader` sees it: its photos' links signed for the reader (an `<img>` cannot send the header). */
  function toVisit(reader: SessionContext, r: repo.VisitRow, names: Map<string, string>): ChainVisit {
    const photoUrl = (fileId: string) => fileLinks.sign(reader, chainOps.visitPhoto.path, { id: r.id, fileId });
    return {
      ...recordHead(r),
      visitDate: r.visitDate,
      staff: r.staff,
      content: r.content,
      intention: r.intention as ChainVisit['intention'],
      intendedAmount: r.intendedAmount,
      result: r.result as ChainVisit['result'],
      noLoanReason: r.noLoanReason as ChainVisit['noLoanReason'],
      photos: r.photoIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)!, url: photoUrl(id) })),
    };
  }

  const toLoan = (r: repo.LoanRow): ChainLoan => ({
    ...recordHead(r),
    amount: r.amount,
    rate: r.rate,
    term: r.term,
    loanDate: r.loanDate,
    productId: r.productId,
    productName: r.productName,
  });

  /**
   * The list's filter within the scope. `orgId` (the bank filter) takes the bank's records and those of the units
   * under it, as a chain names a bank's head office while its branches record the visits; from after to is refused.
   */
  async function filterOf(scope: ChainScope, q: VisitFilter | LoanFilter): Promise<repo.RecordFilter> {
    if (q.from && q.to && q.from > q.to) throw invalid('to', '结束日期不能早于开始日期');
    return {
      chainIds: readableChainIds(scope),
      orgIds: await readers(scope),
      chainId: q.industrialChainId,
      enterpriseId: q.enterpriseId,
      bankOrgIds: q.orgId === undefined ? undefined : await members.subtreeOf(db, q.orgId),
      from: q.from,
      to: q.to,
      keyword: q.keyword,
      intention: 'intention' in q ? q.intention : undefined,
      result: 'result' in q ? q.result : undefined,
      sort: sortOf(q),
    };
  }

  /**
   * A record list's Excel twin (issue 30; docs/lists.md): the list's scope, filters and sort, every row up to
   * CHAIN_EXPORT_MAX_ROWS, streamed in keyset batches; audited (`export`, with the filters) before the file starts.
   */
  async function exportRecords<R extends { id: number; sortKey: string }>(
    actor: Actor,
    q: VisitFilter | LoanFilter,
    what: { list: string; target: string; name: string; sheet: Sheet<R> },
    batch: (f: repo.RecordFilter, after: SortCursor | null) => Promise<R[]>,
  ): Promise<{ fileName: string; stream: Readable }> {
    const scope = await chainScope(db, actor);
    const f = await filterOf(scope, q);
    const first = await batch(f, null);
    await writeAudit(db, {
      userId: actor.session.userId,
      action: 'export',
      target: what.target,
      detail: { list: what.list, filters: q },
      ip: actor.ip,
    });
    const stream = streamSheet({
      sheet: what.sheet.sheet,
      columns: what.sheet.columns,
      cells: cellsOf(what.sheet),
      first,
      next: (last) => batch(f, last && { key: last.sortKey, id: last.id }),
      batch: CHAIN_EXPORT_BATCH,
      maxRows: CHAIN_EXPORT_MAX_ROWS,
    });
    return { fileName: exportFileName(what.name, Date.now()), stream };
  }

  const visitExport = (actor: Actor, q: VisitFilter) =>
    exportRecords<repo.VisitRow & { sortKey: string }>(
      actor,
      q,
      { list: 'chainVisits', target: 'chain:visits', name: '走访记录', sheet: VISIT_SHEET },
      (f, after) => repo.visitBatch(db, f, after, CHAIN_EXPORT_BATCH),
    );
  const loanExport = (actor: Actor, q: LoanFilter) =>
    exportRecords<repo.LoanRow & { sortKey: string }>(
      actor,
      q,
      { list: 'chainLoans', target: 'chain:loans', name: '放款记录', sheet: LOAN_SHEET },
      (f, after) => repo.loanBatch(db, f, after, CHAIN_EXPORT_BATCH),
    );

  async function visitPage(actor: Actor, q: VisitQuery): Promise<Page<ChainVisit>> {
    const scope = await chainScope(db, actor);
    const { rows, total } = await repo.pageVisits(db, await filterOf(scope, q), q.current, q.pageSize);
    return { list: await toVisits(actor.session, rows), total, current: q.current, pageSize: q.pageSize };
  }

  async function visitDetail(actor: Actor, id: number) {
    const scope = await chainScope(db, actor);
    return (await toVisits(actor.session, [await reachable(scope, await repo.findVisit(db, id))]))[0];
  }

  /** One photo of a visit, to anyone who may read the visit (the file itself is PRIVATE to its uploader). */
  async function visitPhoto(actor: Actor, id: number, fileId: string) {
    const scope = await chainScope(db, actor);
    const v = await reachable(scope, await repo.findVisit(db, id));
    const f = v.photoIds.includes(fileId) ? await repo.fileContent(db, fileId) : null;
    if (!f) throw new AppError('FILE_NOT_FOUND');
    return f;
  }

  /** The member a bank writes a record on, with the organisation its figures count for; refusals as memberRefusal. */
  async function target(scope: ChainScope, enterpriseId: number, action: 'visit' | 'loan') {
    const m = await members.findMember(db, enterpriseId);
    if (!m || !mayRead(scope, m.chainId)) throw new AppError('NOT_FOUND', '企业不存在');
    const refusal = memberRefusal(scope, m, action, Date.now());
    if (refusal) throw refusal();
    const bank = scope as Extract<ChainScope, { kind: 'BANK' }>;
    const bankOrgId = bank.bankOrgByChain[m.chainId];
    if (bankOrgId === undefined) throw new AppError('CHAIN_NOT_MEMBER', undefined, { httpStatus: 403 });
    return { m, bank, bankOrgId };
  }

  /**
   * One record's transaction: under the chain's and the member's locks, `write` inserts the record with its counters
   * and audit row; a record of the bank holding the member's claim then ends the claim.
   */
  async function writeRecord(
    member: { id: number; chainId: number },
    bankOrg: number,
    write: (tx: Tx, locked: figures.LockedMember) => Promise<number>,
  ) {
    return db.transaction(async (tx) => {
      await lockActiveChain(tx, member.chainId);
      const locked = await figures.lockMember(tx, member.id);
      if (!locked) throw new AppError('NOT_FOUND', '企业不存在');
      const id = await write(tx, locked);
      if (locked.claimedByOrgId === bankOrg) await members.setClaim(tx, member.id, null, null);
      return id;
    });
  }

  async function visitSave(actor: Actor, req: VisitInput) {
    const scope = await chainScope(db, actor);
    const { m, bank, bankOrgId } = await target(scope, req.enterpriseId, 'visit');
    const today = shanghaiDay(Date.now());
    if (req.visitDate > today) throw invalid('visitDate', '走访日期不能晚于今天');
    if (req.visitDate < shanghaiDay(m.createdAtMs)) throw invalid('visitDate', '走访日期不能早于企业加入产业链的日期');
    const content = plain(req.content);
    if (content.length < 5) throw invalid('content', '请填写走访内容（至少5个字）');
    const photoIds = [...new Set(req.photoIds)];
    const own = await repo.ownPrivateFiles(db, photoIds, actor.session.userId);
    if (own.length !== photoIds.length) throw invalid('photoIds', '照片不存在或不是本人上传');
    const id = await writeRecord(m, bank.orgId, async (tx, locked) => {
      const visitId = await repo.insertVisit(tx, {
        chainId: m.chainId,
        enterpriseId: m.id,
        orgId: bank.orgId,
        userId: actor.session.userId,
        visitDate: req.visitDate,
        staff: plain(req.staff),
        content,
        intention: req.intention,
        intendedAmount: req.intendedAmount,
        result: req.result,
        noLoanReason: req.noLoanReason,
        photoIds,
      });
      await figures.visitCounted(tx, locked, {
        bankOrgId,
        hasNeed: req.intention === 'HAS_NEED',
        visitDate: req.visitDate,
      });
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'chain.visit.create',
        target: `chainVisit:${visitId}`,
        detail: {
          chainId: m.chainId,
          enterpriseId: m.id,
          orgId: bank.orgId,
          intention: req.intention,
          result: req.result,
        },
        ip: actor.ip,
      });
      return visitId;
    });
    return (await toVisits(actor.session, [(await repo.findVisit(db, id))!]))[0];
  }

  async function loanSave(actor: Actor, req: LoanInput) {
    const scope = await chainScope(db, actor);
    const { m, bank, bankOrgId } = await target(scope, req.enterpriseId, 'loan');
    if (req.loanDate > shanghaiDay(Date.now())) throw invalid('loanDate', '放款日期不能晚于今天');
    if (req.productId !== null) {
      const [p, head] = await Promise.all([repo.findProduct(db, req.productId), members.headOf(db, bank.orgId)]);
      if (!p || p.kind !== 'LOAN' || p.bankId !== head)
        throw new AppError('CHAIN_PRODUCT_NOT_OWN', undefined, { data: fieldError('productId', '请选择本行的产品') });
    }
    const id = await writeRecord(m, bank.orgId, async (tx, locked) => {
      const loanId = await repo.insertLoan(tx, {
        chainId: m.chainId,
        enterpriseId: m.id,
        orgId: bank.orgId,
        userId: actor.session.userId,
        amount: req.amount,
        rate: req.rate,
        term: req.term,
        loanDate: req.loanDate,
        productId: req.productId,
      });
      await figures.loanCounted(tx, locked, { bankOrgId, amount: req.amount });
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'chain.loan.create',
        target: `chainLoan:${loanId}`,
        detail: { chainId: m.chainId, enterpriseId: m.id, orgId: bank.orgId, amount: req.amount },
        ip: actor.ip,
      });
      return loanId;
    });
    return toLoan((await repo.findLoan(db, id))!);
  }

  async function loanPage(actor: Actor, q: LoanQuery): Promise<Page<ChainLoan>> {
    const scope = await chainScope(db, actor);
    const { rows, total } = await repo.pageLoans(db, await filterOf(scope, q), q.current, q.pageSize);
    return { list: rows.map(toLoan), total, current: q.current, pageSize: q.pageSize };
  }

  async function loanDetail(actor: Actor, id: number) {
    const scope = await chainScope(db, actor);
    return toLoan(await reachable(scope, await repo.findLoan(db, id)));
  }

  return { visitPage, visitDetail, visitPhoto, visitSave, loanPage, loanDetail, loanSave, visitExport, loanExport };
}

export type ChainVisitsService = ReturnType<typeof createChainVisitsService>;
