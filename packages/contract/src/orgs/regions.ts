import { z } from 'zod';

export const ZRegion = z.object({ code: z.string(), name: z.string(), parentCode: z.string().nullable() });
export type Region = z.infer<typeof ZRegion>;
/** GET /finance/region/list.json: the city and its districts (public). */
export const ZRegionListResponse = z.array(ZRegion);
