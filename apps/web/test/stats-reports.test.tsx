import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserInfo } from '@phjr/contract/auth/user-info';
import type {
  BankReport as BankReportData,
  FigureDefinition,
  RegionReport as RegionReportData,
  ReportFigures,
} from '@phjr/contract/stats/reports';
import { findDef } from '../src/app/route-defs.ts';
import { USER_INFO_KEY } from '../src/lib/session.ts';
import i18n from '../src/lib/i18n.ts';
import { RegionReport } from '../src/features/stats/reports/RegionReport.tsx';
import { BankReport } from '../src/features/stats/reports/BankReport.tsx';
import { drillQuery } from '../src/features/stats/reports/DrillDrawer.tsx';
import { FIGURE_LEAVES, figureSorter } from '../src/features/stats/reports/figure-columns.tsx';
import { definitionText } from '../src/features/stats/reports/FigureHeader.tsx';
import {
  bankTree,
  defaultRange,
  reportQueryOf,
  showDays,
  showShare,
} from '../src/features/stats/reports/report-model.ts';

/** Figures with every count at `n` unless given. */
function figures(over: Partial<ReportFigures> = {}): ReportFigures {
  return {
    counted: 12,
    countedAmount: 1234.5,
    posted: 10,
    accepted: 9,
    acceptRate: 0.75,
    acceptDaysAvg: 1.5,
    acceptDaysP90: 31,
    acceptLate: 1,
    granted: 7,
    grantedAmount: 12345.67,
    grantRate: 0.7,
    grantDaysAvg: 3.2,
    grantDaysP90: 6,
    grantedRateAvg: 4.35,
    grantedCredit: 2,
    grantedCreditAmount: 300,
    creditShare: 0.243,
    firstLoan: 3,
    makeup: 1,
    makeupAmount: 50,
    rejected: 3,
    rejectedByCode: { INSUFFICIENT_COLLATERAL: 2, CREDIT_RECORD: 0, OUTSIDE_SCOPE: 1, UNREACHABLE: 0, OTHER: 0 },
    decideLate: 0,
    withdrawn: 1,
    expired: 2,
    slaBreaches: 3,
    guaranteed: 0,
    guaranteedAmount: 0,
    overdueNow: 0,
    ...over,
  };
}

const DEFS: FigureDefinition[] = [
  {
    key: 'granted',
    zh: '放款数',
    en: 'Granted',
    text: 'Demands GRANTED, counted on the grant date.',
    textZh: '按放款日期统计的已放款需求',
  },
  {
    key: 'acceptRate',
    zh: '受理率',
    en: 'Acceptance rate',
    text: 'accepted / (accepted + expired + withdrawn before acceptance)',
    textZh: '受理数 ÷（受理数 + 超时未受理 + 受理前撤回）',
  },
];

function operator(regionCode: string | null, accountType: UserInfo['accountType']['code'] = 'PLATFORM'): UserInfo {
  return {
    userId: 1,
    username: 'u',
    name: 'U',
    phone: null,
    accountType: { code: accountType, name: accountType },
    orgTypeEnum: null,
    classifiedOrgTypeEnum: null,
    orgId: 1,
    orgName: 'O',
    regionCode,
    resourceList: [],
    permissions: ['report:read'],
    certified: true,
    firstLogin: false,
    chainAccess: false,
    mustChangePassword: false,
  };
}

const REGIONS = [
  { code: '999900', name: '示范市', parentCode: null },
  { code: '999901', name: '东城区', parentCode: '999900' },
  { code: '999902', name: '西城区', parentCode: '999900' },
];

