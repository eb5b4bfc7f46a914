import dayjs from 'dayjs';
import { currentLocale } from '../../../lib/i18n.ts';

/** UI.md: dates as YYYY-MM-DD. */
export function formatDate(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD') : '';
}

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '';
}

/** Whole numbers with thousands separators. */
export function formatCount(n: number): string {
  return new Intl.NumberFormat(currentLocale()).format(Math.round(n));
}

/** Amounts in 万元 with thousands separators and at most two decimals. */
export function formatAmount(wan: number): string {
  return new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: 2 }).format(wan);
}

/** A percentage 0-100 with at most one decimal. */
export function formatPercent(p: number): string {
  return new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: 1 }).format(p);
}
