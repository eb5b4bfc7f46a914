import { afterEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { LOCALES, NAMESPACES, resources } from '../src/locales/index.ts';
import i18n, { ANTD_LOCALES, en_US, isRtl, readLocale, setLocale, zh_CN } from '../src/lib/i18n.ts';
import { memoryStorage, configureRuntime, resetRuntime, runtime } from '../src/lib/runtime.ts';

/** Every leaf as "a.b.c" → value; a leaf that is not a string is reported as such. */
function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof node !== 'object' || node === null) {
    out.set(prefix, node);
    return out;
  }
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) flatten(value, path).forEach((v, k) => out.set(k, v));
    else out.set(path, value);
  }
  return out;
}

afterEach(async () => {
  resetRuntime();
  await i18n.changeLanguage('zh-CN');
});

describe('locale files', () => {
  it('declares the same namespaces for every language', () => {
    for (const locale of LOCALES) expect(Object.keys(resources[locale]).sort()).toEqual([...NAMESPACES].sort());
  });

  for (const ns of NAMESPACES) {
    it(`namespace "${ns}": same keys in zh-CN and en-US, every value a non-empty string`, () => {
      const [base, ...others] = LOCALES.map((l) => ({ locale: l, keys: flatten(resources[l][ns]) }));
      const problems: string[] = [];
      for (const { locale, keys } of [base, ...others]) {
        for (const [key, value] of keys) {
          if (typeof value !== 'string') problems.push(`${locale} ${ns}:${key} is not a string`);
          else if (!value.trim()) problems.push(`${locale} ${ns}:${key} is empty`);
        }
      }
      for (const other of others) {
        for (const key of base.keys.keys())
          if (!other.keys.has(key)) problems.push(`${other.locale} lacks ${ns}:${key}`);
        for (const key of other.keys.keys())
          if (!base.keys.has(key)) problems.push(`${base.locale} lacks ${ns}:${key}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('uses the same interpolation variables in both languages', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const problems: string[] = [];
    for (const ns of NAMESPACES) {
      const zh = flatten(resources['zh-CN'][ns]);
      const en = flatten(resources['en-US'][ns]);
      for (const [key, value] of zh) {
        if (en.has(key) && vars(value).join() !== vars(en.get(key)).join()) problems.push(`${ns}:${key}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('i18n runtime (SPEC 9)', () => {
  it('defaults to zh-CN and reads the stored locale', () => {
    configureRuntime({ storage: memoryStorage() });
    expect(readLocale()).toBe('zh-CN');
    runtime().storage.setItem('locale', 'en-US');
    expect(readLocale()).toBe('en-US');
    runtime().storage.setItem('locale', 'xx-YY');
    expect(readLocale()).toBe('zh-CN');
  });

  it('setLocale switches texts and dayjs, and remembers the choice', async () => {
    configureRuntime({ storage: memoryStorage() });
    await setLocale('en-US');
    expect(i18n.t('auth:login.account')).toBe('Account');
    expect(dayjs.locale()).toBe('en');
    expect(runtime().storage.getItem('locale')).toBe('en-US');
    await setLocale('zh-CN');
    expect(i18n.t('auth:login.account')).toBe('账号');
    expect(i18n.t('common:appName')).toBe('示范市普惠金融服务平台');
    expect(dayjs.locale()).toBe('zh-cn');
  });

  it.each([
    ['he', true],
    ['ar-EG', true],
    ['fa_IR', true],
    ['ku', true],
    ['zh-CN', false],
    ['en-US', false],
    ['hel', false],
  ])('isRtl(%s) is %s', (locale, rtl) => {
    expect(isRtl(locale)).toBe(rtl);
  });

  it('takes pagination texts from antd in both languages', () => {
    expect(ANTD_LOCALES['zh-CN']).toBe(zh_CN);
    expect(ANTD_LOCALES['en-US']).toBe(en_US);
    expect(zh_CN.Pagination?.items_per_page).toBe('条/页');
    expect(en_US.Pagination?.items_per_page).toBe('/ page');
  });
});
