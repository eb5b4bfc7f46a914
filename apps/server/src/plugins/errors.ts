import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { SHOW_TYPE } from '@phjr/contract/envelope';
import { ERROR_CODES } from '@phjr/contract/errors';
import { AppError } from '../lib/errors.ts';

/**
 * One error handler for every route: business errors keep their code and message, validation errors name the
 * field, and nothing of a 5xx (stack, SQL) ever reaches a client: its body says only 系统繁忙.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) void reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.httpStatus).send({
        success: false,
        code: err.bodyCode,
        data: err.data,
        errorCode: err.code,
        errorMessage: err.message,
        showType: err.showType,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field =
        first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || String(first?.params?.issue ? '' : '');
      const detail = first ? `${field ? `${field}: ` : ''}${first.message ?? ''}` : '';
      return reply.status(400).send({
        success: false,
        code: 400,
        data: {
          fields: err.validation.map((v) => ({
            field: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
            message: v.message,
          })),
        },
        errorCode: 'VALIDATION',
        errorMessage: detail ? `${ERROR_CODES.VALIDATION}：${detail}` : ERROR_CODES.VALIDATION,
        showType: SHOW_TYPE.ERROR,
      });
    }
    if (isMalformedMultipart(err, req)) {
      return reply.status(400).send({
        success: false,
        code: 400,
        data: null,
        errorCode: 'BAD_REQUEST',
        errorMessage: '请求无效（上传内容格式不正确）',
        showType: SHOW_TYPE.ERROR,
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(err)) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type...).
      return reply.status(status).send({
        success: false,
        code: status,
        data: null,
        errorCode: status === 404 ? 'NOT_FOUND' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST',
        errorMessage: status === 404 ? ERROR_CODES.NOT_FOUND : `请求无效（${err.code ?? status}）`,
        showType: SHOW_TYPE.ERROR,
      });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({
      success: false,
      code: 500,
      data: null,
      errorCode: 'INTERNAL',
      errorMessage: ERROR_CODES.INTERNAL,
      showType: SHOW_TYPE.ERROR,
    });
  });
});

/**
 * The multipart parser (busboy) rejects a broken upload (no or an unusable boundary, a body cut short) with plain
 * Errors that carry no code and no status: without this they were 500s. Recognised by their messages, and only on a
 * multipart request, so no other error can pass for one.
 */
const MULTIPART_ERRORS = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^The needle (cannot|has to)/,
  /^Unsupported Content-Type\.$/,
];
function isMalformedMultipart(err: FastifyError, req: FastifyRequest) {
  return (
    err.statusCode === undefined && req.isMultipart?.() === true && MULTIPART_ERRORS.some((re) => re.test(err.message))
  );
}
