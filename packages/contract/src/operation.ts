import type * as core from 'zod/v4/core';
import type { Permission } from './orgs/permissions.ts';

/**
 * One call of the API, declared once (docs/decisions/0017-operations-as-data.md): its method and exact path (SPEC
 * section 7 and api.json), who may call it, how its input travels, and the schemas of its input and of the `data` of
 * its envelope. The server registers its route from this declaration (apps/server/src/lib/operation-route.ts: the
 * permission check, validation, OpenAPI and the authorization matrix follow), and the web calls it through one
 * client that always parses the answer (apps/web/src/lib/operation-client.ts). This file imports zod's types only, so
 * the web's first route can import declarations whose schemas are written with zod/mini.
 */

/** What a call needs: nothing, a live session, a permission of the session's roles, or any one of several. */
export type OperationAuth =
  'public' | 'session' | { permission: Permission } | { anyPermission: readonly Permission[] };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How the input travels: a query string (every GET), a JSON body, a form-encoded body (SPEC section 7 names
 * `/doLoginByTicket` and the SMS calls as form-encoded), or a multipart body (uploads and imports).
 */
export type RequestEncoding = 'query' | 'json' | 'form' | 'multipart';

export interface OperationDef {
  method: HttpMethod;
  /** The exact path, with `:name` for path parameters. */
  path: `/${string}`;
  auth: OperationAuth;
  /** Default: `query` for GET, `json` otherwise. */
  encoding?: RequestEncoding;
  params?: core.$ZodType;
  query?: core.$ZodType;
  body?: core.$ZodType;
  /** The `data` of the envelope; a `file` operation answers with a file instead and declares what an error carries. */
  response: core.$ZodType;
  /** `file`: the answer is a download (an Excel export, a stored file), not an envelope. */
  answers?: 'envelope' | 'file';
  /** One line for the API documentation. */
  summary?: string;
  /**
   * A session whose password an administrator reset may call it before setting a new one (issue 30): the change
   * itself and what its page and the sign-out need. Every other call answers PASSWORD_CHANGE_REQUIRED.
   */
  whilePasswordChangeDue?: true;
  /**
   * A private file's route: a browser may open it with a link signed for its session instead of the `satoken` header
   * (an `<img>`, a link in a new tab): files/file-link.ts, docs/security.md "Private files (issue 30)".
   */
  signedLink?: true;
}

/** Declares an operation; the literal types of its path and schemas are kept for both sides. */
export function defineOperation<const O extends OperationDef>(op: O): O {
  return op;
}

type Of<S> = S extends core.$ZodType ? core.input<S> : undefined;

/** What a caller passes: the operation's params, query and body, each only where it declares one. */
export type OperationInput<O extends OperationDef> = (O['params'] extends core.$ZodType
  ? { params: Of<O['params']> }
  : { params?: undefined }) &
  (O['query'] extends core.$ZodType ? { query: Of<O['query']> } : { query?: undefined }) &
  (O['body'] extends core.$ZodType ? { body: Of<O['body']> } : { body?: undefined });

/** The parsed `data` of the operation's answer. */
export type OperationData<O extends OperationDef> = core.output<O['response']>;

export function encodingOf(op: OperationDef): RequestEncoding {
  return op.encoding ?? (op.method === 'GET' ? 'query' : 'json');
}

/** The path with its `:name` parameters filled in (each encoded); a missing parameter is a programming error. */
export function pathWith(op: Pick<OperationDef, 'path'>, params?: Record<string, string | number>): string {
  return op.path.replace(/:(\w+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`${op.path}: no value for :${name}`);
    return encodeURIComponent(String(v));
  });
}
