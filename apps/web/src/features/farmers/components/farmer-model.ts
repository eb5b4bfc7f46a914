import {
  FARMER_IMPORT_COLUMNS,
  type FarmerFailRecord,
  type FarmerFieldsInput,
  type FarmerFigures,
  type FarmerImportResult,
} from '@phjr/contract/farmers/farmer';
import { FARMER_KINDS, LAND_TENURES, type FarmerKind, type LandTenure } from '@phjr/contract/farmers/farmer-rules';
import type { Region } from '@phjr/contract/orgs/regions';
import { formatPercent } from '../../../lib/format.ts';
import { sortImportErrors, templateColumnKey, type ImportErrorRow } from '../../../components/import/import-model.ts';

/**
 * The farmer screens' logic without React (unit-tested in apps/web/test/farmers-model.test.ts):
 *   funnelSteps(figures)            collected → rated → granted → drawn, each with the server's rate from the step before
 *   formatShare(0.425)              "42.5%" (rates are 0..1, null when the base is 0)
 *   regionTree(villages)            district → township → village options for the cascaders
 *   regionPath(filters)             the cascader's value for the three filter params
 *   columnKey(column)               which template column (and form field) an import error names
 *   importErrorsByRow(result)       the dry run's errors in sheet order, each with its column key
 *   failRecordToFields(record)      a failed row's cells as the re-registration form's values (labels read as codes)
 *   ownDistrict(user, regions)      the district a district-level supervisor is limited to, or null
 */

/** A share 0..1 as a percentage with one decimal, or `empty` when there is no base. */
export function formatShare(rate: number | null | undefined, empty = '—'): string {
  return rate === null || rate === undefined ? empty : `${formatPercent(rate * 100)}%`;
}

export type FunnelKey = 'collected' | 'rated' | 'granted' | 'drawn';
export type FunnelRateKey = 'ratedRate' | 'grantedRate' | 'drawnRate';

export interface FunnelStep {
  key: FunnelKey;
  value: number;
  /** The rate from the previous step (null for the first step, or when the previous is 0). */
  rate: number | null;
  rateKey: FunnelRateKey | null;
  /** The amount in 万元 of the credit steps (granted, drawn); null for the others. */
  amount: number | null;
}

/** The funnel: records collected → rated → with credit granted → with credit drawn (docs/statistics.md). */
export function funnelSteps(f: FarmerFigures): FunnelStep[] {
  return [
    { key: 'collected', value: f.collected, rate: null, rateKey: null, amount: null },
    { key: 'rated', value: f.rated, rate: f.ratedRate, rateKey: 'ratedRate', amount: null },
    { key: 'granted', value: f.granted, rate: f.grantedRate, rateKey: 'grantedRate', amount: f.grantedAmount },
    { key: 'drawn', value: f.drawn, rate: f.drawnRate, rateKey: 'drawnRate', amount: f.drawnAmount },
  ];
}

export interface VillageLike {
  code: string;
  name: string;
  townshipCode: string;
  townshipName: string;
  districtCode: string;
  districtName: string | null;
}

export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

/**
 * The cascader's options from the village list: each district (named from `regions` when the village row has no
 * name), its townships, their villages, in code order.
 */
export function regionTree(
  villages: readonly VillageLike[],
  regions: readonly Pick<Region, 'code' | 'name'>[] = [],
): RegionOption[] {
  const districts = new Map<
    string,
    { label: string; townships: Map<string, RegionOption & { children: RegionOption[] }> }
  >();
  const sorted = [...villages].sort((a, b) => a.code.localeCompare(b.code));
  for (const v of sorted) {
    let d = districts.get(v.districtCode);
    if (!d) {
      d = {
        label: v.districtName ?? regions.find((r) => r.code === v.districtCode)?.name ?? v.districtCode,
        townships: new Map(),
      };
      districts.set(v.districtCode, d);
    }
    let t = d.townships.get(v.townshipCode);
    if (!t) {
      t = { value: v.townshipCode, label: v.townshipName, children: [] };
      d.townships.set(v.townshipCode, t);
    }
    t.children.push({ value: v.code, label: v.name });
  }
  return [...districts].map(([code, d]) => ({ value: code, label: d.label, children: [...d.townships.values()] }));
}

/** The cascader's value for the three filter params (the deepest one given decides; its parents follow from its code). */
export function regionPath(f: { districtCode?: string; townshipCode?: string; villageCode?: string }): string[] {
  if (f.villageCode) return [f.villageCode.slice(0, 6), f.villageCode.slice(0, 9), f.villageCode];
  if (f.townshipCode) return [f.townshipCode.slice(0, 6), f.townshipCode];
  if (f.districtCode) return [f.districtCode];
  return [];
}

