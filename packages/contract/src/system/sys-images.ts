import { z } from 'zod';

/** GET /finance/portal/system/sysImageInfo/getAllPcSimpleImages: images the client loads at start-up. */
export const ZSysImage = z.object({
  id: z.number().int(),
  place: z.string(),
  title: z.string(),
  /** The English title, or null (then English readers see `title`): lib/localized.ts on the web picks one. */
  titleEn: z.string().nullable(),
  url: z.string(),
  /** The image for English readers, or null (then they see `url`). */
  urlEn: z.string().nullable(),
  link: z.string().nullable(),
  sort: z.number().int(),
});
export const ZSysImagesResponse = z.array(ZSysImage);
export type SysImage = z.infer<typeof ZSysImage>;
