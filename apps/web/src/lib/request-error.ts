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
