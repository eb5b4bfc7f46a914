export { callOp, must, refused } from '../helpers.ts';

export const DEMO_CHAINS = [
  '茶叶产业链',
  '柑橘产业链',
  '生猪产业链',
  '蔬菜产业链',
  '水稻产业链',
  '水产养殖产业链',
] as const;

/** A chain's editable fields, valid unless `over` says otherwise. */
export function chainInput(name: string, over: Record<string, unknown> = {}) {
  return {
    name,
    category: 'PLANTING',
    regionCode: '999901',
    description: '测试产业链简介',
    tiers: { UPSTREAM: '种植', MIDSTREAM: '加工', DOWNSTREAM: '销售' },
    leadEnterprises: ['测试龙头企业'],
    ...over,
  };
}
