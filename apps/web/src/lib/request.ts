import type {
  BODY_CODE as CONTRACT_BODY_CODE,
  SHOW_TYPE as CONTRACT_SHOW_TYPE,
  Envelope,
} from '@phjr/contract/envelope';
import type { AuthUrlMapKey } from '@phjr/contract/auth/enums';
import i18n from './i18n.ts';
import { onRuntimeReset, runtime } from './runtime.ts';
import { RequestError, errorText, type ErrorInfo } from './request-error.ts';
import {
  STORAGE_KEYS,
  authUrlMapKeyForAccount,
  clearStorageKeepPreferences,
  readItem,
  storedAccountTypeCode,
  storedAuthUrlMapKey,
  writeItem,
} from './storage.ts';
import { exportFileName as contractExportFileName } from '@phjr/contract/system/export-file-name';
import { PASSWORD_CHANGE_PATH } from '@phjr/contract/auth/center-path';
import { firstRouteOps } from './first-route-ops.ts';
import { checkJson } from './json-check.ts';

export { RequestError, errorText, isSessionError } from './request-error.ts';

/**
 * The one request module (SPEC sections 7 and 8, docs/sso.md). Every call goes through `execute`, which adds the
 * session token, the timestamp and the no-cache headers, and sorts every failure into one RequestError kind;
 * `handleRequestError` then shows or redirects exactly as SPEC 8 says, unless the caller asked to skip it.
 */

export type ParamValue = string | number | boolean | null | undefined;
export type Params = Record<string, ParamValue | readonly ParamValue[]>;

