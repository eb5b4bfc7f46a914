import { beforeAll, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { CONSENT_STATES, CREDIT_QUERY_OUTCOMES, type CreditPublicSubject } from '@phjr/contract/credit/credit';
import { DEFAULT_LINKS } from '../src/app/external-links.ts';
import { ExternalSystemCard } from '../src/components/ExternalSystemCard.tsx';
import { TONE_COLOR } from '../src/components/state-tone.ts';
import { RequestError } from '../src/lib/request-error.ts';
import {
  CONSENT_STATE_TONE,
  OUTCOME_TONE,
  isNoConsent,
  normalCreditCode,
  refusalRate,
  tabOf,
} from '../src/features/credit/components/credit-model.ts';
import { PlatformRecord } from '../src/features/credit/components/CreditRecord.tsx';
import i18n from '../src/lib/i18n.ts';

describe('the external credit system (toSYX) link', () => {
  it("has no built-in address: only the operator's setting makes a link", () => {
    expect(DEFAULT_LINKS.toSyxUrl).toBe('');
  });

  it('draws no card without an address, and a link to the address when one is configured', () => {
    const card = (url: string) =>
      renderToString(<ExternalSystemCard url={url} nameKey="external.syxName" hintKey="external.syxHint" />);
    expect(card('')).toBe('');
    expect(card('   ')).toBe('');
    const html = card('https://syx.example.org/entry');
    expect(html).toContain('href="https://syx.example.org/entry"');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});

describe('credit screens: what they derive from the answers', () => {
  it('gives every consent state and query outcome a colour of UI.md (live green, expired orange, revoked grey, refused red)', () => {
    for (const s of CONSENT_STATES) expect(TONE_COLOR[CONSENT_STATE_TONE[s]]).toBeTruthy();
    for (const o of CREDIT_QUERY_OUTCOMES) expect(TONE_COLOR[OUTCOME_TONE[o]]).toBeTruthy();
    expect([
      TONE_COLOR[CONSENT_STATE_TONE.LIVE],
      TONE_COLOR[CONSENT_STATE_TONE.EXPIRED],
      TONE_COLOR[CONSENT_STATE_TONE.REVOKED],
    ]).toEqual(['green', 'orange', 'default']);
    expect(TONE_COLOR[OUTCOME_TONE.REFUSED]).toBe('red');
  });

  it('recognises the refusal of a query outside consent by its code, and nothing else', () => {
    const refusal = new RequestError('business', 'x', '/finance/credit/query.json', 403, {
      errorCode: 'CREDIT_NO_CONSENT',
      errorMessage: '该企业未向本机构授权',
    });
    const other = new RequestError('business', 'x', '/finance/credit/query.json', 403, { errorCode: 'FORBIDDEN' });
    expect(isNoConsent(refusal)).toBe(true);
    expect(isNoConsent(other)).toBe(false);
    expect(isNoConsent(new Error('CREDIT_NO_CONSENT'))).toBe(false);
  });

  it('reads a typed credit code as the server does, the tab from the address, and the refusal share', () => {
    expect(normalCreditCode(' 91999906ma 0000 0010 ')).toBe('91999906MA00000010');
    const tabs = ['consents', 'log', 'report'] as const;
    expect(tabOf(tabs, 'log')).toBe('log');
    expect(tabOf(tabs, 'nope')).toBe('consents');
    expect(tabOf(tabs, null)).toBe('consents');
    expect(refusalRate(0, 0)).toBeNull();
    expect(refusalRate(24, 6)).toBe(0.25);
  });
});

describe('the public record on the platform (issue 29 finding 8)', () => {
  const subject: CreditPublicSubject = {
    creditCode: '91999906MA00000010',
    name: '示范市绿源茶业有限公司',
    legalRep: '张三',
    registeredCapital: 500,
    establishedOn: '2015-03-01',
    status: '存续',
    industry: '农业',
    address: '示范市',
    businessScope: '茶叶种植',
    regionCode: '999906',
    regionName: '青石县',
    onPlatform: true,
    shelter: null,
  };
  beforeAll(async () => {
    await i18n.changeLanguage('zh-CN');
    await i18n.loadNamespaces(['credit']);
  });

  it('draws the account and the shelter outcome and no lending row for the public subject; the full record’s subject adds its products and loans', () => {
    const html = renderToString(<PlatformRecord subject={subject} />);
    expect(html).toContain('平台账户');
    expect(html).toContain('金融方舱');
    expect(html).not.toContain('平台放款笔数');
    expect(html).not.toContain('使用过的产品');
    const full = renderToString(<PlatformRecord subject={{ ...subject, products: ['茶农贷'], loansGranted: 2 }} />);
    expect(full).toContain('平台放款笔数');
    expect(full).toContain('茶农贷');
  });
});
