import { describe, expect, it } from 'vitest';
import { FARMER_IMPORT_COLUMNS, ZFarmerRegisterAgainRequest, type FarmerFigures } from '@phjr/contract/farmers/farmer';
import { FARMER_KINDS, LAND_TENURES, maskIdNumber, maskPhone } from '@phjr/contract/farmers/farmer-rules';
import { ENUM_CATALOG } from '@phjr/contract/system/enum-catalog';
import { idWithCheck } from '@phjr/contract/auth/certification';
import {
  columnKey,
  failRecordToFields,
  formatShare,
  funnelSteps,
  importErrorsByRow,
  ownDistrict,
  regionFilters,
  regionPath,
  regionTree,
} from '../src/features/farmers/components/farmer-model.ts';
import { funnelOption, placesBarOption } from '../src/features/farmers/components/farmer-charts.ts';
import { registerAgainBody } from '../src/features/farmers/components/RegisterAgainDrawer.tsx';
import { FARMER_KEYS } from '../src/features/farmers/api/farmers.ts';

const figures = (over: Partial<FarmerFigures> = {}): FarmerFigures => ({
  collected: 100,
  households: 70,
  entities: 30,
  rated: 80,
  granted: 40,
  grantedAmount: 1234.5,
  drawn: 10,
  drawnAmount: 300,
  withNeed: 12,
  needAmount: 88,
  ratedRate: 0.8,
  grantedRate: 0.5,
  drawnRate: 0.25,
  kinds: { HOUSEHOLD: 70, FAMILY_FARM: 10, COOPERATIVE: 8, LARGE_GROWER: 7, AGRI_ENTERPRISE: 5 },
  ratings: { AAA: 5, AA: 20, A: 30, B: 15, C: 10, UNRATED: 20 },
  ...over,
});

const village = (code: string, name: string, townshipName: string) => ({
  code,
  name,
  townshipCode: code.slice(0, 9),
  townshipName,
  districtCode: code.slice(0, 6),
  districtName: null,
});

describe('farmer funnel', () => {
  it('runs collected → rated → granted → drawn with the server’s rates and the credit amounts', () => {
    const steps = funnelSteps(figures());
    expect(steps.map((s) => [s.key, s.value, s.rate, s.amount])).toEqual([
      ['collected', 100, null, null],
      ['rated', 80, 0.8, null],
      ['granted', 40, 0.5, 1234.5],
      ['drawn', 10, 0.25, 300],
    ]);
    expect(formatShare(0.8)).toBe('80%');
    expect(formatShare(null)).toBe('—');
  });

  it('charts the funnel and the places from the same figures', () => {
    const t = (k: string) => k;
    const funnel = funnelOption(figures(), t) as { series: { data: { value: number }[] }[] };
    expect(funnel.series[0].data.map((d) => d.value)).toEqual([100, 80, 40, 10]);
    const bars = placesBarOption([{ name: '青石县', figures: figures() }], t) as {
      series: { name: string; data: number[] }[];
    };
    expect(bars.series.map((s) => [s.name, s.data[0]])).toEqual([
      ['funnel.collected', 100],
      ['funnel.rated', 80],
      ['funnel.granted', 40],
      ['funnel.drawn', 10],
    ]);
  });
});

