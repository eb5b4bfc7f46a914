import { MAX_UPLOAD_BYTES, ZUploadedFile, type UploadedFile } from '@phjr/contract/files/upload';
import { upload } from '../../../lib/request.ts';

/** Images the portal shows (article pictures, covers, banners): PUBLIC, so that anonymous readers can load them. */
export const PUBLIC_UPLOAD_URL = '/zscms/files/upload.json?visibility=PUBLIC';

/** What the image pickers accept; the server checks the real type by content. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** Why a picked file is refused before it is sent, or null when it may go. */
export function imageProblem(file: File): 'type' | 'size' | null {
  if (!IMAGE_ACCEPT.split(',').includes(file.type)) return 'type';
  if (file.size > MAX_UPLOAD_BYTES) return 'size';
  return null;
}

/** POST /zscms/files/upload.json?visibility=PUBLIC (multipart, field `file`): the stored file and its view link. */
export async function uploadPublicImage(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await upload(PUBLIC_UPLOAD_URL, form, { schema: ZUploadedFile })).data;
}
