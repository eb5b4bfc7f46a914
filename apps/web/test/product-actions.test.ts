import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ProductUserAction } from '@phjr/contract/products/product';
import { ProductActions } from '../src/features/products/components/manage/product-actions.tsx';
import i18n from '../src/lib/i18n.ts';

/** The button texts of a product's actions as the back office renders them for `role`. */
function buttons(actions: ProductUserAction[] | undefined, role: 'provider' | 'reviewer') {
  const el = createElement(ProductActions, {
    product: { id: 1, name: '测试产品', status: 'LISTED', actions },
    role,
    onEdit: () => {},
    onReject: () => {},
  });
  const html = renderToStaticMarkup(
    createElement(QueryClientProvider, { client: new QueryClient() }, createElement(App, null, el)),
  );
  return [...html.matchAll(/<button[^>]*>(?:<span>)?([^<]*)/g)].map((m) => m[1]);
}

describe("product rows show exactly the server's actions (issue 12)", () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en-US');
    await i18n.loadNamespaces('products');
  });
  // The unit files share their worker's modules (vitest.config.ts): the next file starts in the default language.
  afterAll(() => i18n.changeLanguage('zh-CN'));
  const label = (a: string) => i18n.t(`products:actions.${a}`);

  it('a listed product offers what the server lists, nothing derived from its state', () => {
    expect(buttons(['delist'], 'provider')).toEqual([label('delist')]);
    // The operator's actions on the same product come from the server too (edit included).
    expect(buttons(['delist', 'edit'], 'reviewer')).toEqual([label('delist'), label('edit')]);
    // The state alone (LISTED) offers nothing when the server lists nothing (another unit's product, say).
    expect(buttons([], 'provider')).toEqual([]);
    expect(buttons(undefined, 'reviewer')).toEqual([]);
  });

  it('edit and remove follow the list, not PROVIDER_EDITABLE', () => {
    expect(buttons(['submit', 'edit', 'remove'], 'provider')).toEqual([
      label('submit'),
      label('edit'),
      label('remove'),
    ]);
  });
});