export interface RequestOptions<T = unknown> {
  /** Rethrow without any UI or redirect (SPEC 8: e.g. the username-exists check). */
  skipErrorHandler?: boolean;
  /** A contract schema for `data`; the web never trusts an API type it wrote by hand. */
  schema?: { parse(data: unknown): T };
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

// The contract's constants, restated so that zod (imported by envelope.ts) stays off the start-up path;
// `satisfies` against the contract's own types makes any drift a type error.
const SHOW_TYPE = {
  SILENT: 0,
  WARN: 1,
  ERROR: 2,
  NOTIFICATION: 4,
  REDIRECT: 9,
} as const satisfies typeof CONTRACT_SHOW_TYPE;
const BODY_CODE = {
  OK: 200,
  SESSION_EXPIRED: 20002,
  SESSION_INVALID: 20401,
  UNAUTHORIZED: 401,
} as const satisfies typeof CONTRACT_BODY_CODE;

/** Server messages that mean "nothing to show" rather than a failure (SPEC 8). */
export const IGNORED_MESSAGES: readonly string[] = ['未查询到用户关联信息', '查询内容为空'];

/** SPEC 9 delays. */
export const SESSION_INVALID_DELAY_MS = 10;
export const LOGOUT_DELAY_MS = 1000;

/** Status codes the notification explains (ant-design-pro's table); others fall back to the status text. */
export const EXPLAINED_STATUSES = [200, 201, 202, 204, 400, 401, 403, 404, 406, 410, 422, 500, 502, 503, 504] as const;

/** HTTP 707 is what the original gateway sent for a lost session; it is treated like 401. */
const SESSION_HTTP_STATUSES = new Set([401, 707]);
const SESSION_BODY_CODES = new Set<number>([BODY_CODE.SESSION_EXPIRED, BODY_CODE.UNAUTHORIZED]);

// Several calls of one page fail together when a session ends; only the first one talks to the user.
let sessionEnding = false;
onRuntimeReset(() => {
  sessionEnding = false;
});

const t = (key: string, options: Record<string, unknown> = {}): string => i18n.t(`common:request.${key}`, options);

function pathOf(url: string): string {
  return url.split(/[?#]/, 1)[0] ?? url;
}

/** Adds the caller's params (arrays as repeated keys) and `t=<now>`, which defeats any cache on the way. */
export function buildUrl(url: string, params?: Params): string {
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(url);
  const u = new URL(url, 'http://relative.invalid');
  for (const [key, value] of Object.entries(params ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) u.searchParams.append(key, String(v));
  }
  u.searchParams.set('t', String(runtime().now()));
  return absolute ? u.href : `${u.pathname}${u.search}${u.hash}`;
}

/** SPEC 7: no-cache headers, and the client token, or the server token on any /ssoserver path. */
export function requestHeaders(url: string, extra?: Record<string, string>): Record<string, string> {
  const tokenKey = pathOf(url).includes('/ssoserver') ? STORAGE_KEYS.satokenServer : STORAGE_KEYS.satokenClient;
  const token = readItem(tokenKey);
  return {
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    Accept: 'application/json',
    ...(token ? { satoken: token } : {}),
    ...extra,
  };
}

function isEnvelopeLike(body: unknown): body is Partial<Envelope<unknown>> {
  return typeof body === 'object' && body !== null && ('code' in body || 'success' in body);
}

function infoOf(body: unknown): ErrorInfo | undefined {
  if (!isEnvelopeLike(body)) return undefined;
  const { code, errorCode, errorMessage, showType, data } = body;
  return { code, errorCode, errorMessage, showType, data };
}

/** SPEC 8, in its order: 20401 first, then the expired-session signals, then business errors, then HTTP. */
export function classify(status: number, ok: boolean, body: unknown, url: string): RequestError | null {
  const info = infoOf(body);
  const message = info?.errorMessage ?? '';
  if (info?.code === BODY_CODE.SESSION_INVALID) return new RequestError('sessionInvalid', message, url, status, info);
  if (SESSION_HTTP_STATUSES.has(status) || (info?.code !== undefined && SESSION_BODY_CODES.has(info.code))) {
    return new RequestError('sessionExpired', message, url, status, info);
  }
  if (info && body && (body as { success?: unknown }).success === false) {
    return new RequestError('business', message, url, status, info);
  }
  if (!ok) return new RequestError('http', `HTTP ${status}`, url, status, info);
  return null;
}

interface Call {
  method: 'GET' | 'POST';
  url: string;
  params?: Params;
  body?: BodyInit;
  contentType?: string;
}

async function readJson(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  try {
    return JSON.parse(await res.text());
  } catch {
    return undefined;
  }
}

function isAbort(err: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (err instanceof Error && err.name === 'AbortError');
}

async function fail(err: RequestError, opts: RequestOptions<unknown>): Promise<never> {
  if (!opts.skipErrorHandler) await handleRequestError(err);
  throw err;
}

/** Sends one call; resolves with the response and its parsed JSON body (undefined when not JSON). */
async function execute(call: Call, opts: RequestOptions<unknown>): Promise<{ res: Response; body: unknown }> {
  const rt = runtime();
  const headers = requestHeaders(call.url, {
    ...(call.contentType ? { 'Content-Type': call.contentType } : {}),
    ...opts.headers,
  });
  let res: Response;
  try {
    res = await rt.fetch(buildUrl(call.url, call.params), {
      method: call.method,
      credentials: 'include',
      cache: 'no-store',
      headers,
      body: call.body,
      signal: opts.signal,
    });
  } catch (cause) {
    // A cancelled query is not a network failure; nobody needs to hear about it.
    if (isAbort(cause, opts.signal)) throw cause;
    return fail(new RequestError('network', cause instanceof Error ? cause.message : '', call.url), opts);
  }
  const body = await readJson(res);
  const problem = classify(res.status, res.ok, body, call.url);
  if (problem) return fail(problem, opts);
  return { res, body };
}

async function requestEnvelope<T>(call: Call, opts: RequestOptions<T> = {}): Promise<Envelope<T>> {
  const { body } = await execute(call, opts);
  if (!isEnvelopeLike(body) || typeof body.success !== 'boolean') {
    return fail(new RequestError('invalid', '', call.url), opts);
  }
  if (!opts.schema) return body as Envelope<T>;
  try {
    return { ...(body as Envelope<unknown>), data: opts.schema.parse(body.data) };
  } catch (cause) {
    // The details are for developers; the user gets the generic sentence.
    console.error(`Response of ${call.url} does not match its contract`, cause);
    return fail(new RequestError('invalid', '', call.url, 200), opts);
  }
}

export function get<T = unknown>(url: string, params?: Params, opts?: RequestOptions<T>): Promise<Envelope<T>> {
  return requestEnvelope({ method: 'GET', url, params }, opts);
}

export function post<T = unknown>(url: string, jsonBody?: unknown, opts?: RequestOptions<T>): Promise<Envelope<T>> {
  return requestEnvelope(
    {
      method: 'POST',
      url,
      body: jsonBody === undefined ? undefined : JSON.stringify(jsonBody),
      contentType: jsonBody === undefined ? undefined : 'application/json',
    },
    opts,
  );
}

export function postForm<T = unknown>(
  url: string,
  fields: Record<string, ParamValue>,
  opts?: RequestOptions<T>,
): Promise<Envelope<T>> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) form.append(k, String(v));
  return requestEnvelope(
    { method: 'POST', url, body: form.toString(), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' },
    opts,
  );
}

/** Multipart upload; the browser writes the boundary, so no Content-Type is set here. */
export function upload<T = unknown>(url: string, data: FormData, opts?: RequestOptions<T>): Promise<Envelope<T>> {
  return requestEnvelope({ method: 'POST', url, body: data }, opts);
}

/** SPEC 9: `name_yyyyMMddHHmmss.xlsx` in Beijing time (24-hour clock), each part of the name once (the contract's one helper). */
export function exportFileName(name: string | readonly string[], at: number = runtime().now()): string {
  return contractExportFileName(name, at);
}

/** How an export's download goes: cancelled by `signal`, `onProgress` told the bytes received so far as they arrive. */
export interface ExportProgress {
  signal?: AbortSignal;
  onProgress?: (bytes: number) => void;
}

/** The body of a file answer, read chunk by chunk (each chunk reported), as one Blob. */
async function readBlob(res: Response, onProgress?: (bytes: number) => void): Promise<Blob> {
  const type = res.headers.get('Content-Type') ?? '';
  if (!res.body || !onProgress) return res.blob();
  const reader = res.body.getReader();
  const chunks: BlobPart[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks, { type });
}

/**
 * GETs a spreadsheet and saves it; an envelope instead of a file is handled like any failed call. The file is read
 * as a stream (the server writes it while it reads the rows), so that the caller can show the bytes received and
 * cancel (an AbortError rejects, silently: nobody needs to hear about a cancel).
 */
export async function exportExcel(
  url: string,
  name: string | readonly string[],
  params?: Params,
  progress: ExportProgress = {},
): Promise<string> {
  const opts: RequestOptions<unknown> = {
    headers: { Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json' },
    signal: progress.signal,
  };
  const { res, body } = await execute({ method: 'GET', url, params }, opts);
  if (body !== undefined) return fail(new RequestError('invalid', '', url, res.status), opts);
  const blob = await readBlob(res, progress.onProgress);
  const fileName = exportFileName(name);
  runtime().saveFile(blob, fileName);
  return fileName;
}

/** The SSO page this stored session belongs to: by account kind when known, else the stored key. */
export function loginKindForStoredSession(): AuthUrlMapKey {
  const code = storedAccountTypeCode();
  if (code) return authUrlMapKeyForAccount(code);
  return storedAuthUrlMapKey() ?? 'nonPlatform';
}

/**
 * SPEC 4: no valid session. Clears local storage (keeping the language), remembers which SSO page was chosen,
 * asks the server for the login address of this page and goes there. `returnTo` (a path of the page the login comes
 * back to, with its query) brings the user back there instead of to the role's home (session.ts, loginByTicket).
 */
export async function redirectToLogin(
  authUrlMapKey?: AuthUrlMapKey,
  clientLoginUrl?: string,
  returnTo?: string,
): Promise<void> {
  const rt = runtime();
  const key = authUrlMapKey ?? loginKindForStoredSession();
  const { origin, pathname } = rt.location();
  clearStorageKeepPreferences();
  writeItem(STORAGE_KEYS.authUrlMapKey, key);
  if (returnTo) writeItem(STORAGE_KEYS.loginReturn, returnTo);
  const op = firstRouteOps.authUrl;
  const res = await get(
    op.path,
    { clientLoginUrl: clientLoginUrl ?? `${origin}${pathname}`, authUrlMapKey: key },
    { schema: { parse: (d) => checkJson<string>(op.response, d) } },
  );
  rt.navigate(res.data);
}

async function sessionStillValid(): Promise<boolean> {
  try {
    const op = firstRouteOps.isLogin;
    const res = await get(op.path, undefined, {
      skipErrorHandler: true,
      schema: { parse: (d) => checkJson(op.response, d) },
    });
    return res.data !== null && res.data !== undefined;
  } catch {
    return false;
  }
}

function leaveSession(key: AuthUrlMapKey, delayMs: number): void {
  sessionEnding = true;
  runtime().setTimeout(() => {
    redirectToLogin(key).catch(() => {
      // The login address could not be fetched (its error is already shown); let the next failure try again.
      sessionEnding = false;
    });
  }, delayMs);
}

async function onSessionExpired(err: RequestError): Promise<void> {
  if (sessionEnding) return;
  if (await sessionStillValid()) {
    // The session is fine; this call alone was refused. Tell the user as for any other failure.
    if (err.info) showBusinessError(err);
    else showHttpError(err);
    return;
  }
  if (sessionEnding) return;
  runtime().ui.error(errorText(err.info) || t('sessionExpired'));
  leaveSession(loginKindForStoredSession(), LOGOUT_DELAY_MS);
}

function showBusinessError(err: RequestError): void {
  const { ui, navigate } = runtime();
  const info = err.info ?? {};
  if (info.errorMessage && IGNORED_MESSAGES.includes(info.errorMessage.trim())) return;
  // Issue 30: an administrator reset the password; nothing else works until it is changed.
  if (info.errorCode === 'PASSWORD_CHANGE_REQUIRED') {
    navigate(PASSWORD_CHANGE_PATH);
    return;
  }
  // In the reader's language (errorText); err.message is the server's own sentence, kept for logs and callers.
  const text = errorText(info) || t('defaultError');
  switch (info.showType) {
    case SHOW_TYPE.SILENT:
      return;
    case SHOW_TYPE.WARN:
      ui.warn(text);
      return;
    case SHOW_TYPE.ERROR:
      ui.error(text);
      return;
    case SHOW_TYPE.NOTIFICATION:
      ui.notify(info.errorCode || text, errorText(info) || undefined);
      return;
    case SHOW_TYPE.REDIRECT: {
      const query = new URLSearchParams({ errorCode: info.errorCode ?? '', errorMessage: info.errorMessage ?? '' });
      navigate(`/exception?${query.toString()}`);
      return;
    }
    default:
      ui.error(text);
  }
}

function showHttpError(err: RequestError): void {
  const status = err.status ?? 0;
  const explained = (EXPLAINED_STATUSES as readonly number[]).includes(status);
  runtime().ui.notify(
    t('httpErrorTitle', { status, url: err.url }),
    explained ? i18n.t(`common:httpStatus.${status}`) : t('unknownStatus'),
  );
}

/** Shows (or redirects for) a failed call exactly as SPEC 8 says. Exported for callers that skipped it first. */
export async function handleRequestError(err: unknown): Promise<void> {
  const { ui } = runtime();
  if (!(err instanceof RequestError)) {
    ui.error((err instanceof Error && err.message) || t('defaultError'));
    return;
  }
  switch (err.kind) {
    case 'sessionInvalid':
      if (!sessionEnding) leaveSession(loginKindForStoredSession(), SESSION_INVALID_DELAY_MS);
      return;
    case 'sessionExpired':
      return onSessionExpired(err);
    case 'business':
      showBusinessError(err);
      return;
    case 'http':
      showHttpError(err);
      return;
    case 'network':
      ui.notify(t('networkErrorTitle'), t('networkErrorDescription'));
      return;
    default:
      ui.error(err.message || t('defaultError'));
  }
}
