import type { FastifyInstance } from 'fastify';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { call, type Tokens } from '../helpers.ts';

type ChainOp = (typeof chainOps)[keyof typeof chainOps];

/** Calls a chain operation: a GET with `input` as its query, anything else with `input` as its JSON body. */
export async function callOp(app: FastifyInstance, tokens: Tokens | null, o: ChainOp, input: Record<string, unknown> = {}) {
  if (o.method === 'GET') {
    const qs = new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return call(app, tokens, { method: 'GET', url: qs ? `${o.path}?${qs}` : o.path });
  }
  return call(app, tokens, { method: o.method, url: o.path, payload: input });
}

/** The `data` of a call that must succeed (loosely typed: the tests read what they check). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function must<T = any>(app: FastifyInstance, tokens: Tokens | null, o: ChainOp, input: Record<string, unknown> = {}): Promise<T> {
  const res = await callOp(app, tokens, o, input);
  if (res.statusCode !== 200 || !res.json().success) throw new Error(`${o.path} failed: ${res.statusCode} ${res.body}`);
  return res.json().data as T;
}

/** The status and error code of a call that must fail. */
export async function refused(app: FastifyInstance, tokens: Tokens | null, o: ChainOp, input: Record<string, unknown> = {}) {
  const res = await callOp(app, tokens, o, input);
  return { status: res.statusCode, code: res.json().errorCode as string | undefined, data: res.json().data };
}

export const DEMO_CHAINS = ['茶叶产业链', '柑橘产业链', '生猪产业链', '蔬菜产业链', '水稻产业链', '水产养殖产业链'] as const;

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
