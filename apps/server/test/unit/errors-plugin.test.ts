import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsPlugin } from '../../src/plugins/errors.ts';
import { AppError } from '../../src/lib/errors.ts';

async function appWithRoutes() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/boom', async () => {
    throw new Error('relation "secret_table" does not exist at /srv/app/x.ts:12');
  });
  r.get('/business', async () => {
    throw new AppError('CONFLICT');
  });
  r.post('/strict', { schema: { body: z.strictObject({ amount: z.number().positive() }) } }, async () => ({
    ok: true,
  }));
  await app.register(async (scope) => {
    await scope.register(multipart);
    scope.post('/upload', async (req) => {
      const part = await req.file();
      return { size: part ? (await part.toBuffer()).length : 0 };
    });
  });
  await app.ready();
  return app;
}

describe('the error handler', () => {
  it('hides everything of a 5xx: the body says only 系统繁忙', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      code: 500,
      data: null,
      errorCode: 'INTERNAL',
      errorMessage: '系统繁忙',
      showType: 2,
    });
    expect(res.body).not.toContain('secret_table');
  });

  it('keeps a business error code, message and showType in the envelope', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ url: '/business' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      errorCode: 'CONFLICT',
      errorMessage: '数据已被修改，请刷新后重试',
      showType: 2,
    });
  });

  it('names the field of a validation error', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'POST', url: '/strict', payload: { amount: -1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      errorCode: 'VALIDATION',
      data: { fields: [{ field: 'amount' }] },
    });
    expect(res.json().errorMessage).toContain('amount');
  });

  it('refuses unknown fields', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'POST', url: '/strict', payload: { amount: 1, admin: true } });
    expect(res.json()).toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/strict',
      payload: '{"amount":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400 });
  });

  it('answers a broken multipart body with a 400 envelope, not a 500', async () => {
    const app = await appWithRoutes();
    const part = (boundary: string, end: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n${end}`;
    for (const [contentType, payload] of [
      ['multipart/form-data', 'abc'],
      ['multipart/form-data; boundary=other', part('x', '--x--\r\n')],
      ['multipart/form-data; boundary=x', part('x', '--')],
      [`multipart/form-data; boundary=${'b'.repeat(300)}`, 'abc'],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/upload',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400, errorCode: 'BAD_REQUEST' });
    }
    const good = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: part('x', '--x--\r\n'),
    });
    expect(good.json()).toEqual({ size: 3 });
  });
});
