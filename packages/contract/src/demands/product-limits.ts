import { z } from 'zod';
import { ZProductKind } from '../products/product.ts';

/**
 * A product's ranges as a demand sees them (issue 13, point 1): an application must lie within the product's amount
 * and term ranges, and a grant outside its amount, rate or term range needs the bank's explicit confirmation. The
 * ranges are the product's own columns (never copied numbers); the server and the forms judge them with the one
 * function below, so the form refuses before sending exactly what the server refuses.
 */
export const ZProductLimits = z.object({
  productId: z.number().int(),
  kind: ZProductKind,
  amountMin: z.number(),
  amountMax: z.number(),
  termMin: z.number().int(),
  termMax: z.number().int(),
  rateMin: z.number(),
  rateMax: z.number(),
});
export type ProductLimits = z.infer<typeof ZProductLimits>;

export const RANGE_FIELDS = ['amount', 'term', 'rate'] as const;
export type RangeField = (typeof RANGE_FIELDS)[number];

/** One value outside its range: which field, the value, and the product's bounds (inclusive). */
export const ZRangeIssue = z.object({
  field: z.enum(RANGE_FIELDS),
  value: z.number(),
  min: z.number(),
  max: z.number(),
});
export type RangeIssue = z.infer<typeof ZRangeIssue>;

type Ranges = Pick<ProductLimits, 'amountMin' | 'amountMax' | 'termMin' | 'termMax' | 'rateMin' | 'rateMax'>;

/** The given values outside the product's ranges (bounds included: exactly the minimum or maximum is inside). */
export function outsideProductRanges(
  p: Ranges,
  values: Partial<Record<RangeField, number | null | undefined>>,
): RangeIssue[] {
  const bounds: Record<RangeField, [number, number]> = {
    amount: [p.amountMin, p.amountMax],
    term: [p.termMin, p.termMax],
    rate: [p.rateMin, p.rateMax],
  };
  const issues: RangeIssue[] = [];
  for (const field of RANGE_FIELDS) {
    const value = values[field];
    if (value === undefined || value === null || Number.isNaN(value)) continue;
    const [min, max] = bounds[field];
    if (value < min || value > max) issues.push({ field, value, min, max });
  }
  return issues;
}

const RANGE_TEXT: Record<RangeField, { name: string; unit: string }> = {
  amount: { name: '金额', unit: '万元' },
  term: { name: '期限', unit: '个月' },
  rate: { name: '年利率', unit: '%' },
};
/** The Chinese sentence of one issue (the server's message; the web words it in the reader's language). */
export function rangeIssueText(i: RangeIssue): string {
  const { name, unit } = RANGE_TEXT[i.field];
  return `${name}${i.value}${unit}超出产品范围（${i.min}–${i.max}${unit}）`;
}

/**
 * The `data` of an answer refusing values outside a product's ranges (DEMAND_OUTSIDE_PRODUCT_RANGE,
 * DEMAND_GRANT_OUT_OF_RANGE): `fields` as every validation error names its fields, and the issues themselves.
 */
export const ZRangeRefusal = z.object({
  fields: z.array(z.object({ field: z.string(), message: z.string() })),
  ranges: z.array(ZRangeIssue),
});
export type RangeRefusal = z.infer<typeof ZRangeRefusal>;

export function rangeRefusal(issues: RangeIssue[]): RangeRefusal {
  return { fields: issues.map((i) => ({ field: i.field, message: rangeIssueText(i) })), ranges: issues };
}
