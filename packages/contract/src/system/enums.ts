import { z } from 'zod';

/** GET /anon/finance/enumMeta/getEnumBySimpleName/{name}: raw entries, keyed by enum name. */
export const ZEnumEntry = z.object({
  name: z.string(),
  message: z.string(),
  code: z.string(),
  extName: z.string().nullable(),
});
export const ZEnumResponse = z.record(z.string(), z.array(ZEnumEntry));
export type EnumEntry = z.infer<typeof ZEnumEntry>;
/** The `{name}` of the path: the enum's simple name. */
export const ZEnumNameParams = z.object({ name: z.string().min(1).max(64) });