function render(path: string, element: ReactElement, seed: (qc: QueryClient) => void, user = operator('999900')) {
  const qc = new QueryClient();
  qc.setQueryData(USER_INFO_KEY, user);
  qc.setQueryData(['regions'], REGIONS);
  qc.setQueryData(['stats-report', 'definitions'], new Map(DEFS.map((d) => [d.key, d])));
  seed(qc);
  const router = createMemoryRouter([{ path, element, handle: { def: findDef(path) } }], { initialEntries: [path] });
  return renderToString(
    <QueryClientProvider client={qc}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

describe('report filters', () => {
  it('defaults to 1 January of the Beijing year to today in Beijing, whatever the browser', () => {
    // 31 December 2026 16:30 UTC is already 1 January 2027 in Beijing.
    expect(defaultRange(Date.UTC(2026, 11, 31, 16, 30))).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(defaultRange(Date.UTC(2026, 10, 24, 3, 0))).toEqual({ from: '2026-01-01', to: '2026-11-24' });
  });

  it("ends on Beijing's today by the clock itself, either side of Beijing midnight (issue 30)", () => {
    vi.useFakeTimers();
    try {
      // 2026-11-28 16:30 UTC is 00:30 on the 29th in Beijing; 15:30 UTC is still 23:30 on the 28th.
      vi.setSystemTime(new Date('2026-11-28T16:30:00Z'));
      expect(reportQueryOf(new URLSearchParams(''))).toEqual({ from: '2026-01-01', to: '2026-11-29' });
      vi.setSystemTime(new Date('2026-11-28T15:30:00Z'));
      expect(reportQueryOf(new URLSearchParams(''))).toEqual({ from: '2026-01-01', to: '2026-11-28' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the address, keeps a valid period and type, and never sends a district for a district supervisor', () => {
    const now = Date.UTC(2026, 10, 24, 3, 0);
    const q = (s: string, locked = false) =>
      reportQueryOf(new URLSearchParams(s), { nowMs: now, lockedRegion: locked });
    expect(q('from=2026-03-01&to=2026-03-31&type=PUBLIC&regionCode=999901')).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      type: 'PUBLIC',
      regionCode: '999901',
    });
    expect(q('from=2026-03-31&to=2026-03-01&type=NOPE&regionCode=x')).toEqual({ from: '2026-01-01', to: '2026-11-24' });
    expect(q('regionCode=999901', true)).toEqual({ from: '2026-01-01', to: '2026-11-24' });
  });

  it('narrows the drill-down to the row and the reason, with the page filters', () => {
    const filters = { from: '2026-01-01', to: '2026-11-24', type: 'PUBLIC' as const };
    expect(drillQuery(filters, { label: '东城区', regionCode: '999901', measure: 'granted', count: 7 }, 2)).toEqual({
      ...filters,
      regionCode: '999901',
      measure: 'granted',
      current: 2,
      pageSize: 10,
    });
    expect(
      drillQuery(filters, { label: 'B', orgId: 5, measure: 'rejected', rejectCode: 'OTHER', count: 1 }, 1),
    ).toEqual({ ...filters, orgId: 5, rejectCode: 'OTHER', measure: 'rejected', current: 1, pageSize: 10 });
  });
});

describe('report formats and the bank tree', () => {
  it('shows rates as %, the P90 bucket 31 as 31+, nothing for a null rate', () => {
    expect(showShare(0.7512)).toBe('75.12%');
    expect(showShare(null)).toBe('-');
    expect(showDays(31, true)).toBe('31+');
    expect(showDays(1.25)).toBe('1.3');
  });

  it('nests units under their parents; an orphan shows at the top', () => {
    const f = figures();
    const tree = bankTree([
      { orgId: 1, parentId: null, name: 'Head', figures: f },
      { orgId: 2, parentId: 1, name: 'Branch', figures: f },
      { orgId: 3, parentId: 2, name: 'Sub', figures: f },
      { orgId: 4, parentId: 99, name: 'Orphan', figures: f },
    ]);
    expect(tree.map((r) => r.name)).toEqual(['Head', 'Orphan']);
    expect(tree[0].children?.[0].children?.[0]).toMatchObject({ name: 'Sub', depth: 2 });
    const named = bankTree([
      { orgId: 1, parentId: null, name: '示范银行', figures: f },
      { orgId: 2, parentId: 1, name: '示范银行城关支行', figures: f },
    ]);
    expect(named[0].children?.[0]).toMatchObject({ name: '示范银行城关支行', shortName: '城关支行' });
    expect(tree[1].children).toBeUndefined();
  });

  it('takes the definition in the active language', () => {
    expect(definitionText(DEFS[0], 'zh-CN')).toBe('按放款日期统计的已放款需求');
    expect(definitionText(DEFS[0], 'en-US')).toBe('Demands GRANTED, counted on the grant date.');
    expect(definitionText(undefined, 'zh-CN')).toBeNull();
  });
});

describe('report pages', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-CN');
    await i18n.loadNamespaces(['stats', 'common', 'routes', 'layout']);
  });

  const region: RegionReportData = {
    asOf: '2026-11-24T02:00:00.000Z',
    ...defaultRange(),
    total: figures({ granted: 1234 }),
    rows: [{ regionCode: '999901', name: '东城区', figures: figures() }],
  };

  it('the district report: group headers, definitions on hover, counts as drill buttons, a total row, the as-of time', () => {
    const path = '/operateClient/statistic/district';
    const html = render(path, <RegionReport />, (qc) =>
      qc.setQueryData(['stats-report', 'region', defaultRange()], region),
    );
    expect(html).toContain('东城区');
    for (const g of ['需求', '受理', '放款', '未放款', '时效']) expect(html).toContain(`>${g}<`);
    expect(html).toContain('合计');
    // The total's granted count, with separators, is a button naming what it opens.
    expect(html).toMatch(/aria-label="查看合计放款数的 1,234 条需求"[^>]*>(<span>)?1,234/);
    // Definitions come from definitions.json: an icon for the figures it defines, none for the others.
    expect(html).toContain('aria-label="放款数的统计口径"');
    expect(html).toContain('aria-label="受理率的统计口径"');
    expect(html).not.toContain('aria-label="首贷户的统计口径"');
    expect(html).toContain('数据截至 2026-11-24 10:00:00（北京时间）');
    expect(html).toContain('75%');
    expect(html).toContain('12,345.67');
    // A caption for screen readers, and the district select for a city-level viewer.
    expect(html).toMatch(/<caption[^>]*>区县统计，统计区间 \d{4}-01-01 至/);
    expect(html).toContain('id="report-district"');
    // Every figure column is there, in the rows and in the total row.
    for (const l of FIGURE_LEAVES) expect(html.split(`data-figure="${l.key}"`).length - 1).toBeGreaterThanOrEqual(2);
  });

  it('sorts its rows by any figure, largest or smallest first, a figure that does not apply last either way (issue 30)', () => {
    const rows = [
      { name: 'a', f: figures({ granted: 5, acceptRate: 0.5 }) },
      { name: 'b', f: figures({ granted: 9, acceptRate: null }) },
      { name: 'c', f: figures({ granted: 1, acceptRate: 0.9 }) },
    ];
    const order = (key: keyof ReportFigures, dir: 'ascend' | 'descend') => {
      const cmp = figureSorter<(typeof rows)[number]>(key, (r) => r.f);
      // As antd applies a column's sorter: the comparator's result, reversed for a descending order.
      return [...rows].sort((a, b) => (dir === 'descend' ? -1 : 1) * cmp(a, b, dir)).map((r) => r.name);
    };
    expect(order('granted', 'ascend')).toEqual(['c', 'a', 'b']);
    expect(order('granted', 'descend')).toEqual(['b', 'a', 'c']);
    expect(order('acceptRate', 'ascend')).toEqual(['a', 'c', 'b']);
    expect(order('acceptRate', 'descend')).toEqual(['c', 'a', 'b']);
    // Every figure column of the district report offers the sort.
    const html = render('/operateClient/statistic/district', <RegionReport />, (qc) =>
      qc.setQueryData(['stats-report', 'region', defaultRange()], region),
    );
    expect(html.split('ant-table-column-has-sorters').length - 1).toBe(FIGURE_LEAVES.length);
  });

  it('a district supervisor gets no district select: its own district is named instead', () => {
    const path = '/supervisionClient/report/region';
    const html = render(
      path,
      <RegionReport />,
      (qc) => qc.setQueryData(['stats-report', 'region', defaultRange()], region),
      operator('999901', 'GOVERNMENT'),
    );
    expect(html).not.toContain('id="report-district"');
    expect(html).toContain('东城区');
  });

  it('the bank report shows the head offices, expandable, with the total', () => {
    const path = '/operateClient/statistic/bank';
    const bank: BankReportData = {
      asOf: '2026-11-24T02:00:00.000Z',
      ...defaultRange(),
      total: figures(),
      rows: [
        { orgId: 1, parentId: null, name: '示范市农村商业银行股份有限公司', figures: figures() },
        { orgId: 2, parentId: 1, name: '东城支行', figures: figures() },
      ],
    };
    const html = render(path, <BankReport />, (qc) => qc.setQueryData(['stats-report', 'bank', defaultRange()], bank));
    expect(html).toContain('示范市农村商业银行股份有限公司');
    expect(html).toContain('银行评分卡');
    expect(html).toContain('ant-table-row-expand-icon');
    expect(html).toContain('合计');
  });
});
