import type { Region } from '@phjr/contract/orgs/regions';
import type { ProductCard } from '@phjr/contract/products/product';
import { formatNumber } from '../lib/format.ts';
import { currentLocale } from '../lib/i18n.ts';
import { withCity } from '../layouts/site-nav.ts';

/**
 * Figures of a product as the portal and the back office show them (UI.md: amounts in 万元 with thousands
 * separators, rates with %). Pure and free of zod: /home uses them.
 */

function range(min: number, max: number, digits: number, suffix = ''): string {
  const a = `${formatNumber(min, digits)}${suffix}`;
  return min === max ? a : `${a}–${formatNumber(max, digits)}${suffix}`;
}

/** "3.45%–5.2%", or one figure when both ends are equal. */
export const rateRange = (p: Pick<ProductCard, 'rateMin' | 'rateMax'>) => range(p.rateMin, p.rateMax, 2, '%');
/** "10–300" (万元: the caller adds the unit in the active language). */
export const amountRange = (p: Pick<ProductCard, 'amountMin' | 'amountMax'>) => range(p.amountMin, p.amountMax, 2);
/** "6–36" (months). */
export const termRange = (p: Pick<ProductCard, 'termMin' | 'termMax'>) => range(p.termMin, p.termMax, 0);

/** A bank's name without its company form ("中国银行股份有限公司" → "中国银行"), where space is short. */
export function bankDisplayName(name: string): string {
  return name.replace(/(股份有限公司|有限责任公司|有限公司)$/, '') || name;
}

/** The selling points, one per line. */
export function featureLines(features: string): string[] {
  return features
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** A product's page: the district site's twin when a district is carried (PRODUCT.md 2). */
export function productHref(id: number, city?: string | null): string {
  return city ? withCity(`/subsite/product/${id}`, city) : `/product/${id}`;
}

/**
 * Where "apply" leads: the demand form with the product (a loan: an orientation demand to its bank; a guarantee
 * service: a guarantee demand to its company).
 */
export function applyHref(p: Pick<ProductCard, 'id' | 'kind'>): string {
  return p.kind === 'GUARANTEE_SERVICE'
    ? `/financing?type=GUARANTEE&productId=${p.id}`
    : `/financing?productId=${p.id}`;
}

/** A logo the page may show: only this site's own images (the CSP allows no other source). */
export function ownLogo(logo: string | null): string | null {
  return logo && logo.startsWith('/') && !logo.startsWith('//') ? logo : null;
}

/** Items of a list in one line: 、 between Chinese words, a comma in English. */
export function joinList(items: readonly string[]): string {
  return items.join(currentLocale().startsWith('zh') ? '、' : ', ');
}

/** The regions a product serves, by name; the city itself as "the whole city" (`wholeCity` words it). */
export function regionsText(
  codes: readonly string[],
  regions: readonly Region[] | undefined,
  wholeCity: (name: string) => string,
): string {
  return joinList(
    codes.map((c) => {
      const r = regions?.find((x) => x.code === c);
      return !r ? c : r.parentCode ? r.name : wholeCity(r.name);
    }),
  );
}
