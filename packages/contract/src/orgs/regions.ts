import { z } from 'zod';

/** `nameEn`: the English form shown in English ('' when none is recorded: the Chinese name is shown). */
export const ZRegion = z.object({
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  parentCode: z.string().nullable(),
});
export type Region = z.infer<typeof ZRegion>;
/** GET /finance/region/list.json: the city and its districts (public). */
export const ZRegionListResponse = z.array(ZRegion);
