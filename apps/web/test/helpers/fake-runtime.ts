import { vi, type Mock } from 'vitest';
import type { UserInfo } from '@phjr/contract/auth/user-info';
import { configureRuntime, memoryStorage, resetRuntime, type KeyValueStorage } from '../../src/lib/runtime.ts';

/** A fixed clock: 2024-03-05 15:07:09 local time (afternoon, so the 12-hour "hh" shows). */
export const NOW = new Date(2024, 2, 5, 15, 7, 9).getTime();
export const ORIGIN = 'http://localhost:5173';

export interface FakeCall {
  method: string;
  url: URL;
  init: RequestInit;
  headers: Record<string, string>;
}

type Handler = (call: FakeCall) => Response | Promise<Response>;

/** A Response-shaped object; real Response refuses statuses such as 707. */
export function fakeResponse(status: number, body: unknown, contentType = 'application/json'): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    status,
    ok: status >= 200 && status < 300,
    statusText: '',
    url: '',
    headers: new Headers({ 'content-type': contentType }),
    text: async () => text,
    json: async () => JSON.parse(text),
    blob: async () => new Blob([text], { type: contentType }),
  } as unknown as Response;
}

export const ok = (data: unknown, status = 200) => fakeResponse(status, { success: true, code: 200, data });

export const fail = (fields: Record<string, unknown>, status = 200) =>
  fakeResponse(status, { success: false, code: 400, data: null, ...fields });

export interface FakeEnv {
  calls: FakeCall[];
  ui: {
    warn: Mock<(text: string) => void>;
    error: Mock<(text: string) => void>;
    notify: Mock<(title: string, description?: string) => void>;
  };
  navigate: Mock<(url: string) => void>;
  replaceUrl: Mock<(url: string) => void>;
  saveFile: Mock<(blob: Blob, fileName: string) => void>;
  storage: KeyValueStorage;
  /** Routes `METHOD /path` to a handler; unrouted calls fail the test through `unexpected`. */
  on(method: string, path: string, handler: Handler): void;
  unexpected: string[];
  setAddress(href: string): void;
  callsTo(path: string): FakeCall[];
}

export function installFakeRuntime(href = `${ORIGIN}/operateClient/home`): FakeEnv {
  resetRuntime();
  const handlers = new Map<string, Handler>();
  let address = new URL(href);
  const env: FakeEnv = {
    calls: [],
    ui: { warn: vi.fn(), error: vi.fn(), notify: vi.fn() },
    navigate: vi.fn(),
    replaceUrl: vi.fn(),
    saveFile: vi.fn(),
    storage: memoryStorage(),
    unexpected: [],
    on: (method, path, handler) => void handlers.set(`${method} ${path}`, handler),
    setAddress: (h) => {
      address = new URL(h);
    },
    callsTo: (path) => env.calls.filter((c) => c.url.pathname === path),
  };
  configureRuntime({
    fetch: async (input, init) => {
      const call: FakeCall = {
        method: init.method ?? 'GET',
        url: new URL(input, ORIGIN),
        init,
        headers: { ...(init.headers as Record<string, string>) },
      };
      env.calls.push(call);
      const handler = handlers.get(`${call.method} ${call.url.pathname}`);
      if (!handler) {
        env.unexpected.push(`${call.method} ${call.url.pathname}`);
        return fakeResponse(599, { unexpected: true });
      }
      return handler(call);
    },
    ui: env.ui,
    navigate: env.navigate,
    replaceUrl: env.replaceUrl,
    saveFile: env.saveFile,
    storage: env.storage,
    now: () => NOW,
    location: () => ({
      href: address.href,
      origin: address.origin,
      pathname: address.pathname,
      search: address.search,
      hash: address.hash,
    }),
  });
  return env;
}

export function userFixture(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    userId: 7,
    username: 'bank01',
    name: '示范银行客户经理',
    phone: '138****0000',
    accountType: { code: 'BANK', name: '银行' },
    orgTypeEnum: { code: 'BANK', name: '银行' },
    classifiedOrgTypeEnum: { code: 'BANK', name: '银行' },
    orgId: 3,
    orgName: '示范银行',
    regionCode: '330100',
    resourceList: ['/financialInstitution/home'],
    permissions: [],
    certified: true,
    firstLogin: false,
    chainAccess: false,
    mustChangePassword: false,
    ...overrides,
  };
}

export const personFixture = () =>
  userFixture({
    userId: 9,
    username: 'person01',
    name: '张三',
    accountType: { code: 'PERSON', name: '个人' },
    orgTypeEnum: null,
    classifiedOrgTypeEnum: null,
    orgId: null,
    orgName: null,
    resourceList: ['/userClient/home'],
  });

/** Lets pending promise chains (fetch → handler → UI) run to the end. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
