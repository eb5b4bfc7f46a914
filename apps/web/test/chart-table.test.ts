import { describe, expect, it } from 'vitest';
import { chartTable } from '../src/components/chart-table.ts';

describe('chartTable: the data of a chart as a table (issue 32)', () => {
  it('reads a bar and line chart as one row per category and a column per series', () => {
    const table = chartTable({
      xAxis: { type: 'category', name: '月份', data: ['1月', '2月'] },
      yAxis: { type: 'value' },
      series: [
        { type: 'bar', name: '需求金额', data: [1200.5, [1, 980]] },
        { type: 'line', name: '放款笔数', data: [{ value: 3 }, null] },
      ],
    });
    expect(table).toEqual({
      head: ['月份', '需求金额', '放款笔数'],
      rows: [
        ['1月', '1,200.5', '3'],
        ['2月', '980', '–'],
      ],
    });
  });

  it('reads a horizontal bar chart by its category axis, whichever axis holds it', () => {
    const table = chartTable({
      xAxis: { type: 'value' },
      yAxis: { type: 'category', data: ['甲银行', '乙银行'] },
      series: { type: 'bar', name: '放款金额', data: [10, 20] },
    });
    expect(table?.rows).toEqual([
      ['甲银行', '10'],
      ['乙银行', '20'],
    ]);
  });

  it('reads a pie or funnel chart as one row per item', () => {
    const table = chartTable({ series: [{ type: 'pie', name: '需求笔数', data: [{ name: '公开', value: 121 }] }] });
    expect(table).toEqual({ head: ['', '需求笔数'], rows: [['公开', '121']] });
  });

  it('names a map item by its displayName, not by the code the map matches on', () => {
    const table = chartTable({
      series: [{ type: 'map', name: '放款金额', data: [{ name: '999901', value: 1401.8, displayName: '城关区' }] }],
    });
    expect(table?.rows).toEqual([['城关区', '1,401.8']]);
  });

  it('has no table for a chart without series', () => {
    expect(chartTable({})).toBeNull();
  });
});
