import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The file answers every route shares: stored files (attachments, photos) served so that a browser cannot run them,
 * Excel files (exports, templates, failed rows) as downloads, and the one .xlsx upload of an import.
 */

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Images and PDFs open in the browser; office files (and any file asked with download=1) are downloaded. */
export function contentDisposition(f: { name: string; contentType: string }, download: boolean) {
  const inline = !download && (f.contentType.startsWith('image/') || f.contentType === 'application/pdf');
  const ascii = f.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.name)}`;
}

/** An Excel workbook (a buffer or a stream being written) as a download named `name`. */
export function sendXlsx(reply: FastifyReply, name: string, body: Buffer | Readable) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', contentDisposition({ name, contentType: XLSX }, true))
    .send(body);
}

/** A stored file: sniffing off and sandboxed (an uploaded HTML or SVG never runs as the site), private unless told. */
export function sendStoredFile(
  reply: FastifyReply,
  f: { name: string; contentType: string; size: number; data: Buffer },
  o: { download?: boolean; cacheControl?: string } = {},
) {
  return reply
    .header('content-type', f.contentType)
    .header('content-length', f.size)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', contentDisposition(f, o.download ?? false))
    .header('cache-control', o.cacheControl ?? 'private, no-store')
    .send(f.data);
}

/** The import's .xlsx upload (the only file of a multipart body), refused when missing or of another type. */
export async function xlsxUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError('VALIDATION', '请上传xlsx文件');
  const file = await req.file();
  if (!file) throw new AppError('VALIDATION', '请上传xlsx文件');
  if (!/\.xlsx$/i.test(file.filename)) throw new AppError('IMPORT_FILE_INVALID');
  // Past the limit the parser ends the stream, marked truncated: the import refuses it as too large.
  return { stream: file.file, fileName: file.filename.slice(-120), truncated: () => file.file.truncated };
}
