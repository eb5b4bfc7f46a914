import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type {
  Farmer,
  FarmerDetail,
  FarmerFigures,
  FarmerFunnel,
  PortalFigures,
  ZFarmerFilter,
  ZFarmerFunnelQuery,
  ZFarmerPageQuery,
} from '@phjr/contract/farmers/farmer';
import { FARMER_ID_SEARCHES_PER_HOUR, maskIdNumber, maskPhone, rateFarmer } from '@phjr/contract/farmers/farmer-rules';
import type { Page } from '@phjr/contract/envelope';
import { exportFileName } from '@phjr/contract/system/export-file-name';
import { parentWithheld, withheldCells } from '@phjr/contract/stats/small-cells';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { enumLabel, streamSheet } from '../../lib/excel-export.ts';
import { withAuditLimit, writeAudit } from '../audit/audit.ts';
import { farmerScope, inScope, type Actor } from './farmer-access.ts';
import * as repo from './farmers.repo.ts';

/**
 * Reads of farmer records (docs/farmers.md): the list, its Excel twin, the detail with its rating drivers, all masked;
 * the one unmasked read, audited with its reason; the funnel per district, township and village; the portal's
 * aggregates and the villages. Every read is scoped to the caller's district (farmer-access.ts); out of scope is
 * NOT_FOUND.
 */
type PageQuery = z.output<typeof ZFarmerPageQuery>;
type Filter = z.output<typeof ZFarmerFilter>;
type FunnelQuery = z.output<typeof ZFarmerFunnelQuery>;

export const EXPORT_MAX_ROWS = 50_000;
const BATCH = 1_000;

/** What a record's reader may do: the same two arrays for every record, frozen as the demand rows' shared actions are. */
const UNMASK_ACTIONS = Object.freeze<Farmer['actions']>(['sensitive']) as Farmer['actions'];
const NO_ACTIONS = Object.freeze<Farmer['actions']>([]) as Farmer['actions'];

/** A record as every answer but `sensitive` shows it: the ID number and the phone masked. */
function toFarmer(r: repo.FarmerRow, canUnmask: boolean, unmasked = false): Farmer {
  return {
    id: r.id,
    kind: r.kind as Farmer['kind'],
    name: r.name,
    idNumber: unmasked ? r.idNumber : maskIdNumber(r.idNumber),
    phone: r.phone === null ? null : unmasked ? r.phone : maskPhone(r.phone),
    districtCode: r.districtCode,
    districtName: r.districtName,
    townshipCode: r.townshipCode,
    townshipName: r.townshipName,
    villageCode: r.villageCode,
    villageName: r.villageName,
    grid: r.grid,
    landArea: r.landArea,
    landTenure: r.landTenure as Farmer['landTenure'],
    mainProducts: r.mainProducts,
    annualIncome: r.annualIncome,
    assets: r.assets,
    liabilities: r.liabilities,
    overdueCount: r.overdueCount,
    yearsFarming: r.yearsFarming,
    creditGranted: r.creditGranted,
    creditDrawn: r.creditDrawn,
    financingNeed: r.financingNeed,
    needPurpose: r.needPurpose,
    rating: r.rating as Farmer['rating'],
    ratingScore: r.ratingScore,
    source: r.source as Farmer['source'],
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    actions: canUnmask ? UNMASK_ACTIONS : NO_ACTIONS,
  };
}

const withDrivers = (f: Farmer, r: repo.FarmerRow): FarmerDetail => ({ ...f, drivers: rateFarmer(r).drivers });

const rate = (n: number, base: number) => (base > 0 ? Math.round((n / base) * 10_000) / 10_000 : null);
const money = (v: number) => Math.round(v * 100) / 100;

function toFigures(s: repo.FigureSums): FarmerFigures {
  return {
    collected: s.collected,
    households: s.households,
    entities: s.collected - s.households,
    rated: s.rated,
    granted: s.granted,
    grantedAmount: money(s.grantedAmount),
    drawn: s.drawn,
    drawnAmount: money(s.drawnAmount),
    withNeed: s.withNeed,
    needAmount: money(s.needAmount),
    ratedRate: rate(s.rated, s.collected),
    grantedRate: rate(s.granted, s.rated),
    drawnRate: rate(s.drawn, s.granted),
    kinds: {
      HOUSEHOLD: s.households,
      FAMILY_FARM: s.familyFarms,
      COOPERATIVE: s.cooperatives,
      LARGE_GROWER: s.largeGrowers,
      AGRI_ENTERPRISE: s.agriEnterprises,
    },
    ratings: { AAA: s.ratedAaa, AA: s.ratedAa, A: s.ratedA, B: s.ratedB, C: s.ratedC, UNRATED: s.collected - s.rated },
  };
}

