import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import i18n from '../src/lib/i18n.ts';

vi.mock('../src/features/credit/api/credit.ts', () => ({
  useMySubjects: () => ({
    isLoading: false,
    data: {
      kind: 'PERSON',
      canConsent: false,
      subjects: [{ creditCode: '91999906MA00000010', name: '示范市绿源茶业有限公司' }],
    },
  }),
  useMyReport: () => ({ data: undefined, isError: true, refetch: () => undefined }),
}));
vi.mock('../src/features/credit/components/ConsentList.tsx', () => ({ SubjectConsentList: () => null }));
vi.mock('../src/features/credit/components/QueryLogList.tsx', () => ({ SubjectQueryLog: () => null }));
vi.mock('../src/features/credit/components/ConsentFormModal.tsx', () => ({ ConsentFormModal: () => null }));

const { SubjectCreditScreen } = await import('../src/features/credit/components/SubjectCreditScreen.tsx');

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('credit');
});

/** Issue 30: "the person's credit page says 本企业": a person reads a related enterprise, it is not that enterprise. */
describe("a person's credit page", () => {
  it('speaks of 该企业, never of 本企业', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/userClient/toSYX?tab=report']}>
        <SubjectCreditScreen />
      </MemoryRouter>,
    );
    expect(html).toContain('示范市绿源茶业有限公司');
    expect(html).toContain('暂时无法读取该企业的完整信息');
    expect(html).not.toContain('本企业');
    expect(html).not.toContain('您的企业');
  });
});
