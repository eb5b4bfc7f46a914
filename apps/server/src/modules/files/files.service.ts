import { randomBytes } from 'node:crypto';
import { fileOps, fileViewUrl, UPLOAD_TYPES, type UploadedFile } from '@phjr/contract/files/upload';
import type { Permission } from '@phjr/contract/orgs/permissions';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { detectFileType } from './file-type.ts';
import type { FileLinksService } from './file-links.ts';
import * as repo from './files.repo.ts';

export type Visibility = 'PUBLIC' | 'PRIVATE';

/** Uploads per user per rolling hour, counted from the files table (so every process sees the same count). */
export const UPLOADS_PER_HOUR = 100;
const HOUR_MS = 3_600_000;

/** PUBLIC files are readable by anyone: content writers may make them, of any accepted type. */
const PUBLIC_UPLOADERS = ['article:write', 'article:publish', 'content:manage'] as const;
/** Product providers may make PUBLIC images only: their products' logos (PRODUCT.md section 5). */
const PUBLIC_IMAGE_UPLOADERS = ['product:manage'] as const;

const has = (session: SessionContext, perms: readonly Permission[]) => perms.some((p) => session.permissions.has(p));

/**
 * The name as declared by the client, for display only (never used to store): refused if it tries a path or holds
 * control characters, otherwise trimmed and cut to 120 characters.
 */
export function cleanFileName(declared: string | undefined): string {
  const name = (declared ?? '').normalize('NFC').trim();
  // eslint-disable-next-line no-control-regex
  if (!name || name.length > 255 || /[/\\\u0000-\u001f\u007f]/.test(name) || name.includes('..'))
    throw new AppError('FILE_NAME_INVALID');
  return [...name].slice(0, 120).join('');
}

/**
 * `fileLinks` signs a PRIVATE upload's link for its uploader (files/file-links.ts), so the form that uploaded it can
 * show it; a PUBLIC file's link is the plain view link, kept in the records that show it (articles, banners, logos).
 */
export function createFilesService(
  db: Db,
  fileLinks: Pick<FileLinksService, 'sign'>,
  now: () => Date = () => new Date(),
) {
  /** Checked before the body is read: who may make a PUBLIC file at all. */
  function assertMayUpload(session: SessionContext, visibility: Visibility) {
    if (visibility === 'PUBLIC' && !has(session, PUBLIC_UPLOADERS) && !has(session, PUBLIC_IMAGE_UPLOADERS)) {
      throw new AppError('FORBIDDEN', '无权上传公开文件');
    }
  }

  /** Checked on the content: a product provider's PUBLIC file must be an image. */
  function assertMayPublish(session: SessionContext, visibility: Visibility, contentType: string) {
    if (visibility === 'PUBLIC' && !has(session, PUBLIC_UPLOADERS) && !contentType.startsWith('image/')) {
      throw new AppError('FILE_TYPE_NOT_ALLOWED', '公开文件只能是图片');
    }
  }

  async function assertUnderLimit(userId: number) {
    const n = await repo.countUploadsSince(db, userId, new Date(now().getTime() - HOUR_MS));
    if (n >= UPLOADS_PER_HOUR) throw new AppError('UPLOAD_LIMIT');
  }

  /** Stores the bytes if their content is of an accepted type; the limit is checked again under the user's lock. */
  async function store(
    session: SessionContext,
    f: { name: string; data: Buffer; visibility: Visibility },
  ): Promise<UploadedFile> {
    assertMayUpload(session, f.visibility);
    const type = detectFileType(f.data);
    if (!type) throw new AppError('FILE_TYPE_NOT_ALLOWED');
    const id = randomBytes(24).toString('base64url');
    const contentType = UPLOAD_TYPES[type];
    assertMayPublish(session, f.visibility, contentType);
    await db.transaction(async (tx) => {
      await repo.lockUploader(tx, session.userId);
      const n = await repo.countUploadsSince(tx, session.userId, new Date(now().getTime() - HOUR_MS));
      if (n >= UPLOADS_PER_HOUR) throw new AppError('UPLOAD_LIMIT');
      await repo.insertFile(tx, {
        id,
        name: f.name,
        contentType,
        size: f.data.length,
        data: f.data,
        visibility: f.visibility,
        uploadedBy: session.userId,
      });
    });
    const url = f.visibility === 'PUBLIC' ? fileViewUrl(id) : fileLinks.sign(session, fileOps.view.path, { id });
    return { id, name: f.name, size: f.data.length, contentType, url };
  }

  /**
   * A file the caller may read: PUBLIC ones for anyone, PRIVATE ones for the uploader and platform accounts. Anything
   * else answers exactly like a missing id.
   */
  async function readable(session: SessionContext | null, id: string) {
    const f = await repo.findFile(db, id);
    if (!f) throw new AppError('FILE_NOT_FOUND');
    if (f.visibility === 'PUBLIC') return f;
    if (session && (session.userId === f.uploadedBy || session.accountType === 'PLATFORM')) return f;
    throw new AppError('FILE_NOT_FOUND');
  }

  return { assertMayUpload, assertUnderLimit, store, readable };
}
