import { encodingOf, pathWith, type OperationDef } from '@phjr/contract/operation';
import { get, post, postForm, upload, type ParamValue, type Params, type RequestOptions } from './request.ts';

/** What sending needs of an operation: a contract declaration, or its plain form on the first route. */
export type Sendable = Pick<OperationDef, 'method' | 'path' | 'encoding'>;

export interface SendInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/**
 * Sends an operation's input the way it declares (query, JSON, form or multipart) through the one request module and
 * returns the `data` of the answer, checked by `parse`. Shared by callOperation (zod) and callFirstRoute (JSON Schema).
 */
export async function sendOperation<T>(
  op: Sendable,
  input: SendInput,
  parse: (data: unknown) => T,
  opts: Omit<RequestOptions<T>, 'schema'> = {},
): Promise<T> {
  const path = pathWith(op, input.params as Record<string, string | number> | undefined);
  const encoding = encodingOf(op as OperationDef);
  // A JSON, form or multipart call may declare a query as well (an import's `dryRun`): it travels in the URL.
  const url = encoding === 'query' ? path : withQuery(path, input.query as Params | undefined);
  const withSchema: RequestOptions<T> = { ...opts, schema: { parse } };
  switch (encoding) {
    case 'query':
      return (await get(url, input.query as Params | undefined, withSchema)).data;
    case 'json':
      return (await post(url, input.body ?? {}, withSchema)).data;
    case 'form':
      return (await postForm(url, (input.body ?? {}) as Record<string, ParamValue>, withSchema)).data;
    case 'multipart':
      return (await upload(url, input.body as unknown as FormData, withSchema)).data;
  }
}

function withQuery(path: string, query: Params | undefined): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined && v !== null) q.append(key, String(v));
  }
  const search = q.toString();
  return search ? `${path}?${search}` : path;
}