const num = (v: number | null) => (v === null ? '' : v);

/** The export's columns: the list's, masked as on screen. */
const EXPORT_COLUMNS: { header: string; width: number; value: (f: Farmer) => string | number }[] = [
  { header: '主体类型', width: 14, value: (f) => enumLabel('FarmerKind', f.kind) },
  { header: '姓名或主体名称', width: 24, value: (f) => f.name },
  { header: '证件号码（脱敏）', width: 22, value: (f) => f.idNumber },
  { header: '手机号码（脱敏）', width: 16, value: (f) => f.phone ?? '' },
  { header: '区县', width: 10, value: (f) => f.districtName ?? f.districtCode },
  { header: '乡镇', width: 12, value: (f) => f.townshipName ?? f.townshipCode },
  { header: '行政村', width: 12, value: (f) => f.villageName ?? f.villageCode },
  { header: '网格', width: 10, value: (f) => f.grid ?? '' },
  { header: '土地面积（亩）', width: 12, value: (f) => f.landArea },
  { header: '土地来源', width: 12, value: (f) => enumLabel('LandTenure', f.landTenure) },
  { header: '主要产品', width: 20, value: (f) => f.mainProducts ?? '' },
  { header: '年收入（万元）', width: 12, value: (f) => num(f.annualIncome) },
  { header: '资产（万元）', width: 12, value: (f) => num(f.assets) },
  { header: '负债（万元）', width: 12, value: (f) => num(f.liabilities) },
  { header: '近三年逾期次数', width: 12, value: (f) => num(f.overdueCount) },
  { header: '从业年限', width: 10, value: (f) => num(f.yearsFarming) },
  { header: '信用评级', width: 10, value: (f) => enumLabel('FarmerRating', f.rating) },
  { header: '评分', width: 8, value: (f) => num(f.ratingScore) },
  { header: '授信额度（万元）', width: 14, value: (f) => f.creditGranted },
  { header: '已用信（万元）', width: 14, value: (f) => f.creditDrawn },
  { header: '融资需求（万元）', width: 14, value: (f) => f.financingNeed },
  { header: '融资用途', width: 20, value: (f) => f.needPurpose ?? '' },
];

