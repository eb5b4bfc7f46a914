import { fileOps, MAX_UPLOAD_BYTES, type UploadedFile } from '@phjr/contract/files/upload';
import { callOperation } from '../../../lib/operation-client.ts';

/** What the image pickers accept; the server checks the real type by content. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** Why a picked file is refused before it is sent, or null when it may go. */
export function imageProblem(file: File): 'type' | 'size' | null {
  if (!IMAGE_ACCEPT.split(',').includes(file.type)) return 'type';
  if (file.size > MAX_UPLOAD_BYTES) return 'size';
  return null;
}

/**
 * fileOps.upload (multipart, field `file`): the stored file and its view link. Images the portal shows (article
 * pictures, covers, banners) are PUBLIC, so that anonymous readers can load them.
 */
export async function uploadPublicImage(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  // A multipart operation declares no body schema (the server streams the file): the form goes as it is.
  return callOperation(fileOps.upload, { query: { visibility: 'PUBLIC' }, body: form as never });
}
