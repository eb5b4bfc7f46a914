import { z } from 'zod';
import { defineOperation } from '../operation.ts';

/** Uploads (PRODUCT.md section 9): at most this many bytes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Types accepted, recognised by their content (magic bytes), never by the name or the declared type. */
export const UPLOAD_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type UploadType = keyof typeof UPLOAD_TYPES;

/**
 * PUBLIC: readable by anyone (article images, banners: needs article:write or content:manage to upload; a product
 * provider, product:manage, may upload public images only: its products' logos).
 * PRIVATE: readable by the uploader and the back office (attachments; later domains grant access by record).
 */
export const FILE_VISIBILITIES = ['PUBLIC', 'PRIVATE'] as const;

/** POST /zscms/files/upload.json?visibility= : multipart, one part named `file`. */
export const ZUploadQuery = z.object({ visibility: z.enum(FILE_VISIBILITIES).default('PRIVATE') });

export const ZUploadedFile = z.object({
  /** A random, unguessable id (not a sequence). */
  id: z.string(),
  /** The original name, cleaned of any path; only shown, never used to store. */
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** `/zscms/files/view.json?id=<id>`; a PRIVATE file's is signed for its uploader (files/file-link.ts). */
  url: z.string(),
});
export type UploadedFile = z.infer<typeof ZUploadedFile>;

/** A stored file's id, as a record refers to it (a product's logo). */
export const ZFileId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '文件无效');

/** GET /zscms/files/view.json?id= : the bytes, with the stored content type and a Content-Disposition. */
export const ZFileViewQuery = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  /** `download=1` (or true) asks for an attachment; `0`/`false` or absent: inline for images and PDFs. */
  download: z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
    .transform((v) => v === true || v === '1' || v === 'true')
    .optional(),
});

/** Uploads and the file view link (PRODUCT.md section 9). */
export const fileOps = {
  /** Multipart, one part named `file`; the handler streams it (no body schema). */
  upload: defineOperation({
    method: 'POST',
    path: '/zscms/files/upload.json',
    auth: 'session',
    encoding: 'multipart',
    query: ZUploadQuery,
    response: ZUploadedFile,
  }),
  /** The file itself; an error is an envelope without data. */
  view: defineOperation({
    method: 'GET',
    path: '/zscms/files/view.json',
    auth: 'public',
    query: ZFileViewQuery,
    response: z.null(),
    answers: 'file',
    signedLink: true,
  }),
};

export function fileViewUrl(id: string) {
  return `${fileOps.view.path}?id=${encodeURIComponent(id)}`;
}
