import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import antdZhCN from 'antd/locale/zh_CN';
import antdEnUS from 'antd/locale/en_US';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { DEFAULT_LOCALE, LOCALES, NAMESPACES, resources, type AppLocale } from '../locales/index.ts';
import { runtime } from './runtime.ts';
import { STORAGE_KEYS } from './storage.ts';

export { DEFAULT_LOCALE, LOCALES, type AppLocale } from '../locales/index.ts';

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

const initial = readLocale();
// Resources are bundled, so initialisation is synchronous and the first render already has its texts.
void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
applyDocumentLocale(initial);

export default i18n;
