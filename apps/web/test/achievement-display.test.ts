import { describe, expect, it } from 'vitest';
import { DISPLAY_DESIGN } from '@phjr/contract/stats/reports';
import { DISTRICTS } from '../../server/src/seed/regions.ts';
import { STAGE_HEIGHT, STAGE_WIDTH, stageScale } from '../src/layouts/dashboard-stage.ts';
import demoCity from '../src/features/stats/display/demo-city.geo.json';
import { DEMO_CITY_MAP_NAME } from '../src/features/stats/display/map-name.ts';
import { barLineOption, districtMapOption, rankingOption } from '../src/features/stats/display/chart-options.ts';
import {
  monthLabel,
  showAmount,
  showCount,
  showDays,
  showPercent,
  showRate,
  sumOf,
} from '../src/features/stats/display/display-format.ts';
import { allZero, topBy } from '../src/features/stats/display/display-model.ts';

describe('the achievement display stage', () => {
  it('is designed at DISPLAY_DESIGN and scales to fit any window, aspect kept', () => {
    expect([STAGE_WIDTH, STAGE_HEIGHT]).toEqual([DISPLAY_DESIGN.width, DISPLAY_DESIGN.height]);
    expect(stageScale(1920, 1080)).toBe(1);
    expect(stageScale(3840, 2160)).toBe(2);
    for (const [w, h] of [
      [1366, 768],
      [1280, 1024],
      [2560, 1080],
      [800, 1200],
    ]) {
      const s = stageScale(w, h);
      // The whole stage fits, and it touches the window on one side (letterboxed on the other).
      expect(STAGE_WIDTH * s).toBeLessThanOrEqual(w + 1e-9);
      expect(STAGE_HEIGHT * s).toBeLessThanOrEqual(h + 1e-9);
      expect(Math.max((STAGE_WIDTH * s) / w, (STAGE_HEIGHT * s) / h)).toBeCloseTo(1, 9);
    }
  });
});

describe('the demo city map (demo-city.geo.json)', () => {
  it('has one closed polygon per district of the seed, named by its region code', () => {
    expect(demoCity.type).toBe('FeatureCollection');
    const codes = demoCity.features.map((f) => f.properties.name);
    expect([...codes].sort()).toEqual(DISTRICTS.map((d) => d.code).sort());
    for (const f of demoCity.features) {
      expect(f.id).toBe(f.properties.code);
      expect(f.properties.label).toBe(DISTRICTS.find((d) => d.code === f.properties.code)!.name);
      expect(f.geometry.type).toBe('Polygon');
      const ring = f.geometry.coordinates[0];
      expect(ring.length).toBeGreaterThan(8);
      expect(ring[0]).toEqual(ring[ring.length - 1]);
    }
  });

  it('draws districts that do not overlap: each label point lies in its own district only', () => {
    const inside = ([x, y]: number[], ring: number[][]) => {
      let c = false;
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i];
        const [xj, yj] = ring[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
      }
      return c;
    };
    for (const f of demoCity.features) {
      const holders = demoCity.features
        .filter((g) => inside(f.properties.cp, g.geometry.coordinates[0]))
        .map((g) => g.properties.code);
      expect(holders).toEqual([f.properties.code]);
    }
  });
});

describe('how the display writes figures', () => {
  it('shows amounts of 1 亿元 and more in 亿元, smaller ones in 万元, both with two decimals', () => {
    expect(showAmount(20724, 'zh-CN')).toEqual({ text: '2.07', unit: 'yi' });
    expect(showAmount(10000, 'zh-CN')).toEqual({ text: '1.00', unit: 'yi' });
    expect(showAmount(9415.2, 'zh-CN')).toEqual({ text: '9,415.20', unit: 'wan' });
    expect(showAmount(0, 'en-US')).toEqual({ text: '0.00', unit: 'wan' });
  });

  it('shows counts whole, percentages and days with one decimal, and a dash for no value', () => {
    expect(showCount(1234567, 'zh-CN').text).toBe('1,234,567');
    expect(showPercent(80.7, 'zh-CN')).toEqual({ text: '80.7', unit: 'percent' });
    expect(showRate(0.7949, 'zh-CN')).toEqual({ text: '79.5', unit: 'percent' });
    expect(showRate(null, 'zh-CN')).toEqual({ text: '-', unit: 'none' });
    expect(showDays(6.3, 'en-US')).toEqual({ text: '6.3', unit: 'days' });
    expect(showDays(null, 'en-US').text).toBe('-');
  });

  it('sums amounts to cents and names months in the language', () => {
    expect(sumOf([{ a: 0.1 }, { a: 0.2 }], (r) => r.a)).toBe(0.3);
    expect(monthLabel('2026-11', 'zh-CN')).toBe('11月');
    expect(monthLabel('2026-01', 'en-US')).toBe('Jan');
  });

  it("ranks by a figure (largest or smallest first), leaving out rows without it, ties in the answer's order", () => {
    const rows = [
      { n: 'a', v: 2 },
      { n: 'b', v: null },
      { n: 'c', v: 5 },
      { n: 'd', v: 2 },
    ];
    expect(topBy(rows, (r) => r.v, 10).map((r) => r.n)).toEqual(['c', 'a', 'd']);
    expect(topBy(rows, (r) => r.v, 2, true).map((r) => r.n)).toEqual(['a', 'd']);
    expect(allZero([0, null, 0])).toBe(true);
    expect(allZero([0, 1])).toBe(false);
  });
});

describe('the display charts: fixed windows', () => {
  const fmt = (v: number) => String(v);

  it('keeps a top-10 ranking ten rows high whatever the number of banks', () => {
    const option = rankingOption({
      items: [
        { name: 'A', value: 3 },
        { name: 'B', value: 1 },
      ],
      seriesName: 's',
      format: fmt,
      slots: 10,
    });
    const y = option.yAxis as { data: string[] };
    const series = (option.series as { data: (number | null)[] }[])[0];
    expect(y.data).toHaveLength(10);
    expect(series.data).toEqual([3, 1, null, null, null, null, null, null, null, null]);
    expect(y.data.slice(0, 2)).toEqual(['1  A', '2  B']);
  });

  it('draws 12 months as bars and lines of 12 values each', () => {
    const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
    const option = barLineOption({
      categories: months,
      bars: [{ name: 'b', values: months.map(() => 1), format: fmt }],
      lines: [{ name: 'l', values: months.map(() => 2), format: fmt }],
      axes: [
        { name: 'x', format: fmt },
        { name: 'y', format: fmt },
      ],
    });
    const series = option.series as { type: string; data: number[]; yAxisIndex: number }[];
    expect(series.map((s) => [s.type, s.data.length, s.yAxisIndex])).toEqual([
      ['bar', 12, 0],
      ['line', 12, 1],
    ]);
  });

  it("colours the registered demo city map by district code and labels it with the districts' names", () => {
    const option = districtMapOption({
      districts: [{ regionCode: '999901', name: '城关区', value: 12.5, lines: ['x: 1'] }],
      seriesName: 's',
      format: fmt,
      short: fmt,
      low: 'low',
      high: 'high',
    });
    const series = (
      option.series as {
        map: string;
        data: { name: string; value: number; displayName: string }[];
        label: { formatter: (p: unknown) => string };
      }[]
    )[0];
    expect(series.map).toBe(DEMO_CITY_MAP_NAME);
    // Matched to the map by code; the chart's data table reads the name.
    expect(series.data).toEqual([{ name: '999901', value: 12.5, displayName: '城关区' }]);
    expect(series.label.formatter({ name: '999901' })).toBe('{name|城关区}\n{value|12.5}');
  });
});
