import { beforeAll, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { App } from 'antd';
import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import type { ArticleSummary } from '@phjr/contract/content/article';
import type { Page } from '@phjr/contract/envelope';
import { ArticleList } from '../src/features/content/components/ArticleList.tsx';
import { useListParams } from '../src/features/content/components/use-list-params.ts';
import type { DemandSummary } from '@phjr/contract/demands/demand';
import type { ProductDetail } from '@phjr/contract/products/product';
import { DemandList } from '../src/features/demands/components/DemandList.tsx';
import { ProductManageScreen } from '../src/features/products/components/manage/ProductManageScreen.tsx';
import i18n from '../src/lib/i18n.ts';

/**
 * The demand lists of every role and the product lists moved onto the list-page block (issue 12): the page call is
 * made with the address's filters and page plus what the screen fixes, and the filter form shows them.
 */
function render(url: string, element: ReactElement, seed: (qc: QueryClient) => void) {
  const qc = new QueryClient();
  seed(qc);
  const router = createMemoryRouter([{ path: '/list', element }], { initialEntries: [url] });
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
const inputValue = (html: string, id: string, value: string) =>
  new RegExp(`<input[^>]*id="${id}"[^>]*value="${value}"|<input[^>]*value="${value}"[^>]*id="${id}"`).test(html);

const demand: DemandSummary = {
  id: 7,
  code: 'XQ202611230007',
  type: 'PUBLIC',
  status: 'PENDING',
  source: 'APPLICANT',
  applicantName: '青禾农业合作社',
  applicantType: 'ENTERPRISE',
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
  overdue: true,
  grantedAmount: null,
  grantedAt: null,
  actions: [],
};

describe('group B list screens on the list-page block', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-CN');
    await i18n.loadNamespaces(['demands', 'products', 'common', 'portal']);
  });

  it("a bank's public pool asks for the address's filters and page with its fixed scope and type", () => {
    const html = render(
      '/list?keyword=XQ2026&overdue=true&regionCode=999901&from=2026-11-01&current=2&id=abc',
      <DemandList
        scope="bank"
        perspective="bank"
        pool
        fixed={{ scope: 'POOL', type: 'PUBLIC' }}
        statuses={['PENDING']}
        filters={{ overdue: true, region: true, date: true }}
        exportName={['公开需求', '需求池']}
      />,
      (qc) =>
        qc.setQueryData(
          [
            'demands',
            'page',
            'bank',
            {
              keyword: 'XQ2026',
              overdue: 'true',
              regionCode: '999901',
              from: '2026-11-01',
              current: 2,
              pageSize: 10,
              scope: 'POOL',
              type: 'PUBLIC',
            },
          ],
          { list: [demand], total: 11, current: 2, pageSize: 10 },
        ),
    );
    expect(html).toContain('XQ202611230007');
    expect(html).toContain('共 11 条');
    expect(activePage(html, 2)).toBe(true);
    expect(inputValue(html, 'demand-filter-bank_keyword', 'XQ2026')).toBe(true);
    // The address's `overdue=true` is the ticked box (the form opens itself when the address holds a filter).
    expect(html).toMatch(
      /<input[^>]*id="demand-filter-bank_overdue"[^>]*checked=""|<input[^>]*checked=""[^>]*id="demand-filter-bank_overdue"/,
    );
    expect(html).toContain('导出Excel');
  });

  it("a provider's products: the status tab and the page come from the address, the kind is the screen's", () => {
    const product = {
      id: 5,
      name: '丰收贷',
      kind: 'LOAN',
      orgId: 2,
      orgName: '示范市农村商业银行',
      bankId: 2,
      bankName: '示范市农村商业银行',
      status: 'DRAFT',
      actions: [],
    } as unknown as ProductDetail;
    const html = render('/list?status=DRAFT&keyword=%E4%B8%B0&current=3', <ProductManageScreen kind="LOAN" />, (qc) =>
      qc.setQueryData(
        ['products-admin', 'page', { status: 'DRAFT', keyword: '丰', current: 3, pageSize: 10, kind: 'LOAN' }],
        { list: [product], total: 21, current: 3, pageSize: 10 },
      ),
    );
    expect(html).toContain('丰收贷');
    expect(html).toContain('共 21 条');
    expect(activePage(html, 3)).toBe(true);
    expect(inputValue(html, 'product-filter_keyword', '丰')).toBe(true);
    expect(html).toContain('data-node-key="DRAFT" class="ant-tabs-tab ant-tabs-tab-active"');
  });

  it('a portal article list reads its keyword and page from the address: the search box, the pager, the total', () => {
    const articles = Array.from({ length: 10 }, (_, i) => ({
      id: i + 11,
      title: `普惠资讯${i + 11}`,
      channel: 'news',
      pinned: false,
      views: 3,
      publishAt: '2026-11-20T02:00:00.000Z',
      summary: null,
      source: null,
      cover: null,
    }));
    const result = {
      data: { list: articles, total: 25 },
      isPending: false,
      isError: false,
      isFetching: false,
      isPlaceholderData: false,
      refetch: () => undefined,
    } as unknown as UseQueryResult<Page<ArticleSummary>>;
    function Screen() {
      return <ArticleList result={result} params={useListParams()} />;
    }
    const html = render('/list?keyword=%20%E6%99%AE%E6%83%A0%20&current=2&type=x', <Screen />, () => undefined);
    expect(html).toContain('普惠资讯11');
    expect(html).toMatch(/<input[^>]*value="普惠"/);
    expect(activePage(html, 2)).toBe(true);
    expect(html).toContain('phjr-card-list-pages');
  });

  it('a portal article list past its last page says so and offers the first page', () => {
    const result = {
      data: { list: [], total: 25 },
      isPending: false,
      isError: false,
      isFetching: false,
      isPlaceholderData: false,
      refetch: () => undefined,
    } as unknown as UseQueryResult<Page<ArticleSummary>>;
    function Screen() {
      return <ArticleList result={result} params={useListParams()} />;
    }
    const html = render('/list?current=9', <Screen />, () => undefined);
    expect(html).toContain(i18n.t('portal:list.pageBeyondTitle'));
    expect(html).toContain(i18n.t('portal:list.pageBeyondHint'));
  });
});
