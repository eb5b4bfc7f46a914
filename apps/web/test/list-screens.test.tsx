import { beforeAll, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OrgRow } from '@phjr/contract/orgs/org-admin';
import type { EntChildUser } from '@phjr/contract/auth/account';
import { findDef } from '../src/app/route-defs.ts';
import { OrgListScreen } from '../src/features/orgs/components/OrgListScreen.tsx';
import UserSubAccountPage from '../src/features/auth/pages/UserSubAccountPage.tsx';
import i18n from '../src/lib/i18n.ts';

/**
 * Screens moved onto the list-page block (issue 12) read their filters and page from the address: the page call is
 * made with them (its cached answer is what shows) and the filter form shows them.
 */
function render(path: string, url: string, element: ReactElement, seed: (qc: QueryClient) => void) {
  const qc = new QueryClient();
  seed(qc);
  const router = createMemoryRouter([{ path, element, handle: { def: findDef(path) } }], { initialEntries: [url] });
  return renderToString(
    <QueryClientProvider client={qc}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

const activePage = (html: string, n: number) =>
  new RegExp(
    `ant-pagination-item-${n} ant-pagination-item-active|ant-pagination-item-active[^"]*ant-pagination-item-${n}`,
  ).test(html);

function org(id: number, name: string): OrgRow {
  return {
    id,
    name,
    shortName: name,
    classifiedType: 'GUARANTEE',
    parentId: null,
    level: 'HEAD',
    regionCode: '999901',
    chainAccess: false,
    creditCode: null,
    contactName: null,
    contactPhone: null,
    address: null,
    status: 'DISABLED',
    userCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    actions: [],
  };
}

describe('list screens on the list-page block', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-CN');
    await i18n.loadNamespaces(['orgs', 'auth', 'common', 'routes']);
  });

  it("an institution list asks for the address's filters and page, and its form shows them", () => {
    const path = '/operateClient/institution/guarantee';
    const html = render(
      path,
      `${path}?name=%E5%B1%B1%E5%B7%9D&status=DISABLED&regionCode=999901&current=2`,
      <OrgListScreen kind="GUARANTEE" />,
      (qc) =>
        qc.setQueryData(
          [
            'orgs-admin',
            'page',
            { kind: 'GUARANTEE', name: '山川', status: 'DISABLED', regionCode: '999901', current: 2, pageSize: 10 },
          ],
          {
            list: [org(11, '山川融资担保有限公司')],
            total: 11,
            current: 2,
            pageSize: 10,
          },
        ),
    );
    expect(html).toContain('山川融资担保有限公司');
    expect(html).toContain('共 11 条');
    expect(activePage(html, 2)).toBe(true);
    expect(html).toMatch(
      /<input[^>]*id="list-filter_name"[^>]*value="山川"|<input[^>]*value="山川"[^>]*id="list-filter_name"/,
    );
  });

  it('a list the server answers whole is paged here, on the page the address holds', () => {
    const path = '/userClient/my/userManagement';
    const users: EntChildUser[] = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      username: `sub_${i + 1}`,
      name: `经办员${i + 1}`,
      phone: null,
      enabled: true,
      lastLoginAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      roles: [],
    }));
    const html = render(path, `${path}?current=2`, <UserSubAccountPage />, (qc) =>
      qc.setQueryData(['entChildUsers'], users),
    );
    expect(html).toContain('sub_11');
    expect(html).not.toContain('sub_3<');
    expect(html).toContain('共 12 条');
    expect(activePage(html, 2)).toBe(true);
  });
});
