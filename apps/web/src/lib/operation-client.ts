import { parse } from 'zod/v4/core';
import { encodingOf, pathWith, type OperationData, type OperationDef, type OperationInput } from '@phjr/contract/operation';
import { get, post, postForm, upload, type ParamValue, type Params, type RequestOptions } from './request.ts';

/**
 * Calls a contract operation (packages/contract/src/operation.ts) through the one request module: the path comes from
 * the declaration, the input travels as the operation says (query, JSON, form or multipart), and the answer's `data`
 * is always parsed with the operation's response schema (a mismatch is a failed call, never a silently wrong type).
 * zod's core `parse` works for schemas written with zod or zod/mini alike.
 */
export async function callOperation<O extends OperationDef>(
  op: O,
  input: OperationInput<O>,
  opts: Omit<RequestOptions<OperationData<O>>, 'schema'> = {},
): Promise<OperationData<O>> {
  const path = pathWith(op, input.params as Record<string, string | number> | undefined);
  // A JSON, form or multipart call may declare a query as well (an import's `dryRun`): it travels in the URL.
  const url = encodingOf(op) === 'query' ? path : withQuery(path, input.query as Params | undefined);
  const withSchema: RequestOptions<OperationData<O>> = { ...opts, schema: { parse: (data: unknown) => parse(op.response, data) as OperationData<O> } };
  switch (encodingOf(op)) {
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
