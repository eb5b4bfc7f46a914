import type {
  ChainFigures,
  ChainOrgRole,
  ChainEnterpriseFields,
  ChainFailRecord,
  ChainImportResult,
} from '@phjr/contract/chains/chain';
import {
  CHAIN_ENTERPRISE_IMPORT_COLUMNS,
  CHAIN_ENTERPRISE_TAGS,
  CHAIN_TIERS,
  ENTERPRISE_SCALES,
} from '@phjr/contract/chains/chain';
import { formatPercent } from '../../../lib/format.ts';
import { sortImportErrors, templateColumnKey, type ImportErrorRow } from '../../../components/import/import-model.ts';

/**
 * The chain screens' logic without React (unit-tested in apps/web/test/chains-model.test.ts):
 *   funnelSteps(figures)            the visited → intention → financed funnel with its rates
 *   formatShare(0.425)              "42.5%" (the figures' rates are 0..1, null when the base is 0)
 *   checkChainOrgs(rows)            the organisation rules the server enforces, said before saving
 *   failRecordToFields(record)      a failed import row as the member form's values (labels mapped back to codes)
 *   importErrorsByColumn(result)    the dry run's errors with the template's column headers
 *   inTreeOrder(orgs)               head offices first, each followed by its branches (the organisation pickers)
 *   chainChoices(chains, action)    the chains whose `actions` allow adding / importing members, as options
 */

/** A share 0..1 as a percentage with one decimal, or `empty` when there is no base. */
export function formatShare(rate: number | null | undefined, empty = '—'): string {
  return rate === null || rate === undefined ? empty : `${formatPercent(rate * 100)}%`;
}

export interface FunnelStep {
  key: 'enterprises' | 'enterprisesVisited' | 'enterprisesWithIntention' | 'enterprisesFinanced';
  value: number;
  /** The rate from the previous step (null for the first step, or when the previous is 0). */
  rate: number | null;
  rateKey: 'visitRate' | 'intentionRate' | 'financedRate' | null;
  /** The bar's width relative to the first step, 0..1 (a thin bar still shows for 0). */
  width: number;
}

/** The funnel: members → visited → with intention → financed, each with the server's rate from the step before. */
export function funnelSteps(f: ChainFigures): FunnelStep[] {
  const base = Math.max(f.enterprises, f.enterprisesVisited, f.enterprisesWithIntention, f.enterprisesFinanced, 1);
  const step = (key: FunnelStep['key'], value: number, rateKey: FunnelStep['rateKey']): FunnelStep => ({
    key,
    value,
    rate: rateKey ? f[rateKey] : null,
    rateKey,
    width: value / base,
  });
  return [
    step('enterprises', f.enterprises, null),
    step('enterprisesVisited', f.enterprisesVisited, 'visitRate'),
    step('enterprisesWithIntention', f.enterprisesWithIntention, 'intentionRate'),
    step('enterprisesFinanced', f.enterprisesFinanced, 'financedRate'),
  ];
}

export type ChainOrgProblem = 'needChief' | 'needLead' | 'oneChief' | 'oneLead' | 'duplicate' | 'roleKind';

/** Government-type classifications (docs/chains.md: government roles need one of these). */
export const GOVERNMENT_TYPES: readonly string[] = ['GOVERNMENT', 'JINRONGJU', 'RENSHEJUE'];
const GOVERNMENT_ROLES: readonly ChainOrgRole[] = ['CHIEF_DEPARTMENT', 'MEMBER_DEPARTMENT'];

/**
 * The organisation rules (docs/chains.md) checked before the save, so the drawer says what is wrong at once; the
 * server checks them again. Rows without an organisation or a role are ignored (the form's required rules say so).
 */
export function checkChainOrgs(
  rows: readonly { orgId?: number | null; role?: ChainOrgRole | null; classifiedType?: string | null }[],
): ChainOrgProblem[] {
  const done = rows.filter(
    (r): r is { orgId: number; role: ChainOrgRole; classifiedType?: string | null } => !!r.orgId && !!r.role,
  );
  const problems: ChainOrgProblem[] = [];
  const chiefs = done.filter((r) => r.role === 'CHIEF_DEPARTMENT').length;
  const leads = done.filter((r) => r.role === 'LEAD_BANK').length;
  if (chiefs === 0) problems.push('needChief');
  if (chiefs > 1) problems.push('oneChief');
  if (leads === 0) problems.push('needLead');
  if (leads > 1) problems.push('oneLead');
  if (new Set(done.map((r) => r.orgId)).size !== done.length) problems.push('duplicate');
  const wrongKind = done.some((r) => {
    if (!r.classifiedType) return false;
    const government = GOVERNMENT_TYPES.includes(r.classifiedType);
    return GOVERNMENT_ROLES.includes(r.role) ? !government : r.classifiedType !== 'BANK';
  });
  if (wrongKind) problems.push('roleKind');
  return problems;
}

/** The roles an organisation of that classification may take. */
export function rolesFor(classifiedType: string | null | undefined): ChainOrgRole[] {
  if (!classifiedType) return [];
  if (GOVERNMENT_TYPES.includes(classifiedType)) return ['CHIEF_DEPARTMENT', 'MEMBER_DEPARTMENT'];
  if (classifiedType === 'BANK') return ['LEAD_BANK', 'MEMBER_BANK'];
  return [];
}

