import { describe, expect, it } from 'vitest';
import { DEFAULT_SMS_TEMPLATES, renderTemplate } from '../../src/modules/notify/sms.gateway.ts';
import { sentence } from '../../src/lib/sentence.ts';

/** Issue 30: "the rejection SMS ends in 。。" when the reason typed ends its own sentence. */
describe('the text of an SMS and of a message with a typed reason', () => {
  const rejected = DEFAULT_SMS_TEMPLATES.find((t) => t.code === 'DEMAND_REJECTED')!.content;

  it("keeps one stop after a reason that ends its sentence, and adds the template's after one that does not", () => {
    expect(renderTemplate(rejected, { demandNo: 'XQ1', reason: '材料不全。' })).toBe(
      '【示范市普惠金融】您的融资需求XQ1未获通过，原因：材料不全。您可登录平台重新提交需求。',
    );
    expect(renderTemplate(rejected, { demandNo: 'XQ1', reason: '材料不全' })).toBe(
      '【示范市普惠金融】您的融资需求XQ1未获通过，原因：材料不全。您可登录平台重新提交需求。',
    );
    expect(renderTemplate(rejected, { demandNo: 'XQ1', reason: '请补充材料！' })).not.toContain('！。');
    expect(renderTemplate(rejected, { demandNo: 'XQ1' })).toContain('{reason}。');
  });

  it("closes a site message's reason once", () => {
    expect(sentence('材料不全。')).toBe('材料不全。');
    expect(sentence('材料不全')).toBe('材料不全。');
    expect(`原因：${sentence('经营异常。 ')}`).toBe('原因：经营异常。');
  });
});
