import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OrgAction, UserAction } from '@phjr/contract/orgs/admin-actions';
import type { OrgRow } from '@phjr/contract/orgs/org-admin';
import { ChainAccessSwitch, OrgRowActions } from '../src/features/orgs/components/org-actions.tsx';
import { UserStatusButton } from '../src/features/orgs/components/user-actions.tsx';
import i18n from '../src/lib/i18n.ts';

const render = (el: ReactElement) =>
  renderToStaticMarkup(createElement(QueryClientProvider, { client: new QueryClient() }, createElement(App, null, el)));
/** The texts of the rendered buttons. */
const buttons = (html: string) =>
  [...html.matchAll(/<button[^>]*>(?:<span>)?([^<]*)/g)].map((m) => m[1]).filter(Boolean);

function org(status: OrgRow['status'], actions: OrgAction[], over: Partial<OrgRow> = {}): OrgRow {
  return {
    id: 1,
    name: '测试机构',
    shortName: '测试',
    classifiedType: 'BANK',
    parentId: null,
    level: 'HEAD',
    regionCode: '999900',
    chainAccess: false,
    creditCode: null,
    contactName: null,
    contactPhone: null,
    address: null,
    status,
    userCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    actions,
    ...over,
  };
}
const orgButtons = (o: OrgRow) =>
  buttons(render(createElement(OrgRowActions, { org: o, onEdit: () => {}, onCreateBranch: () => {} })));
const userButtons = (actions: UserAction[]) =>
  buttons(render(createElement(UserStatusButton, { user: { userId: 2, name: '张三', actions } })));

describe("administration rows show exactly the server's actions (issue 12)", () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en-US');
    await i18n.loadNamespaces('orgs');
  });
  // The unit files share their worker's modules (vitest.config.ts): the next file starts in the default language.
  afterAll(() => i18n.changeLanguage('zh-CN'));
  const label = (a: string) => i18n.t(`orgs:actions.${a}`);

  it('an organisation offers what the server lists, nothing derived from its status or kind', () => {
    expect(orgButtons(org('ACTIVE', ['edit', 'createBranch', 'chainAccess', 'disable']))).toEqual([
      label('createBranch'),
      label('edit'),
      label('disable'),
    ]);
    expect(orgButtons(org('DISABLED', ['edit', 'enable']))).toEqual([label('edit'), label('enable')]);
    // A reader without org:manage: an active bank offers nothing.
    expect(orgButtons(org('ACTIVE', []))).toEqual([]);
  });

  it('the chain switch is live only where the server lists chainAccess', () => {
    expect(render(createElement(ChainAccessSwitch, { org: org('ACTIVE', ['chainAccess']) }))).toContain('ant-switch');
    expect(render(createElement(ChainAccessSwitch, { org: org('ACTIVE', ['chainAccess']) }))).not.toContain(
      'ant-switch-disabled',
    );
    // Not listed: shown read-only when on, a dash when off.
    expect(render(createElement(ChainAccessSwitch, { org: org('ACTIVE', [], { chainAccess: true }) }))).toContain(
      'ant-switch-disabled',
    );
    expect(render(createElement(ChainAccessSwitch, { org: org('ACTIVE', []) }))).not.toContain('ant-switch');
  });

  it("an account's enable or disable follows the list (none on one's own account)", () => {
    expect(userButtons(['edit', 'roles', 'disable'])).toEqual([label('disable')]);
    expect(userButtons(['enable'])).toEqual([label('enable')]);
    expect(userButtons(['edit'])).toEqual([]);
  });
});
