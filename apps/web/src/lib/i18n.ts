import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import antdZhCN from 'antd/locale/zh_CN';
import antdEnUS from 'antd/locale/en_US';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { BackendModule, ReadCallback } from 'i18next';
import {
  DEFAULT_LOCALE,
  LOCALES,
  NAMESPACES,
  PORTAL_NAMESPACES,
  type AppLocale,
  type Namespace,
} from '../locales/languages.ts';
import { LOCALE_LOADERS } from '../locales/load.ts';
import zhCommon from '../locales/zh-CN/common.ts';
import zhAuth from '../locales/zh-CN/auth.ts';
import zhRoutes from '../locales/zh-CN/routes.ts';
import zhLayout from '../locales/zh-CN/layout.ts';
import zhPortal from '../locales/zh-CN/portal.ts';
import zhErrors from '../locales/zh-CN/errors.ts';
import { runtime } from './runtime.ts';
import { STORAGE_KEYS } from './storage.ts';

export { DEFAULT_LOCALE, LOCALES, type AppLocale } from '../locales/languages.ts';

/** antd's own texts (pagination, pickers, empty states) in each language: SPEC 9 "pagination texts". */
export const ANTD_LOCALES: Record<AppLocale, AntdLocale> = { 'zh-CN': antdZhCN, 'en-US': antdEnUS };
export const zh_CN = antdZhCN;
export const en_US = antdEnUS;

// dayjs ships English built in; only Chinese needs loading.
const DAYJS_LOCALES: Record<AppLocale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/** SPEC 9: locales starting with he, ar, fa or ku are written right to left. */
export function isRtl(locale: string): boolean {
  return /^(he|ar|fa|ku)(\b|[-_]|$)/i.test(locale);
}

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** SPEC 9: the language stored under `locale`, or zh-CN. */
export function readLocale(): AppLocale {
  const stored = runtime().storage.getItem(STORAGE_KEYS.locale);
  return isAppLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function antdLocaleFor(locale: AppLocale): AntdLocale {
  return ANTD_LOCALES[locale];
}

function applyDocumentLocale(locale: AppLocale): void {
  dayjs.locale(DAYJS_LOCALES[locale]);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
  }
}

/** Switches every text at once: i18next, dayjs, <html lang/dir>; remembered across visits. */
export async function setLocale(locale: AppLocale): Promise<void> {
  runtime().storage.setItem(STORAGE_KEYS.locale, locale);
  applyDocumentLocale(locale);
  await i18n.changeLanguage(locale);
}

export function currentLocale(): AppLocale {
  return isAppLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/**
 * The zh-CN texts of the portal's first screen ship with the app (zh-CN is the default and the fallback); every
 * other file (the other language, the clients' namespaces) is fetched when first needed, one chunk per file.
 */
const BUNDLED: Partial<Record<AppLocale, Partial<Record<Namespace, object>>>> = {
  'zh-CN': { common: zhCommon, auth: zhAuth, routes: zhRoutes, layout: zhLayout, portal: zhPortal, errors: zhErrors },
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = isAppLocale(language) ? LOCALE_LOADERS[language][namespace as Namespace] : undefined;
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (m) => callback(null, m.default as Record<string, unknown>),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** The logged-in clients (and their namespaces) live under these first path segments. */
const CLIENT_PATH =
  /^\/(operateClient|userClient|financialInstitution|guaranteePlatform|supervisionClient|financialChain|govermentChain)(\/|$)/;

/**
 * The namespaces the first screen needs before it renders: the portal's, or every one when the app opens inside a
 * client. Later navigations load a page's namespace on the way (react-i18next suspends inside the router's
 * transition, so the previous page stays until the texts are there).
 */
function firstScreenNamespaces(): Namespace[] {
  const path = typeof window === 'undefined' ? '/' : window.location.pathname;
  return CLIENT_PATH.test(path) ? [...NAMESPACES] : [...PORTAL_NAMESPACES];
}

const initial = readLocale();
/** Resolves once the active language's texts for the first screen are loaded; main.tsx renders after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    resources: BUNDLED,
    partialBundledLanguages: true,
    lng: initial,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: firstScreenNamespaces(),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  })
  .catch(() => undefined);
applyDocumentLocale(initial);

export default i18n;