export function createFarmersService(db: Db) {
  /**
   * The exact search on a whole ID number (docs/farmers.md "The exact search"): with the district beside a masked
   * number it would confirm a guessed birth date, so it needs farmer:sensitive (403 without, nothing searched), a
   * reason (the contract), and runs inside withAuditLimit: one `farmer.idSearch` row per search (the reason, the number
   * masked, the records found), at most FARMER_ID_SEARCHES_PER_HOUR per user (then 429).
   */
  async function idSearch<T>(
    actor: Actor,
    f: Filter,
    via: 'page' | 'export',
    work: (tx: DbOrTx) => Promise<{ result: T; found: number[] }>,
  ): Promise<T> {
    if (!actor.session.permissions.has('farmer:sensitive'))
      throw new AppError('FORBIDDEN', '按完整证件号码查询须有查看农户敏感信息的权限');
    const limit = {
      perHour: FARMER_ID_SEARCHES_PER_HOUR,
      message: `按证件号码查询每小时最多${FARMER_ID_SEARCHES_PER_HOUR}次，请稍后再试`,
    };
    return withAuditLimit(db, { userId: actor.session.userId, action: 'farmer.idSearch' }, limit, async (tx) => {
      const { result, found } = await work(tx);
      return {
        result,
        audit: {
          target: 'farmers',
          detail: { via, reason: f.reason, idNumber: maskIdNumber(f.idNumber!), found },
          ip: actor.ip,
        },
      };
    });
  }

  async function page(actor: Actor, q: PageQuery): Promise<Page<Farmer>> {
    const scope = farmerScope(actor.session);
    const { current, pageSize, reason: _reason, ...f } = q;
    const canUnmask = actor.session.permissions.has('farmer:sensitive');
    const read = async (d: DbOrTx) => {
      const { rows, total } = await repo.pageFarmers(d, scope, f, current, pageSize);
      return {
        result: { list: rows.map((r) => toFarmer(r, canUnmask)), total, current, pageSize },
        found: rows.map((r) => r.id),
      };
    };
    if (q.idNumber !== undefined) return idSearch(actor, q, 'page', read);
    return (await read(db)).result;
  }

  async function readable(actor: Actor, id: number) {
    const scope = farmerScope(actor.session);
    const r = await repo.findFarmer(db, id);
    if (!r || !inScope(scope, r.districtCode)) throw new AppError('NOT_FOUND', '农户记录不存在');
    return r;
  }

  async function detail(actor: Actor, id: number): Promise<FarmerDetail> {
    const r = await readable(actor, id);
    return withDrivers(toFarmer(r, actor.session.permissions.has('farmer:sensitive')), r);
  }

  /** One record unmasked, to a holder of farmer:sensitive within scope; the audit row (who, when, which, why) is written first. */
  async function sensitive(actor: Actor, req: { id: number; reason: string }): Promise<FarmerDetail> {
    const r = await readable(actor, req.id);
    await writeAudit(db, {
      userId: actor.session.userId,
      action: 'farmer.sensitive',
      target: `farmer:${r.id}`,
      detail: { reason: req.reason, name: r.name },
      ip: actor.ip,
    });
    return withDrivers(toFarmer(r, true, true), r);
  }

  async function funnel(actor: Actor, q: FunnelQuery): Promise<FarmerFunnel> {
    const scope = farmerScope(actor.session);
    const f = { districtCode: q.districtCode, townshipCode: q.townshipCode };
    const [total, rows] = await Promise.all([
      repo.figureSums(db, scope, f, 'CITY'),
      repo.figureSums(db, scope, f, q.level),
    ]);
    return {
      level: q.level,
      total: toFigures(total[0]),
      rows: rows.map((r) => ({
        code: r.code,
        name: r.name ?? r.code,
        townshipName: r.townshipName,
        districtName: r.districtName,
        figures: toFigures(r),
      })),
    };
  }

  /**
   * The portal's aggregates: never a record, never an ID number or a phone, and no cell of fewer than SMALL_CELL_MIN
   * records (docs/statistics.md "Small cells"): such a cell, the cells withheld with it so that its parent's total
   * does not give it away, and every village of a withheld district answer `figures: null`.
   */
  async function portalFigures(districtCode?: string): Promise<PortalFigures> {
    const rows = await repo.portalSums(db, districtCode);
    const total = rows.find((r) => r.level === 'T')!;
    const totalShown = !parentWithheld(total.collected);
    const districts = rows.filter((r) => r.level === 'D');
    const districtHeld = withheldCells(
      districts.map((d) => d.collected),
      totalShown,
    );
    const asked = districts.findIndex((d) => d.code === districtCode);
    const villages = rows.filter((r) => r.level === 'V');
    const villageHeld =
      asked >= 0 && districtHeld[asked] ? villages.map(() => true) : withheldCells(villages.map((v) => v.collected));
    return {
      total: totalShown ? toFigures(total) : null,
      districts: districts.map((d, i) => ({
        code: d.code,
        name: d.name ?? d.code,
        figures: districtHeld[i] ? null : toFigures(d),
      })),
      villages: villages.map((v, i) => ({
        code: v.code,
        name: v.name ?? v.code,
        townshipName: v.townshipName ?? '',
        figures: villageHeld[i] ? null : toFigures(v),
      })),
    };
  }

  async function villages(districtCode?: string) {
    return repo.listVillages(db, districtCode);
  }

  /** The list's Excel twin: the same scope, filters and sort (newest first without), masked, at most EXPORT_MAX_ROWS; audited. */
  async function exportFile(actor: Actor, q: Filter): Promise<{ fileName: string; stream: Readable }> {
    const scope = farmerScope(actor.session);
    const { reason: _reason, ...f } = q;
    // The exact search on the export is the list's (permission, reason, its audit row and limit); the export's own
    // audit row never holds the number in clear.
    const first =
      f.idNumber !== undefined
        ? await idSearch(actor, q, 'export', async (tx) => {
            const rows = await repo.farmerBatch(tx, scope, f, null, BATCH);
            return { result: rows, found: rows.map((r) => r.id) };
          })
        : await repo.farmerBatch(db, scope, f, null, BATCH);
    const filters = f.idNumber !== undefined ? { ...f, idNumber: maskIdNumber(f.idNumber) } : f;
    await writeAudit(db, {
      userId: actor.session.userId,
      action: 'export',
      target: 'farmers',
      detail: { filters },
      ip: actor.ip,
    });
    const stream = streamSheet({
      sheet: '农户信用信息',
      columns: EXPORT_COLUMNS,
      cells: (r) => {
        const farmer = toFarmer(r, false);
        return EXPORT_COLUMNS.map((c) => c.value(farmer));
      },
      first,
      next: (last) => repo.farmerBatch(db, scope, f, last && { key: last.sortKey, id: last.id }, BATCH),
      batch: BATCH,
      maxRows: EXPORT_MAX_ROWS,
    });
    return { fileName: exportFileName('农户信用信息', Date.now()), stream };
  }

  return { page, detail, sensitive, funnel, portalFigures, villages, exportFile };
}

export type FarmersService = ReturnType<typeof createFarmersService>;
