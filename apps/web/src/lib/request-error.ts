import { ERROR_CODES, type ErrorCode } from '@phjr/contract/errors';
import i18n, { DEFAULT_LOCALE, currentLocale } from './i18n.ts';

/**
 * What went wrong with a call, in the categories of SPEC section 8. The request module classifies every failure
 * into one of these before handling it, so the handling (and its tests) can switch on `kind` alone.
 */
export type RequestErrorKind =
  /** body code 20401: the token is unknown, logged out or disabled */
  | 'sessionInvalid'
  /** HTTP 401 or 707, or body code 20002 or 401: the session may have expired */
  | 'sessionExpired'
  /** an envelope with success: false */
  | 'business'
  /** any other HTTP error status, without an envelope */
  | 'http'
  /** no response at all */
  | 'network'
  /** a response the client cannot read: not an envelope, or data not matching the contract */
  | 'invalid';

/** The envelope fields a failed response carried (contract `envelope.ts`). */
export interface ErrorInfo {
  code?: number;
  errorCode?: string;
  errorMessage?: string;
  showType?: number;
  data?: unknown;
}

export class RequestError extends Error {
  override readonly name = 'RequestError';
  readonly kind: RequestErrorKind;
  /** The URL as the caller wrote it (without query), for messages. */
  readonly url: string;
  readonly status: number | undefined;
  readonly info: ErrorInfo | undefined;

  constructor(kind: RequestErrorKind, message: string, url: string, status?: number, info?: ErrorInfo) {
    super(message);
    this.kind = kind;
    this.url = url;
    this.status = status;
    this.info = info;
  }
}

export function isSessionError(err: unknown): boolean {
  return err instanceof RequestError && (err.kind === 'sessionInvalid' || err.kind === 'sessionExpired');
}

function isErrorCode(code: string | undefined): code is ErrorCode {
  return code !== undefined && Object.hasOwn(ERROR_CODES, code);
}

/**
 * The sentence to show for a refused call, in the current language (locales/en-US/errors.ts says why this way).
 * zh-CN: the server's own message (it may carry specifics), else the contract's text for the code. Other
 * languages: the code's translation; when the server's message differs from the code's default it carries
 * specifics, kept as "text: details" when it is "default：details", else as "text (server's message)".
 * Empty when neither the server nor the code says anything (callers fall back to their own sentence).
 */
export function errorText(info: Pick<ErrorInfo, 'errorCode' | 'errorMessage'> | null | undefined): string {
  const server = info?.errorMessage?.trim() ?? '';
  const code = info?.errorCode ?? undefined;
  const known = isErrorCode(code) ? code : undefined;
  if (currentLocale() === DEFAULT_LOCALE) return server || (known ? ERROR_CODES[known] : '');
  const translated = known ? i18n.t(`errors:${known}`, { defaultValue: '' }) : '';
  if (!known || !translated) {
    // A code the contract does not list (Fastify's own BAD_REQUEST...): say that it failed, keep the server's words.
    return server ? `${i18n.t('common:request.defaultError')} (${server})` : '';
  }
  const standard: string = ERROR_CODES[known];
  if (!server || server === standard) return translated;
  const details = server.startsWith(`${standard}：`) ? server.slice(standard.length + 1).trim() : '';
  return details ? `${translated}: ${details}` : `${translated} (${server})`;
}

/**
 * The error to hand to antd's Upload `onError`: the failed file's tooltip shows its `message`, so a refused call gets
 * the reader's-language sentence (errorText) instead of the server's Chinese one.
 */
export function uploadFailure(err: unknown): Error {
  if (err instanceof RequestError) {
    const text = errorText(err.info);
    return text ? new Error(text) : err;
  }
  return err instanceof Error ? err : new Error(String(err));
}
