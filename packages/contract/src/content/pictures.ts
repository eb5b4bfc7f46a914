import { z } from 'zod';
import { ZId, ZSort } from '../bounds.ts';
import { defineOperation } from '../operation.ts';

/**
 * Banners and system images (picManage). Each has a place; the active ones of every place are what
 * GET /finance/portal/system/sysImageInfo/getAllPcSimpleImages returns at start-up, ordered by `sort`.
 */
export const PICTURE_PLACES = ['HOME_BANNER', 'SUBSITE_BANNER', 'LOGIN_BG', 'PARTNER', 'QR_CODE'] as const;
export const ZPicturePlace = z.enum(PICTURE_PLACES);
export type PicturePlace = z.infer<typeof ZPicturePlace>;

export const ZPicture = z.object({
  id: z.number().int(),
  place: ZPicturePlace,
  title: z.string(),
  /** The English title; null: English readers see the Chinese one (the portal shows the active language's text). */
  titleEn: z.string().nullable(),
  url: z.string(),
  /** The image for English readers (a banner's words are drawn in it), or null: they see `url`. */
  urlEn: z.string().nullable(),
  link: z.string().nullable(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type Picture = z.infer<typeof ZPicture>;

/** GET /finance/door/picture/list.json?place= (content:manage) */
export const ZPictureListQuery = z.object({ place: ZPicturePlace.optional() });
export const ZPictureListResponse = z.array(ZPicture);

/** An in-app path (`/...`, not `//...`) or an absolute http(s) address. */
export const ZLink = z
  .string()
  .trim()
  .max(300)
  .refine(
    (s) => (s.startsWith('/') && !s.startsWith('//')) || /^https?:\/\/[^\s]+$/i.test(s),
    '链接须为站内路径（/开头）或 http(s) 地址',
  );

/** An image of this site (a file view link or an in-app path), never another site's. */
const ZOwnImage = z
  .string()
  .trim()
  .max(300)
  .refine((s) => s === '' || (s.startsWith('/') && !s.startsWith('//')), '图片须为本站地址');

/** POST /finance/door/picture/save.json: creates (no id) or edits. `url` is a file view link or an in-app path. */
export const ZSavePictureRequest = z.strictObject({
  id: ZId.optional(),
  place: ZPicturePlace,
  title: z.string().trim().min(1, '请输入标题').max(60),
  /** Optional: empty or missing, English readers see `title`. */
  titleEn: z.string().trim().max(120).nullable().optional(),
  url: ZOwnImage.min(1, '请上传图片'),
  /** Optional: missing, English readers see `url`. */
  urlEn: ZOwnImage.nullable().optional(),
  link: ZLink.nullable().optional(),
  sort: ZSort,
  active: z.boolean(),
});
export type SavePictureRequest = z.infer<typeof ZSavePictureRequest>;
/** The answer of save.json and remove.json. */
export const ZPictureIdResponse = z.object({ id: z.number().int() });
/** POST /finance/door/picture/remove.json: `{ id }`. */
export const ZPictureIdRequest = z.strictObject({ id: ZId });

const manage = { permission: 'content:manage' } as const;

/** The back office's picture calls (/operateClient/door/picManage, content:manage). */
export const pictureOps = {
  list: defineOperation({
    method: 'GET',
    path: '/finance/door/picture/list.json',
    auth: manage,
    query: ZPictureListQuery,
    response: ZPictureListResponse,
  }),
  save: defineOperation({
    method: 'POST',
    path: '/finance/door/picture/save.json',
    auth: manage,
    body: ZSavePictureRequest,
    response: ZPictureIdResponse,
  }),
  remove: defineOperation({
    method: 'POST',
    path: '/finance/door/picture/remove.json',
    auth: manage,
    body: ZPictureIdRequest,
    response: ZPictureIdResponse,
  }),
};