/** The Chinese labels the template uses for the enums (enum-catalog.ts), mapped back to codes for the fix form. */
const TIER_LABELS: Record<string, (typeof CHAIN_TIERS)[number]> = {
  上游: 'UPSTREAM',
  中游: 'MIDSTREAM',
  下游: 'DOWNSTREAM',
};
const SCALE_LABELS: Record<string, (typeof ENTERPRISE_SCALES)[number]> = {
  微型: 'MICRO',
  小型: 'SMALL',
  中型: 'MEDIUM',
  大型: 'LARGE',
};
const TAG_LABELS: Record<string, (typeof CHAIN_ENTERPRISE_TAGS)[number]> = {
  白名单: 'WHITELIST',
  龙头企业: 'LEADING',
  新型农业经营主体: 'NEW_AGRI_ENTITY',
  首贷需求: 'FIRST_LOAN_NEEDED',
};

function codeOf<C extends string>(
  raw: string | undefined,
  labels: Record<string, C>,
  codes: readonly C[],
): C | undefined {
  const v = raw?.trim();
  if (!v) return undefined;
  if ((codes as readonly string[]).includes(v.toUpperCase())) return v.toUpperCase() as C;
  return labels[v] ?? labels[v.replace(/(企业|环节)$/, '')];
}

/** The member form's values from a failed row's cells as read: text kept as it was, enums mapped when recognisable. */
export function failRecordToFields(record: Pick<ChainFailRecord, 'values'>): Partial<ChainEnterpriseFields> {
  const v = record.values;
  const text = (k: string) => {
    const s = v[k]?.trim();
    return s ? s : undefined;
  };
  const need = text('financingNeed');
  const amount = need === undefined ? undefined : Number(need.replace(/,/g, ''));
  const tags = (text('tags') ?? '')
    .split(/[、,，;；\s]+/)
    .map((x) => codeOf(x, TAG_LABELS, CHAIN_ENTERPRISE_TAGS))
    .filter((x): x is (typeof CHAIN_ENTERPRISE_TAGS)[number] => !!x);
  return {
    creditCode: text('creditCode')?.toUpperCase(),
    name: text('name'),
    tier: codeOf(text('tier'), TIER_LABELS, CHAIN_TIERS),
    legalPerson: text('legalPerson') ?? null,
    contactName: text('contactName') ?? null,
    contactPhone: text('contactPhone') ?? null,
    scale: codeOf(text('scale'), SCALE_LABELS, ENTERPRISE_SCALES) ?? null,
    mainBusiness: text('mainBusiness') ?? null,
    financingNeed: amount !== undefined && Number.isFinite(amount) ? amount : null,
    tags: [...new Set(tags)],
  };
}

/** The template's header of a column key (the server names columns by key or by header); unknown names pass through. */
export function columnHeader(column: string | null): string | null {
  if (column === null) return null;
  return CHAIN_ENTERPRISE_IMPORT_COLUMNS.find((c) => c.key === column || c.header === column)?.header ?? column;
}

/** A template header without its bracketed hint: "所处环节（上游/中游/下游）" → "所处环节". */
export function shortHeader(column: string | null): string | null {
  const h = columnHeader(column);
  return h === null ? null : h.replace(/[（(].*$/, '').trim() || h;
}

/** The column key of a template column (key or header), or null: which form field a failed row's error belongs to. */
export function columnKey(column: string | null): string | null {
  return templateColumnKey(CHAIN_ENTERPRISE_IMPORT_COLUMNS, column);
}

/** The dry run's errors in sheet order (row, then the template's column order), each with its column's short header. */
export function importErrorsByRow(result: Pick<ChainImportResult, 'errors'>): ImportErrorRow[] {
  return sortImportErrors(CHAIN_ENTERPRISE_IMPORT_COLUMNS, result.errors, shortHeader);
}

/** A chain id from the address (`?industrialChainId=` or `?id=`): a positive whole number or null. */
export function idParam(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * Organisations in tree order: each head office (no parent in the list) followed by its branches and theirs, depth
 * first, siblings in the order given; `depth` 0 for a head office. The org tree answers a flat list in no such order.
 */
export function inTreeOrder<T extends { id: number; parentId: number | null }>(
  orgs: readonly T[],
): (T & { depth: number })[] {
  const ids = new Set(orgs.map((o) => o.id));
  const children = new Map<number | null, T[]>();
  for (const o of orgs) {
    const parent = o.parentId !== null && ids.has(o.parentId) ? o.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), o]);
  }
  const out: (T & { depth: number })[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    for (const o of children.get(parent) ?? []) {
      if (seen.has(o.id)) continue;
      seen.add(o.id);
      out.push({ ...o, depth });
      walk(o.id, depth + 1);
    }
  };
  walk(null, 0);
  // A cycle in bad data leaves some unreached: they follow, rather than vanish.
  for (const o of orgs) if (!seen.has(o.id)) out.push({ ...o, depth: 0 });
  return out;
}

/**
 * The chains a drawer may offer for `action`, as select options: those whose `actions` (the server's answer) list it
 * (a bank that leads some chains and is a member of others adds and imports into the ones it leads only).
 */
export function chainChoices(
  chains: readonly { id: number; name: string; actions: readonly string[] }[],
  action: 'addEnterprise' | 'import',
): { value: number; label: string }[] {
  return chains.filter((c) => c.actions.includes(action)).map((c) => ({ value: c.id, label: c.name }));
}
