import { SHOW_TYPE } from '@phjr/contract/envelope';
import { ERROR_CODES, type ErrorCode } from '@phjr/contract/errors';

const DEFAULT_STATUS: Partial<Record<ErrorCode, number>> = {
  VALIDATION: 400,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  SESSION_INVALID: 401,
  RATE_LIMITED: 429,
  CONFLICT: 409,
  PASSWORD_CHANGE_REQUIRED: 403,
  ARTICLE_NOT_FOUND: 404,
  ARTICLE_BAD_STATE: 409,
  ARTICLE_CHANNEL_FORBIDDEN: 403,
  AGREEMENT_NOT_FOUND: 404,
  AGREEMENT_OUTDATED: 409,
  FILE_NOT_FOUND: 404,
  FILE_LINK_EXPIRED: 403,
  FILE_LINK_INVALID: 403,
  FILE_TOO_LARGE: 413,
  UPLOAD_LIMIT: 429,
  IMPORT_BUSY: 429,
  PRODUCT_NOT_FOUND: 404,
  PRODUCT_BAD_STATE: 409,
  PRODUCT_ACTION_FORBIDDEN: 403,
  PRODUCT_KIND_FORBIDDEN: 403,
  PRODUCT_ORG_INVALID: 400,
  DEMAND_NOT_FOUND: 404,
  DEMAND_BAD_STATE: 409,
  DEMAND_ACTION_FORBIDDEN: 403,
  DEMAND_TAKEN: 409,
  DEMAND_OPEN_EXISTS: 409,
  DEMAND_TARGET_INVALID: 400,
  DEMAND_DEADLINE_PASSED: 409,
  DEMAND_NOT_OVERDUE: 409,
  INTERNAL: 500,
};

/** Body codes for the session cases of SPEC section 8 (docs/sso.md, "Session errors"). */
const BODY_CODE: Partial<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 20002,
  SESSION_INVALID: 20401,
  FORBIDDEN: 403,
};

/** The one error class of the server: a stable code, a Chinese message, and how the client should show it. */
export class AppError extends Error {
  readonly httpStatus: number;
  readonly bodyCode: number;
  readonly showType: number;
  readonly data: unknown;
  /** Sent as Retry-After (seconds) with the answer, e.g. of a 429. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    opts: { httpStatus?: number; showType?: number; data?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(message ?? ERROR_CODES[code]);
    this.httpStatus = opts.httpStatus ?? DEFAULT_STATUS[code] ?? 400;
    this.bodyCode = BODY_CODE[code] ?? this.httpStatus;
    this.showType = opts.showType ?? SHOW_TYPE.ERROR;
    this.data = opts.data ?? null;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

/**
 * Why an action is refused, made into an AppError only when it is thrown. The `actions` of a list row ask the rule of
 * every verb for every row: building an Error for each refusal (it captures a stack trace) was a quarter of a demand
 * list's CPU, for objects that were thrown away.
 */
export type Refusal = () => AppError;
