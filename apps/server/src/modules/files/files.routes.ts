import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { fileOps, MAX_UPLOAD_BYTES } from '@phjr/contract/files/upload';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { sendStoredFile } from '../../lib/file-reply.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { cleanFileName } from './files.service.ts';

/** Uploads and the file view link (PRODUCT.md section 9; `fileOps`). */
export async function filesRoutes(app: FastifyInstance, deps: AppDeps) {
  const svc = deps.files;
  // Only this plugin (and the users import) takes multipart bodies.
  // preservePath: the name as declared, so a path in it is refused rather than silently cut.
  await app.register(multipart, { preservePath: true, limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  const tags = ['files'];

  routeOperation(
    app,
    fileOps.upload,
    async (req) => {
      const session = sessionOf(req);
      const { visibility } = req.query;
      svc.assertMayUpload(session, visibility);
      if (!req.isMultipart()) throw new AppError('VALIDATION', '请选择要上传的文件');
      await svc.assertUnderLimit(session.userId);
      const part = await req.file();
      if (!part || part.fieldname !== 'file') throw new AppError('VALIDATION', '请选择要上传的文件');
      const name = cleanFileName(part.filename);
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE');
        throw e;
      }
      if (part.file.truncated || data.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE');
      if (data.length === 0) throw new AppError('VALIDATION', '文件为空');
      return svc.store(session, { name, data, visibility });
    },
    { tags },
  );

  routeOperation(
    app,
    fileOps.view,
    async (req, reply) => {
      const f = await svc.readable(req.session, req.query.id);
      return sendStoredFile(reply, f, {
        download: req.query.download ?? false,
        cacheControl: f.visibility === 'PUBLIC' ? 'public, max-age=86400' : 'private, no-store',
      });
    },
    { tags },
  );
}
