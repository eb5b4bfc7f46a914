import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '@phjr/contract/errors';
import { resources } from '../src/locales/index.ts';
import i18n from '../src/lib/i18n.ts';
import { errorText, uploadFailure } from '../src/lib/request-error.ts';
import { RequestError, get } from '../src/lib/request.ts';
import { resetRuntime } from '../src/lib/runtime.ts';
import { fail, installFakeRuntime, type FakeEnv } from './helpers/fake-runtime.ts';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
const CODES = Object.keys(ERROR_CODES) as ErrorCode[];

async function inLanguage(lng: 'zh-CN' | 'en-US') {
  await i18n.changeLanguage(lng);
  await i18n.loadNamespaces(['errors', 'common']);
}

describe('errors namespace', () => {
  it('has an English text for every code of the contract’s ERROR_CODES', () => {
    const en: Record<string, unknown> = resources['en-US'].errors;
    const missing = CODES.filter(
      (code) => typeof en[code] !== 'string' || !(en[code] as string).trim() || CJK.test(en[code] as string),
    );
    expect(missing).toEqual([]);
  });

  it('takes the Chinese texts from the contract itself (no copy to drift)', () => {
    expect(resources['zh-CN'].errors).toEqual(ERROR_CODES);
  });
});

describe('errorText', () => {
  afterEach(() => inLanguage('zh-CN'));

  it('answers the server’s own message in zh-CN, the contract’s text when the server sent none', async () => {
    await inLanguage('zh-CN');
    expect(errorText({ errorCode: 'SHELTER_CASE_OPEN', errorMessage: ERROR_CODES.SHELTER_CASE_OPEN })).toBe(
      ERROR_CODES.SHELTER_CASE_OPEN,
    );
    expect(errorText({ errorCode: 'ACCOUNT_KIND_NOT_ALLOWED', errorMessage: '仅企业主账号可以管理子账号' })).toBe(
      '仅企业主账号可以管理子账号',
    );
    expect(errorText({ errorCode: 'CHAIN_ARCHIVED' })).toBe(ERROR_CODES.CHAIN_ARCHIVED);
    expect(errorText({ errorCode: 'E', errorMessage: '其他' })).toBe('其他');
    expect(errorText(undefined)).toBe('');
  });

  it('answers English in en-US for every code sent with its default message', async () => {
    await inLanguage('en-US');
    for (const code of CODES)
      expect(errorText({ errorCode: code, errorMessage: ERROR_CODES[code] })).toBe(resources['en-US'].errors[code]);
    expect(errorText({ errorCode: 'CREDIT_NO_CONSENT', errorMessage: ERROR_CODES.CREDIT_NO_CONSENT })).toMatch(
      /^The enterprise has not authorised/,
    );
    expect(errorText({ errorCode: 'CHAIN_ARCHIVED' })).toBe(
      'The industry chain is archived and can no longer be changed',
    );
  });

  it('keeps the specifics a server message carries beyond the code’s default, in en-US', async () => {
    await inLanguage('en-US');
    // "default：details" (the validation handler, DEMAND_GRANT_OUT_OF_RANGE): the English text, then the details.
    expect(
      errorText({ errorCode: 'VALIDATION', errorMessage: `${ERROR_CODES.VALIDATION}：phone: 手机号格式不正确` }),
    ).toBe('Some values are not valid: phone: 手机号格式不正确');
    // Any other wording: the English text, then the server's sentence in parentheses.
    expect(errorText({ errorCode: 'ACCOUNT_KIND_NOT_ALLOWED', errorMessage: '仅企业主账号可以管理子账号' })).toBe(
      'This kind of account cannot do this (仅企业主账号可以管理子账号)',
    );
    expect(errorText({ errorCode: 'IMPORT_FILE_INVALID', errorMessage: '表头与模板不符，缺少列：姓名' })).toBe(
      'The import file cannot be read; please use the downloaded template (表头与模板不符，缺少列：姓名)',
    );
    // A code the contract does not list (Fastify's own client errors): the generic sentence and the server's words.
    expect(errorText({ errorCode: 'BAD_REQUEST', errorMessage: '请求无效（FST_ERR_CTP_INVALID_MEDIA_TYPE）' })).toBe(
      'Request error, please retry. (请求无效（FST_ERR_CTP_INVALID_MEDIA_TYPE）)',
    );
    expect(errorText({ errorCode: 'BAD_REQUEST' })).toBe('');
  });
});

describe('showBusinessError speaks the reader’s language', () => {
  let env: FakeEnv;
  beforeEach(() => {
    env = installFakeRuntime();
  });
  afterEach(async () => {
    expect(env.unexpected).toEqual([]);
    resetRuntime();
    await inLanguage('zh-CN');
  });

  async function refused(errorCode: ErrorCode, showType = 2) {
    env.on('GET', '/finance/x.json', () => fail({ errorCode, errorMessage: ERROR_CODES[errorCode], showType }, 409));
    const err = await get('/finance/x.json').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RequestError);
  }

  it('shows the English text of the code in en-US', async () => {
    await inLanguage('en-US');
    await refused('SHELTER_CASE_OPEN');
    expect(env.ui.error).toHaveBeenCalledExactlyOnceWith(
      'Your enterprise already has a financial shelter application in progress; do not apply twice',
    );
  });

  it('describes a notification (showType 4) in English in en-US', async () => {
    await inLanguage('en-US');
    await refused('RATE_LIMITED', 4);
    expect(env.ui.notify).toHaveBeenCalledExactlyOnceWith('RATE_LIMITED', 'Too many attempts, please try again later');
  });

  it('shows the server’s message in zh-CN', async () => {
    await inLanguage('zh-CN');
    await refused('CHAIN_ARCHIVED');
    expect(env.ui.error).toHaveBeenCalledExactlyOnceWith(ERROR_CODES.CHAIN_ARCHIVED);
  });
});

describe('uploadFailure (the failed file’s tooltip in antd Upload)', () => {
  afterEach(() => inLanguage('zh-CN'));

  it('carries the reader’s-language sentence of a refused upload', async () => {
    await inLanguage('en-US');
    const refused = new RequestError('business', ERROR_CODES.FILE_TOO_LARGE, '/x', 413, {
      errorCode: 'FILE_TOO_LARGE',
      errorMessage: ERROR_CODES.FILE_TOO_LARGE,
    });
    expect(uploadFailure(refused).message).toBe('The file is too large (at most 10 MB)');
    const offline = new RequestError('network', 'Failed to fetch', '/x');
    expect(uploadFailure(offline)).toBe(offline);
    expect(uploadFailure('boom').message).toBe('boom');
  });
});
