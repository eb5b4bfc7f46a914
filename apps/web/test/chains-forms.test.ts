import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZChainEnterpriseSaveRequest, type ChainEnterprise } from '@phjr/contract/chains/chain';
import { ROUTE_DEFS } from '../src/app/route-defs.ts';
import { chainChoices, inTreeOrder } from '../src/features/chains/components/chain-model.ts';
import {
  memberFormValues,
  memberRequestFields,
  type MemberValues,
} from '../src/features/chains/components/MemberFormDrawer.tsx';

const member = (over: Partial<ChainEnterprise> = {}): ChainEnterprise => ({
  id: 7,
  industrialChainId: 3,
  chainName: '茶叶产业链',
  creditCode: '91110000600037341L',
  name: '示范茶业有限公司',
  legalPerson: null,
  contactName: '李四',
  contactPhone: '138****0001',
  scale: null,
  tier: 'UPSTREAM',
  mainBusiness: null,
  financingNeed: null,
  tags: [],
  visits: 0,
  lastVisitDate: null,
  loans: 0,
  loanAmount: 0,
  claimedByOrgId: null,
  claimedByOrgName: null,
  claimedUntil: null,
  source: 'MANUAL',
  createdAt: '2026-01-01T00:00:00.000Z',
  actions: ['edit'],
  ...over,
});

describe('the member edit form', () => {
  it('sends a phone it was shown masked back as shown, which the save request accepts', () => {
    const values = memberFormValues(member());
    expect(values.contactPhone).toBe('138****0001');
    const body = { ...memberRequestFields(values as MemberValues), industrialChainId: 3, id: 7 };
    expect(body.contactPhone).toBe('138****0001');
    expect(ZChainEnterpriseSaveRequest.safeParse(body).success).toBe(true);
    // Only the masked form: any other text with stars is no phone.
    expect(ZChainEnterpriseSaveRequest.safeParse({ ...body, contactPhone: '1****0001' }).success).toBe(false);
    expect(memberFormValues(member({ contactPhone: '13800000001' })).contactPhone).toBe('13800000001');
    expect(memberFormValues(null)).toEqual({ tags: [] });
  });
});

describe('the organisation picker', () => {
  it('lists each head office before its branches, whatever order the list came in', () => {
    const orgs = [
      { id: 11, parentId: 1, name: '分行甲' },
      { id: 111, parentId: 11, name: '支行甲一' },
      { id: 2, parentId: null, name: '总行乙' },
      { id: 1, parentId: null, name: '总行甲' },
      { id: 12, parentId: 1, name: '分行乙' },
      { id: 21, parentId: 2, name: '分行丙' },
    ];
    expect(inTreeOrder(orgs).map((o) => [o.name, o.depth])).toEqual([
      ['总行乙', 0],
      ['分行丙', 1],
      ['总行甲', 0],
      ['分行甲', 1],
      ['支行甲一', 2],
      ['分行乙', 1],
    ]);
    // A branch whose head office is not in the list stands as a head office; a cycle does not lose anyone.
    expect(inTreeOrder([{ id: 5, parentId: 99 }]).map((o) => o.depth)).toEqual([0]);
    expect(
      inTreeOrder([
        { id: 5, parentId: 6 },
        { id: 6, parentId: 5 },
      ])
        .map((o) => o.id)
        .sort(),
    ).toEqual([5, 6]);
  });
});

describe('the add and import drawers of a bank', () => {
  it('offer only the chains whose actions allow it', () => {
    const chains = [
      { id: 1, name: '茶叶', actions: ['addEnterprise', 'import'] },
      { id: 2, name: '柑橘', actions: [] },
      { id: 3, name: '生猪', actions: ['import'] },
    ];
    expect(chainChoices(chains, 'addEnterprise')).toEqual([{ value: 1, label: '茶叶' }]);
    expect(chainChoices(chains, 'import').map((c) => c.value)).toEqual([1, 3]);
  });
});

describe("the operator's chain articles", () => {
  it('are written on the content feature article screen, fixed to channel chain', () => {
    const def = ROUTE_DEFS.find((d) => d.path === '/operateClient/chain/article');
    expect(def?.page).toBe('content/pages/OperateChainArticlePage');
    const root = path.resolve(import.meta.dirname, '../src/features');
    const page = fs.readFileSync(path.join(root, 'content/pages/OperateChainArticlePage.tsx'), 'utf8');
    expect(page).toContain("channel: 'chain'");
    expect(page).not.toMatch(/features\/chains|\.\.\/\.\.\/chains\//);
    // The chains feature's read-only list of them is gone.
    expect(fs.existsSync(path.join(root, 'chains/pages/OperateChainArticlePage.tsx'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'chains/components/ChainArticlesScreen.tsx'))).toBe(false);
  });
});
