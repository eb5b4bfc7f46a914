import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { CHAIN_ENTERPRISE_IMPORT_COLUMNS, ZRegisterAgainRequest, type ChainFigures } from '@phjr/contract/chains/chain';
import { catalogEntries } from '@phjr/contract/system/enum-catalog';
import {
  checkChainOrgs,
  columnHeader,
  columnKey,
  failRecordToFields,
  formatShare,
  funnelSteps,
  idParam,
  importErrorsByRow,
  rolesFor,
  shortHeader,
} from '../src/features/chains/components/chain-model.ts';
import { CHAIN_KEYS, keysTouchedBy } from '../src/features/chains/api/chains.ts';
import { memberRequestFields } from '../src/features/chains/components/MemberFormDrawer.tsx';
import { ChainFunnel } from '../src/features/chains/components/ChainFigures.tsx';
import { ImportReport } from '../src/features/chains/components/ImportDrawer.tsx';
import i18n from '../src/lib/i18n.ts';

const figures = (over: Partial<ChainFigures> = {}): ChainFigures => ({
  enterprises: 40,
  banks: 3,
  visits: 30,
  enterprisesVisited: 20,
  enterprisesWithIntention: 10,
  enterprisesFinanced: 4,
  loans: 5,
  loanAmount: 1234.5,
  visitRate: 0.5,
  intentionRate: 0.5,
  financedRate: 0.4,
  ...over,
});

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('chains');
});

describe('the api module', () => {
  it('has a hook or a function for every chainOps call', () => {
    const src = readFileSync(new URL('../src/features/chains/api/chains.ts', import.meta.url), 'utf8');
    const missing = Object.keys(chainOps).filter((name) => !new RegExp(`chainOps\\.${name}\\b`).test(src));
    expect(missing).toEqual([]);
  });

  it('refreshes the chain rows and figures after a member, visit or loan write (their counters live there)', () => {
    for (const w of ['member', 'import', 'visit', 'loan'] as const) {
      expect(keysTouchedBy(w)).toEqual(
        expect.arrayContaining([CHAIN_KEYS.members, CHAIN_KEYS.chains, CHAIN_KEYS.figures]),
      );
    }
    expect(keysTouchedBy('visit')).toContainEqual(CHAIN_KEYS.visits);
    expect(keysTouchedBy('loan')).toContainEqual(CHAIN_KEYS.loans);
    expect(keysTouchedBy('import')).toContainEqual(CHAIN_KEYS.imports);
    // Every branch sits under the one prefix, so a logout's clear of ['chains'] reaches them all.
    for (const key of Object.values(CHAIN_KEYS)) expect(key[0]).toBe('chains');
  });
});

describe('figures', () => {
  it('makes the funnel members → visited → intention → financed with the server rates', () => {
    const steps = funnelSteps(figures());
    expect(steps.map((s) => [s.key, s.value, s.rate])).toEqual([
      ['enterprises', 40, null],
      ['enterprisesVisited', 20, 0.5],
      ['enterprisesWithIntention', 10, 0.5],
      ['enterprisesFinanced', 4, 0.4],
    ]);
    expect(steps.map((s) => s.width)).toEqual([1, 0.5, 0.25, 0.1]);
  });

  it('survives an empty chain (no division by zero) and shows no rate', () => {
    const steps = funnelSteps(
      figures({
        enterprises: 0,
        enterprisesVisited: 0,
        enterprisesWithIntention: 0,
        enterprisesFinanced: 0,
        visitRate: null,
        intentionRate: null,
        financedRate: null,
      }),
    );
    expect(steps.every((s) => s.width === 0 && Number.isFinite(s.width))).toBe(true);
    expect(formatShare(null)).toBe('—');
    const html = renderToStaticMarkup(createElement(ChainFunnel, { figures: figures({ visitRate: null }) }));
    expect(html).toContain('走访率 —');
    expect(html).toContain('获贷率 40%');
  });

  it('formats shares 0..1 as percentages', () => {
    expect(formatShare(0.425)).toBe('42.5%');
    expect(formatShare(1)).toBe('100%');
    expect(formatShare(0)).toBe('0%');
  });
});

describe('organisations of a chain', () => {
  const gov = (orgId: number, role: 'CHIEF_DEPARTMENT' | 'MEMBER_DEPARTMENT', classifiedType = 'GOVERNMENT') => ({
    orgId,
    role,
    classifiedType,
  });
  const bank = (orgId: number, role: 'LEAD_BANK' | 'MEMBER_BANK') => ({ orgId, role, classifiedType: 'BANK' });

  it('accepts one chief department and one lead bank', () => {
    expect(
      checkChainOrgs([
        gov(1, 'CHIEF_DEPARTMENT'),
        gov(2, 'MEMBER_DEPARTMENT', 'JINRONGJU'),
        bank(3, 'LEAD_BANK'),
        bank(4, 'MEMBER_BANK'),
      ]),
    ).toEqual([]);
  });

  it('says what is missing or doubled', () => {
    expect(checkChainOrgs([])).toEqual(['needChief', 'needLead']);
    expect(
      checkChainOrgs([
        gov(1, 'CHIEF_DEPARTMENT'),
        gov(2, 'CHIEF_DEPARTMENT'),
        bank(3, 'LEAD_BANK'),
        bank(4, 'LEAD_BANK'),
      ]),
    ).toEqual(['oneChief', 'oneLead']);
    expect(checkChainOrgs([gov(1, 'CHIEF_DEPARTMENT'), bank(3, 'LEAD_BANK'), bank(3, 'MEMBER_BANK')])).toEqual([
      'duplicate',
    ]);
  });

  it('refuses a role the organisation kind may not take', () => {
    expect(
      checkChainOrgs([{ orgId: 1, role: 'CHIEF_DEPARTMENT', classifiedType: 'BANK' }, bank(3, 'LEAD_BANK')]),
    ).toEqual(['roleKind']);
    expect(
      checkChainOrgs([gov(1, 'CHIEF_DEPARTMENT'), { orgId: 3, role: 'LEAD_BANK', classifiedType: 'GUARANTEE' }]),
    ).toEqual(['roleKind']);
    expect(rolesFor('RENSHEJUE')).toEqual(['CHIEF_DEPARTMENT', 'MEMBER_DEPARTMENT']);
    expect(rolesFor('BANK')).toEqual(['LEAD_BANK', 'MEMBER_BANK']);
    expect(rolesFor('GUARANTEE')).toEqual([]);
  });

  it('ignores rows not filled in yet', () => {
    expect(checkChainOrgs([gov(1, 'CHIEF_DEPARTMENT'), bank(3, 'LEAD_BANK'), { orgId: null, role: null }])).toEqual([]);
  });
});

