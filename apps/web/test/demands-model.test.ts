import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { DemandSummary } from '@phjr/contract/demands/demand';
import { ZCreateDemandRequest } from '@phjr/contract/demands/calls';
import { daysLeft, newPostingKey } from '../src/features/demands/components/demand-model.ts';
import { DemandRowActions } from '../src/features/demands/components/DemandRowActions.tsx';
import i18n from '../src/lib/i18n.ts';
import { demandList } from '../src/features/demands/components/use-demand-params.ts';
import { readListQuery } from '../src/components/list-page/list-query.ts';
import dayjs from 'dayjs';

/** A list row as the server sends it; `actions` is what the server allows its viewer. */
const row = (over: Partial<DemandSummary>): DemandSummary => ({
  id: 7,
  code: 'XQ202611230007',
  type: 'PUBLIC',
  status: 'PENDING',
  source: 'APPLICANT',
  applicantName: '申请人',
  applicantType: 'PERSON',
  regionCode: '999901',
  regionName: '城关区',
  amount: 80,
  term: 12,
  guaranteeMethod: 'CREDIT',
  industry: 'AGRICULTURE',
  productId: null,
  productName: null,
  targetOrgId: null,
  targetOrgName: null,
  ownerOrgId: null,
  ownerOrgName: null,
  guaranteeOrgName: null,
  createdAt: '2026-11-21T02:00:00.000Z',
  deadline: '2026-11-26T09:00:00.000Z',
  overdue: false,
  grantedAmount: null,
  grantedAt: null,
  actions: [],
  ...over,
});

const buttons = (d: DemandSummary) =>
  [
    ...renderToStaticMarkup(
      createElement(DemandRowActions, { demand: d, onDetail: () => {}, onAct: () => {} }),
    ).matchAll(/<button[^>]*>(?:<span>)?([^<]*)/g),
  ].map((m) => m[1]);

describe("demand list rows show exactly the server's actions", () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en-US');
    await i18n.loadNamespaces('demands');
  });
  // The unit files share their worker's modules (vitest.config.ts): the next file starts in the default language.
  afterAll(() => i18n.changeLanguage('zh-CN'));

  it('offers no urge on a public-pool row the server does not allow (issue 12)', () => {
    // A supervisor's public pending demand in the pool: no institution handles it, so the server lists no urge.
    expect(buttons(row({ status: 'PENDING', type: 'PUBLIC', actions: [] }))).toEqual([
      i18n.t('demands:actions.detail'),
    ]);
    expect(buttons(row({ status: 'PENDING', type: 'PUBLIC', actions: ['reassign'] }))).toEqual([
      i18n.t('demands:actions.detail'),
      i18n.t('demands:actions.reassign'),
    ]);
  });

  it("shows every listed action, in the server's order, whatever the state says", () => {
    const actions = ['grant', 'reject', 'dispatch', 'urge'] as const;
    expect(buttons(row({ status: 'ACCEPTED', actions: [...actions] }))).toEqual([
      i18n.t('demands:actions.detail'),
      ...actions.map((a) => i18n.t(`demands:actions.${a}`)),
    ]);
    // A state that would suggest actions, with none listed, shows none.
    expect(buttons(row({ status: 'GUARANTEE_ACCEPTED', type: 'GUARANTEE', actions: [] }))).toEqual([
      i18n.t('demands:actions.detail'),
    ]);
  });
});

describe('demand list filters from the address', () => {
  it('keeps the known values and drops the rest', () => {
    const f = readListQuery(
      demandList,
      new URLSearchParams(
        'status=PENDING&type=GUARANTEE&overdue=true&regionCode=999906&bankId=12&from=2026-01-01&to=2026-02-01&keyword=%20XQ1%20&id=7&current=2',
      ),
    );
    expect(f).toEqual({
      type: 'GUARANTEE',
      status: 'PENDING',
      overdue: 'true',
      regionCode: '999906',
      bankId: 12,
      from: '2026-01-01',
      to: '2026-02-01',
      keyword: 'XQ1',
      current: 2,
      pageSize: 10,
    });
    const bad = readListQuery(
      demandList,
      new URLSearchParams('status=DONE&type=X&overdue=1&regionCode=abc&bankId=-3&from=yesterday'),
    );
    expect(bad).toEqual({ current: 1, pageSize: 10 });
  });
});

describe('deadlines', () => {
  it('counts whole calendar days, negative once passed', () => {
    const now = dayjs('2026-03-10T15:00:00');
    expect(daysLeft('2026-03-12T23:59:59', now)).toBe(2);
    expect(daysLeft('2026-03-10T23:59:59', now)).toBe(0);
    expect(daysLeft('2026-03-08T23:59:59', now)).toBe(-2);
  });
});

describe('the idempotency key of the demand form', () => {
  it('is new for each opening of the form and one the server takes', () => {
    const keys = new Set(Array.from({ length: 50 }, newPostingKey));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(ZCreateDemandRequest.shape.idempotencyKey.safeParse(k).success, k).toBe(true);
  });

  it('does without crypto.randomUUID (plain http outside localhost)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const k = newPostingKey();
      expect(k).toMatch(/^[0-9a-f]{32}$/);
      expect(ZCreateDemandRequest.shape.idempotencyKey.safeParse(k).success).toBe(true);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
