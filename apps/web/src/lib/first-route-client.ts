import type { OperationData, OperationDef, OperationInput } from '@phjr/contract/operation';
import { checkJson } from './json-check.ts';
import type { FirstRouteOp } from './first-route-ops.ts';
import type { RequestOptions } from './request.ts';
import { sendOperation } from './operation-send.ts';

/** callOperation for start-up and the portal's first route: the answer is checked against its JSON Schema. */
export function callFirstRoute<O extends OperationDef>(
  op: FirstRouteOp<O>,
  input: OperationInput<O>,
  opts: Omit<RequestOptions<OperationData<O>>, 'schema'> = {},
): Promise<OperationData<O>> {
  return sendOperation(op, input, (data) => checkJson<OperationData<O>>(op.response, data), opts);
}

export { firstRouteOps } from './first-route-ops.ts';