describe('failed import rows', () => {
  it('prefills the fix form with the row as read, enum labels of the template mapped to codes', () => {
    const fields = failRecordToFields({
      values: {
        creditCode: '91370100mA3C4X5Y6Z',
        name: ' 示范农业 ',
        tier: '中游',
        scale: '小型',
        tags: '白名单、首贷需求',
        financingNeed: '1,200.5',
        contactPhone: '',
        mainBusiness: '种植',
      },
    });
    expect(fields).toMatchObject({
      creditCode: '91370100MA3C4X5Y6Z',
      name: '示范农业',
      tier: 'MIDSTREAM',
      scale: 'SMALL',
      tags: ['WHITELIST', 'FIRST_LOAN_NEEDED'],
      financingNeed: 1200.5,
      contactPhone: null,
      mainBusiness: '种植',
    });
  });

  it('maps every label of the enum catalog (the template drop-downs) back to its code', () => {
    for (const [name, column] of [
      ['ChainTier', 'tier'],
      ['EnterpriseScale', 'scale'],
      ['ChainEnterpriseTag', 'tags'],
    ] as const) {
      for (const e of catalogEntries(name)!) {
        const f = failRecordToFields({ values: { [column]: e.message } });
        const got = column === 'tags' ? f.tags?.[0] : f[column];
        expect(got, `${name} ${e.message}`).toBe(e.code);
      }
    }
  });

  it('leaves an unreadable value for the user to choose', () => {
    const f = failRecordToFields({ values: { tier: '上下游', financingNeed: '很多', tags: '未知' } });
    expect(f.tier).toBeUndefined();
    expect(f.financingNeed).toBeNull();
    expect(f.tags).toEqual([]);
  });

  it('sends what the register-again request accepts', () => {
    const fields = memberRequestFields({
      ...failRecordToFields({ values: { creditCode: '91110000600037341L', name: '企业', tier: '上游' } }),
      creditCode: '91110000600037341L',
      name: '企业',
      tier: 'UPSTREAM',
    });
    expect(ZRegisterAgainRequest.safeParse({ ...fields, failRecordId: 1 }).success).toBe(true);
    expect(fields).toMatchObject({ legalPerson: null, contactPhone: null, tags: [] });
  });

  it('names columns by the template header whether the server sends the key or the header', () => {
    const tier = CHAIN_ENTERPRISE_IMPORT_COLUMNS.find((c) => c.key === 'tier')!;
    expect(columnHeader('tier')).toBe(tier.header);
    expect(columnHeader(tier.header)).toBe(tier.header);
    expect(columnKey(tier.header)).toBe('tier');
    expect(columnHeader(null)).toBeNull();
    expect(columnHeader('其他')).toBe('其他');
    expect(columnKey('其他')).toBeNull();
    expect(shortHeader('tier')).toBe('所处环节');
    expect(shortHeader('tags')).toBe('标签');
  });
});

describe('the import report', () => {
  const result = {
    importRecordId: null,
    dryRun: true,
    total: 5,
    valid: 2,
    invalid: 3,
    duplicates: 1,
    errors: [
      { rowNo: 4, column: 'name', reason: '请填写企业名称' },
      { rowNo: 3, column: null, reason: '信用代码在文件中重复' },
      { rowNo: 4, column: 'creditCode', reason: '统一社会信用代码格式或校验位错误' },
      { rowNo: 2, column: 'tier', reason: '请选择所处环节' },
    ],
  };

  it('lists every error by row, then in the template column order', () => {
    expect(importErrorsByRow(result).map((e) => [e.rowNo, e.column])).toEqual([
      [2, '所处环节'],
      [3, null],
      [4, '统一社会信用代码'],
      [4, '企业名称'],
    ]);
  });

  it('shows the counts and each error with its row and column', () => {
    const html = renderToStaticMarkup(createElement(ImportReport, { result }));
    for (const text of ['有效 2 行', '无效 3 行', '重复 1 行', '整行', '请选择所处环节', '信用代码在文件中重复'])
      expect(html).toContain(text);
  });
});

describe('ids from the address', () => {
  it('takes positive whole numbers only', () => {
    expect(idParam('12')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '99999999999']) expect(idParam(bad)).toBeNull();
  });
});
