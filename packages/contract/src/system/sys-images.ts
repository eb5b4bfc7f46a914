import { z } from 'zod';

/** GET /finance/portal/system/sysImageInfo/getAllPcSimpleImages: images the client loads at start-up. */
export const ZSysImage = z.object({
  id: z.number().int(),
  place: z.string(),
  title: z.string(),
  url: z.string(),
  link: z.string().nullable(),
  sort: z.number().int(),
});
export const ZSysImagesResponse = z.array(ZSysImage);
export type SysImage = z.infer<typeof ZSysImage>;
