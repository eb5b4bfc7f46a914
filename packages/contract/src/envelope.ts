import { z } from 'zod';
import { ZPageNo, ZPageSize } from './bounds.ts';

/** SPEC section 8: how the client shows a business error. */
export const SHOW_TYPE = { SILENT: 0, WARN: 1, ERROR: 2, NOTIFICATION: 4, REDIRECT: 9 } as const;
export type ShowType = (typeof SHOW_TYPE)[keyof typeof SHOW_TYPE];

/** Body codes with a meaning of their own (SPEC section 8, PRODUCT.md section 4). */
export const BODY_CODE = { OK: 200, SESSION_EXPIRED: 20002, SESSION_INVALID: 20401, UNAUTHORIZED: 401 } as const;

/** The one JSON envelope every call answers with (ENGINEERING.md, "The HTTP contract"). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    code: z.number().int(),
    data,
    errorCode: z.string().optional(),
    errorMessage: z.string().optional(),
    showType: z.number().int().optional(),
  });
}

export interface Envelope<T> {
  success: boolean;
  code: number;
  data: T;
  errorCode?: string;
  errorMessage?: string;
  showType?: number;
}

export const DEFAULT_PAGE_SIZE = 10;

export const ZPageQuery = z.object({
  current: ZPageNo.default(1),
  pageSize: ZPageSize.default(DEFAULT_PAGE_SIZE),
});

export function page<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    current: z.number().int(),
    pageSize: z.number().int(),
  });
}

export interface Page<T> {
  list: T[];
  total: number;
  current: number;
  pageSize: number;
}
