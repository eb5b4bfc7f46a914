import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { Message } from '@phjr/contract/notify/messages';
import i18n from '../src/lib/i18n.ts';
import { MessageItem } from '../src/features/notify/components/MessageBell.tsx';

/** Issue 30, item 7: a message is worded in the reader's language from its kind and params. */
const rejected: Message = {
  id: 7,
  kind: 'demand.rejected',
  params: { demandNo: 'XQ20261128000042', org: '示范银行城关支行', rejectCode: 'CREDIT_RECORD', detail: null },
  title: '融资需求未获通过',
  content: '您的融资需求XQ20261128000042经示范银行城关支行审核未获通过。原因：信用记录不良。',
  link: '/userClient/demand/orientation?id=42',
  createdAt: '2026-11-28T08:00:00.000Z',
  readAt: null,
};
const render = (m: Message) =>
  renderToString(
    <MessageItem m={m} t={i18n.t} lang={i18n.language} onOpen={() => undefined} onRead={() => undefined} />,
  );

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
  await i18n.loadNamespaces('platform');
});
afterAll(() => i18n.changeLanguage('zh-CN'));

describe('a message in English', () => {
  it('is worded from its kind and params, enum codes by their English names', () => {
    const html = render(rejected);
    expect(html).toContain('Demand not approved');
    expect(html).toContain('Your demand XQ20261128000042 was not approved by 示范银行城关支行. Reason: Credit record.');
    expect(html).not.toContain('融资需求未获通过');
  });

  it('says an empty param by its own words', () => {
    const html = render({
      ...rejected,
      kind: 'demand.submitted',
      params: { demandNo: 'XQ1', org: null, deadline: null },
    });
    expect(html).toContain('Your demand XQ1 has been submitted; a bank will accept it as soon as possible.');
  });

  it('falls back to the stored Chinese text for a message without a kind', () => {
    const html = render({ ...rejected, kind: null, params: null });
    expect(html).toContain('融资需求未获通过');
    expect(html).toContain('原因：信用记录不良');
  });
});
