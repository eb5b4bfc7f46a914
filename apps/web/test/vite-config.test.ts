import { describe, expect, it } from 'vitest';
import config, { API_PREFIXES } from '../vite.config.ts';

/** Vite's proxy matches a plain key as a prefix of the request URL. */
const proxied = (url: string) => Object.keys(config.server?.proxy ?? {}).some((prefix) => url.startsWith(prefix));

describe('vite dev proxy', () => {
  it('sends every API prefix to the server on port 3000', () => {
    for (const prefix of API_PREFIXES) {
      const target = (config.server?.proxy as Record<string, { target: string }>)[prefix]?.target;
      expect(target).toBe('http://127.0.0.1:3000');
    }
    for (const url of [
      '/getSsoAuthUrl?clientLoginUrl=x',
      '/doLoginByTicket',
      '/isLogin?t=1',
      '/ssoserver/doLogin',
      '/zscms/user/getUserInfo.json',
      '/finance/product/queryProductList.json',
      '/anon/finance/enumMeta/getEnumBySimpleName/X',
      '/article/api/auth/list',
      '/api/cyd/user/openapi/detectBackendUserCanOperate',
      '/docs',
      '/docs/json',
    ]) {
      expect(proxied(url), url).toBe(true);
    }
  });

  it('leaves the SPA routes to the app, including those that start like /finance', () => {
    for (const url of [
      '/financialInstitution/home',
      '/financialChain/home',
      '/financing',
      '/home',
      '/sso/login',
      '/article',
    ]) {
      expect(proxied(url), url).toBe(false);
    }
  });

  it('builds to apps/web/dist', () => {
    expect(config.build?.outDir).toBe('dist');
    expect(config.root?.replace(/\/$/, '').endsWith('apps/web')).toBe(true);
  });
});
