import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountOps } from '@phjr/contract/auth/account';
import { submitPasswordChecked } from '../src/features/auth/api/password-checked.ts';
import { resetRuntime } from '../src/lib/runtime.ts';
import { fail, installFakeRuntime, ok, type FakeEnv } from './helpers/fake-runtime.ts';

/** The own-account forms and the related-subject form read a refused password check to show the captcha and the lock. */
let env: FakeEnv;
beforeEach(() => {
  env = installFakeRuntime();
});
afterEach(() => {
  expect(env.unexpected).toEqual([]);
  resetRuntime();
});

const OP = accountOps.updatePassword;
const URL = '/ssoserver/user/updatePassword.do';

describe('submitPasswordChecked', () => {
  it('posts the form with the captcha and answers ok', async () => {
    env.on('POST', URL, () => ok(null));
    expect(
      await submitPasswordChecked(OP, {
        oldPassword: 'old',
        newPassword: 'New#Pass-2031',
        captchaId: 'c1',
        captchaCode: 'ab12',
      }),
    ).toEqual({ ok: true });
    expect(Object.fromEntries(new URLSearchParams(String(env.calls[0].init.body)))).toEqual({
      oldPassword: 'old',
      newPassword: 'New#Pass-2031',
      captchaId: 'c1',
      captchaCode: 'ab12',
    });
  });

  it('reports a wrong password with captchaRequired, without the global toast', async () => {
    env.on('POST', URL, () =>
      fail({ errorCode: 'PASSWORD_WRONG', errorMessage: '当前密码错误', showType: 2, data: { captchaRequired: true } }),
    );
    expect(await submitPasswordChecked(OP, { oldPassword: 'bad' })).toEqual({
      ok: false,
      errorCode: 'PASSWORD_WRONG',
      errorMessage: '当前密码错误',
      captchaRequired: true,
    });
    expect(env.ui.error).not.toHaveBeenCalled();
  });

  it.each(['PASSWORD_LOCKED', 'SUBJECT_VERIFY_FAILED', 'CAPTCHA_REQUIRED', 'CAPTCHA_INVALID'])(
    'reports %s to the form',
    async (errorCode) => {
      env.on('POST', URL, () => fail({ errorCode, errorMessage: 'x', showType: 2, data: { captchaRequired: true } }));
      expect(await submitPasswordChecked(OP, { oldPassword: 'bad' })).toMatchObject({
        ok: false,
        errorCode,
        captchaRequired: true,
      });
      expect(env.ui.error).not.toHaveBeenCalled();
    },
  );

  it('parses the answer with the operation: data other than the declared null is a failed call, never a success', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    env.on('POST', URL, () => ok({ changed: true }));
    await expect(submitPasswordChecked(OP, { oldPassword: 'old', newPassword: 'New#Pass-2031' })).rejects.toMatchObject(
      { kind: 'invalid' },
    );
    quiet.mockRestore();
  });

  it('shows any other failure as usual and rethrows it', async () => {
    env.on('POST', URL, () =>
      fail({ errorCode: 'PHONE_IN_USE', errorMessage: '该手机号已被其他账号使用', showType: 2 }),
    );
    await expect(submitPasswordChecked(OP, { oldPassword: 'x' })).rejects.toMatchObject({ kind: 'business' });
    expect(env.ui.error).toHaveBeenCalledWith('该手机号已被其他账号使用');
  });
});
