import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EnumEntry } from '@phjr/contract/system/enums';
import { callFirstRoute, firstRouteOps } from './first-route-client.ts';

/**
 * SPEC 3: enumeration entries reshaped into `{ name, message, code, extName }`. `message` is the Chinese text,
 * `extName` the English name (for Region: the parent region's code).
 */
export interface EnumOption {
  name: string;
  message: string;
  code: string;
  extName: string | null;
}

/** Enums change only with a release (or, for Region, rarely): cache them 5 minutes like everything else. */
export const ENUM_STALE_MS = 5 * 60_000;

/**
 * Reshapes the raw answer of getEnumBySimpleName (data keyed by enum name) into the entries of one enum. Tolerates
 * the shapes the original server sent: an array under the name, an array as data, or an object of code → text.
 */
export function reshapeEnum(name: string, data: unknown): EnumOption[] {
  const raw: unknown = Array.isArray(data)
    ? data
    : data && typeof data === 'object'
      ? (data as Record<string, unknown>)[name]
      : undefined;
  if (Array.isArray(raw)) {
    return raw.flatMap((e): EnumOption[] => {
      if (!e || typeof e !== 'object') return [];
      const r = e as Partial<Record<keyof EnumEntry, unknown>> & { value?: unknown; label?: unknown };
      const code = String(r.code ?? r.value ?? r.name ?? '');
      if (!code) return [];
      return [
        {
          name: String(r.name ?? code),
          message: String(r.message ?? r.label ?? code),
          code,
          extName: typeof r.extName === 'string' ? r.extName : null,
        },
      ];
    });
  }
  if (raw && typeof raw === 'object') {
    return Object.entries(raw as Record<string, unknown>).map(([code, message]) => ({
      name: code,
      message: String(message),
      code,
      extName: null,
    }));
  }
  return [];
}

export function enumQuery(name: string) {
  return {
    queryKey: ['enum', name] as const,
    queryFn: async () => reshapeEnum(name, await callFirstRoute(firstRouteOps.enumByName, { params: { name } })),
    staleTime: ENUM_STALE_MS,
    gcTime: ENUM_STALE_MS,
  };
}

/** The display text of an entry in the active language: the Chinese message, or the English name in en-US. */
export function enumText(enumName: string, option: EnumOption, language: string): string {
  return language.startsWith('en') && enumName !== 'Region' && option.extName ? option.extName : option.message;
}

/**
 * The entries of one enum, cached 5 minutes, with `label(code)` in the active language (the code itself when the
 * enum does not know it) and antd Select `options`.
 */
export function useEnum(name: string) {
  const { i18n } = useTranslation();
  const query = useQuery(enumQuery(name));
  const list = query.data ?? [];
  const text = (o: EnumOption) => enumText(name, o, i18n.language);
  return {
    ...query,
    list,
    label: (code: string | null | undefined) => {
      if (!code) return '';
      const o = list.find((e) => e.code === code);
      return o ? text(o) : code;
    },
    options: list.map((o) => ({ value: o.code, label: text(o) })),
  };
}
