import { ERROR_CODES, type ErrorCode } from '@phjr/contract/errors';

/**
 * Business error texts by stable `errorCode` (packages/contract/src/errors.ts). The Chinese texts are the contract's
 * own, not a copy: in zh-CN the web shows the server's `errorMessage` as it came (it may carry specifics), and
 * ERROR_CODES only when the server sent none (lib/request-error.ts, errorText). The English file translates every
 * code; its header says how a server message carrying specifics is shown in English.
 */
const errors: Record<ErrorCode, string> = { ...ERROR_CODES };
export default errors;