/** The three filter params for a cascader's value (the path picked, as deep as the user went). */
export function regionFilters(path: readonly string[] | null | undefined): {
  districtCode?: string;
  townshipCode?: string;
  villageCode?: string;
} {
  const [d, t, v] = path ?? [];
  return { districtCode: d, townshipCode: t, villageCode: v };
}

/** The template column an import error or a failed row's cell names (key or header), or null (the row as a whole). */
export function columnKey(column: string | null): string | null {
  return templateColumnKey(FARMER_IMPORT_COLUMNS, column);
}

/** The dry run's errors in sheet order (row, then the template's column order), each with its column's key. */
export function importErrorsByRow(result: Pick<FarmerImportResult, 'errors'>): ImportErrorRow[] {
  return sortImportErrors(FARMER_IMPORT_COLUMNS, result.errors);
}

/** The Chinese labels of the template's drop-downs (enum-catalog.ts), read back as codes for the fix form. */
const KIND_LABELS: Record<string, FarmerKind> = {
  农户: 'HOUSEHOLD',
  家庭农场: 'FAMILY_FARM',
  农民专业合作社: 'COOPERATIVE',
  合作社: 'COOPERATIVE',
  种养大户: 'LARGE_GROWER',
  农业企业: 'AGRI_ENTERPRISE',
};
const TENURE_LABELS: Record<string, LandTenure> = { 自有承包: 'OWN', 流转: 'TRANSFERRED_IN', '自有+流转': 'MIXED' };

function codeOf<C extends string>(
  raw: string | undefined,
  labels: Record<string, C>,
  codes: readonly C[],
): C | undefined {
  const v = raw?.trim();
  if (!v) return undefined;
  if ((codes as readonly string[]).includes(v.toUpperCase())) return v.toUpperCase() as C;
  return labels[v];
}

/** A number cell as the form's value: undefined when empty or not a number (the form then asks for it). */
function numberOf(raw: string | undefined): number | undefined {
  const v = raw?.trim().replace(/,/g, '');
  if (!v || !/^-?\d+(\.\d+)?$/.test(v)) return undefined;
  return Number(v);
}

export type FarmerFormValues = Partial<Omit<FarmerFieldsInput, 'phone'>> & { phone?: string | null };

/** The re-registration form's values from a failed row's cells as read (ID number and phone come masked). */
export function failRecordToFields(record: Pick<FarmerFailRecord, 'values'>): FarmerFormValues {
  const v = record.values;
  const text = (k: string) => {
    const s = v[k]?.trim();
    return s ? s : undefined;
  };
  return {
    kind: codeOf(text('kind'), KIND_LABELS, FARMER_KINDS),
    name: text('name'),
    idNumber: text('idNumber')?.toUpperCase(),
    phone: text('phone') ?? null,
    villageCode: text('villageCode'),
    grid: text('grid') ?? null,
    landArea: numberOf(text('landArea')) ?? 0,
    landTenure: codeOf(text('landTenure'), TENURE_LABELS, LAND_TENURES) ?? null,
    mainProducts: text('mainProducts') ?? null,
    annualIncome: numberOf(text('annualIncome')) ?? null,
    assets: numberOf(text('assets')) ?? null,
    liabilities: numberOf(text('liabilities')) ?? null,
    overdueCount: numberOf(text('overdueCount')) ?? null,
    yearsFarming: numberOf(text('yearsFarming')) ?? null,
    creditGranted: numberOf(text('creditGranted')) ?? 0,
    creditDrawn: numberOf(text('creditDrawn')) ?? 0,
    financingNeed: numberOf(text('financingNeed')) ?? 0,
    needPurpose: text('needPurpose') ?? null,
  };
}

/**
 * The district a signed-in user's farmer reads are limited to: a supervisor whose unit's region is a district (a
 * region with a parent). A city-level supervisor and the operator see every district: null. The server scopes every
 * answer anyway; this only keeps the pickers to what the user can find.
 */
export function ownDistrict(
  user: { regionCode: string | null } | null | undefined,
  regions: readonly Pick<Region, 'code' | 'parentCode'>[] | undefined,
): string | null {
  const code = user?.regionCode;
  if (!code) return null;
  const r = regions?.find((x) => x.code === code);
  return r && r.parentCode !== null ? code : null;
}
