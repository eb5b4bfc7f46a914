import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadPublicImage } from '../src/features/content/api/files-upload.ts';
import { RequestError } from '../src/lib/request.ts';
import { resetRuntime } from '../src/lib/runtime.ts';
import i18n from '../src/lib/i18n.ts';
import { installFakeRuntime, ok, type FakeEnv } from './helpers/fake-runtime.ts';

let env: FakeEnv;
beforeEach(async () => {
  env = installFakeRuntime();
  await i18n.changeLanguage('zh-CN');
});
afterEach(() => {
  expect(env.unexpected).toEqual([]);
  resetRuntime();
});

const stored = {
  id: 'abcdefghijklmnop',
  name: 'a.png',
  size: 3,
  contentType: 'image/png',
  url: '/zscms/files/view.json?id=abcdefghijklmnop',
};

describe('uploadPublicImage (fileOps.upload)', () => {
  it('posts the file as multipart with visibility=PUBLIC in the URL and returns the stored file', async () => {
    env.on('POST', '/zscms/files/upload.json', (call) => {
      expect(call.url.searchParams.get('visibility')).toBe('PUBLIC');
      expect(call.init.body).toBeInstanceOf(FormData);
      expect(((call.init.body as FormData).get('file') as File).name).toBe('a.png');
      return ok({ ...stored, extra: 'dropped' });
    });
    expect(await uploadPublicImage(new File(['png'], 'a.png', { type: 'image/png' }))).toEqual(stored);
  });

  it('refuses an answer that does not match the contract', async () => {
    env.on('POST', '/zscms/files/upload.json', () => ok({ ...stored, size: 'three' }));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(uploadPublicImage(new File(['png'], 'a.png', { type: 'image/png' }))).rejects.toBeInstanceOf(
      RequestError,
    );
    spy.mockRestore();
  });
});
