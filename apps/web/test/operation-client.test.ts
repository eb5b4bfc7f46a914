import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { defineOperation } from '@phjr/contract/operation';
import { callOperation } from '../src/lib/operation-client.ts';
import { RequestError } from '../src/lib/request.ts';
import { resetRuntime } from '../src/lib/runtime.ts';
import i18n from '../src/lib/i18n.ts';
import { installFakeRuntime, ok, type FakeEnv } from './helpers/fake-runtime.ts';

let env: FakeEnv;
beforeEach(async () => {
  env = installFakeRuntime();
  await i18n.changeLanguage('zh-CN');
});
afterEach(() => {
  expect(env.unexpected).toEqual([]);
  resetRuntime();
});

const ZItem = z.object({ id: z.number().int(), name: z.string() });
const ops = {
  item: defineOperation({
    method: 'GET',
    path: '/finance/thing/:id/detail.json',
    auth: 'public',
    params: z.object({ id: z.number() }),
    query: z.object({ full: z.boolean() }),
    response: ZItem,
  }),
  save: defineOperation({
    method: 'POST',
    path: '/finance/thing/save.json',
    auth: 'session',
    body: z.object({ name: z.string() }),
    response: z.object({ id: z.number() }),
  }),
  ticket: defineOperation({
    method: 'POST',
    path: '/doLoginByTicket',
    auth: 'public',
    encoding: 'form',
    body: z.object({ ticket: z.string() }),
    response: z.object({ satokenClient: z.string() }),
  }),
  mini: defineOperation({
    method: 'GET',
    path: '/finance/mini.json',
    auth: 'public',
    response: zm.object({ count: zm.number() }),
  }),
};

describe('callOperation', () => {
  it('fills the path, sends the query and returns the parsed data', async () => {
    env.on('GET', '/finance/thing/7/detail.json', (call) => {
      expect(call.url.searchParams.get('full')).toBe('true');
      return ok({ id: 7, name: '七', extra: 'dropped' });
    });
    expect(await callOperation(ops.item, { params: { id: 7 }, query: { full: true } })).toEqual({ id: 7, name: '七' });
  });

  it('sends a JSON body, or a form body where the operation says so', async () => {
    env.on('POST', '/finance/thing/save.json', (call) => {
      expect(call.headers['Content-Type']).toMatch(/application\/json/);
      expect(JSON.parse(String(call.init.body))).toEqual({ name: 'x' });
      return ok({ id: 1 });
    });
    env.on('POST', '/doLoginByTicket', (call) => {
      expect(call.headers['Content-Type']).toMatch(/x-www-form-urlencoded/);
      expect(String(call.init.body)).toBe('ticket=abc');
      return ok({ satokenClient: 'c' });
    });
    expect(await callOperation(ops.save, { body: { name: 'x' } })).toEqual({ id: 1 });
    expect(await callOperation(ops.ticket, { body: { ticket: 'abc' } })).toEqual({ satokenClient: 'c' });
  });

  it('sends the declared query of a multipart call in its URL, beside the uploaded form', async () => {
    const importOp = defineOperation({
      method: 'POST',
      path: '/finance/thing/import.json',
      auth: 'session',
      encoding: 'multipart',
      query: z.object({ dryRun: z.enum(['true', 'false']) }),
      response: z.object({ total: z.number() }),
    });
    env.on('POST', '/finance/thing/import.json', (call) => {
      expect(call.url.searchParams.get('dryRun')).toBe('true');
      expect(call.init.body).toBeInstanceOf(FormData);
      return ok({ total: 3 });
    });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.xlsx');
    expect(await callOperation(importOp, { query: { dryRun: 'true' }, body: form as never })).toEqual({ total: 3 });
  });

  it('refuses an answer that does not match the contract, with zod or zod/mini schemas', async () => {
    env.on('GET', '/finance/thing/1/detail.json', () => ok({ id: 'one', name: 1 }));
    env.on('GET', '/finance/mini.json', () => ok({ count: 'many' }));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(callOperation(ops.item, { params: { id: 1 }, query: { full: false } })).rejects.toBeInstanceOf(
      RequestError,
    );
    await expect(callOperation(ops.mini, {})).rejects.toBeInstanceOf(RequestError);
    spy.mockRestore();
  });
});
