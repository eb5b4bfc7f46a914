import { parse } from 'zod/v4/core';
import type { OperationData, OperationDef, OperationInput } from '@phjr/contract/operation';
import type { RequestOptions } from './request.ts';
import { sendOperation } from './operation-send.ts';

/**
 * Calls a contract operation (packages/contract/src/operation.ts) through the one request module: the path comes from
 * the declaration, the input travels as the operation says (query, JSON, form or multipart), and the answer's `data`
 * is always parsed with the operation's response schema (a mismatch is a failed call, never a silently wrong type).
 * zod's core `parse` works for schemas written with zod or zod/mini alike. The calls of start-up and the portal's
 * first route use callFirstRoute instead (first-route-client.ts), which keeps zod off that route.
 */
export function callOperation<O extends OperationDef>(
  op: O,
  input: OperationInput<O>,
  opts: Omit<RequestOptions<OperationData<O>>, 'schema'> = {},
): Promise<OperationData<O>> {
  return sendOperation(op, input, (data) => parse(op.response, data) as OperationData<O>, opts);
}