describe('region pickers', () => {
  const villages = [
    village('999902002001', '东村', '河口镇'),
    village('999901001002', '北村', '城关镇'),
    village('999901001001', '南村', '城关镇'),
    village('999901002001', '西村', '新桥乡'),
  ];

  it('builds district → township → village options in code order, the district named from the regions', () => {
    const tree = regionTree(villages, [{ code: '999901', name: '青石县' }]);
    expect(tree.map((d) => d.label)).toEqual(['青石县', '999902']);
    expect(tree[0].children!.map((t) => [t.value, t.label, t.children!.map((v) => v.label)])).toEqual([
      ['999901001', '城关镇', ['南村', '北村']],
      ['999901002', '新桥乡', ['西村']],
    ]);
  });

  it('maps the three filter params to the cascader and back', () => {
    expect(regionPath({ villageCode: '999901001002' })).toEqual(['999901', '999901001', '999901001002']);
    expect(regionPath({ districtCode: '999901', townshipCode: '999901002' })).toEqual(['999901', '999901002']);
    expect(regionPath({})).toEqual([]);
    expect(regionFilters(['999901', '999901002'])).toEqual({
      districtCode: '999901',
      townshipCode: '999901002',
      villageCode: undefined,
    });
    expect(regionFilters(null)).toEqual({ districtCode: undefined, townshipCode: undefined, villageCode: undefined });
  });

  it('limits a district supervisor to its district; a city unit and the operator see all', () => {
    const regions = [
      { code: '999900', parentCode: null },
      { code: '999901', parentCode: '999900' },
    ];
    expect(ownDistrict({ regionCode: '999901' }, regions)).toBe('999901');
    expect(ownDistrict({ regionCode: '999900' }, regions)).toBeNull();
    expect(ownDistrict({ regionCode: null }, regions)).toBeNull();
    expect(ownDistrict(null, regions)).toBeNull();
  });
});

describe('the import and its failed rows', () => {
  it('orders a dry run’s errors by row and template column, whole-row errors first', () => {
    const rows = importErrorsByRow({
      errors: [
        { rowNo: 3, column: 'phone', reason: 'b' },
        { rowNo: 3, column: 'kind', reason: 'a' },
        { rowNo: 2, column: 'landArea', reason: 'c' },
        { rowNo: 3, column: null, reason: 'whole' },
      ],
    });
    expect(rows.map((r) => [r.rowNo, r.columnKey, r.reason])).toEqual([
      [2, 'landArea', 'c'],
      [3, null, 'whole'],
      [3, 'kind', 'a'],
      [3, 'phone', 'b'],
    ]);
    expect(columnKey(FARMER_IMPORT_COLUMNS[2].header)).toBe('idNumber');
    expect(columnKey('健康状况')).toBeNull();
  });

  it('reads every template label of kind and tenure back as its code (the catalog’s labels, so they cannot drift)', () => {
    for (const k of FARMER_KINDS)
      expect(failRecordToFields({ values: { kind: ENUM_CATALOG.FarmerKind[k][0] } }).kind).toBe(k);
    for (const l of LAND_TENURES)
      expect(failRecordToFields({ values: { landTenure: ENUM_CATALOG.LandTenure[l][0] } }).landTenure).toBe(l);
    expect(failRecordToFields({ values: { kind: '农民' } }).kind).toBeUndefined();
  });

  it('turns a failed row, fixed in the form with its masked ID and phone kept, into a request the contract accepts', () => {
    const id = idWithCheck('99990119800101001');
    const cells = {
      kind: '农户',
      name: '张三',
      idNumber: maskIdNumber(id),
      phone: maskPhone('13800001234'),
      villageCode: '99990100100X',
      landArea: '12.5',
      landTenure: '自有承包',
      annualIncome: '8',
      assets: '30',
      liabilities: '5',
      overdueCount: '0',
      yearsFarming: '12',
      creditGranted: '10',
      creditDrawn: '20',
      financingNeed: '',
    };
    const form = failRecordToFields({ values: cells });
    expect(form).toMatchObject({
      kind: 'HOUSEHOLD',
      landArea: 12.5,
      landTenure: 'OWN',
      creditGranted: 10,
      creditDrawn: 20,
      financingNeed: 0,
      needPurpose: null,
    });
    // As read, the row still breaks the contract (the village code, drawn above granted)…
    expect(ZFarmerRegisterAgainRequest.safeParse(registerAgainBody(form, 7)).success).toBe(false);
    // …and once the user corrects those two fields, the masked ID and phone left as they were are accepted.
    const body = registerAgainBody({ ...form, villageCode: '999901001001', creditDrawn: 5 }, 7);
    const parsed = ZFarmerRegisterAgainRequest.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(body).toMatchObject({ failRecordId: 7, idNumber: maskIdNumber(id), phone: '138****1234', grid: null });
  });

  it('keys every farmer query under one prefix (an import invalidates them all)', () => {
    for (const key of Object.values(FARMER_KEYS)) expect(key[0]).toBe('farmers');
  });
});
