import { beforeAll, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Form } from 'antd';
import { ActionFields } from '../src/features/shelter/components/ShelterActionModal.tsx';
import i18n from '../src/lib/i18n.ts';

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('shelter');
});

/** Issue 30: "the 开始审核 confirm prints its sentence twice" (the dialog's hint, then the fields' own copy of it). */
describe('the 开始审核 confirmation', () => {
  it('has no fields of its own, so its hint is said once (by the dialog)', () => {
    const hint = i18n.t('shelter:hint.startReview');
    expect(hint).toContain('开始审核后');
    const html = renderToString(
      <Form>
        <ActionFields action="startReview" />
      </Form>,
    );
    expect(html).not.toContain('开始审核后');
  });
});
