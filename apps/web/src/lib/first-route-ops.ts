import { firstRouteOps as plainOps } from 'virtual:first-route-ops';
import type { firstRouteOps as Declared } from '@phjr/contract/first-route';
import type { OperationDef } from '@phjr/contract/operation';
import type { JsonSchema } from './json-check.ts';

/**
 * An operation of packages/contract/src/first-route.ts as the web build hands it over (`virtual:first-route-ops`,
 * made by apps/web/first-route-ops-plugin.ts): its method, path and encoding, and the JSON Schema made from its
 * response schema. `O` is the declaration, for types only.
 */
export interface FirstRouteOp<O extends OperationDef = OperationDef> {
  method: O['method'];
  path: O['path'];
  encoding?: O['encoding'];
  response: JsonSchema;
}

/** The operations of start-up and the portal's first route, without zod. */
export const firstRouteOps = plainOps as unknown as {
  readonly [K in keyof typeof Declared]: FirstRouteOp<(typeof Declared)[K]>;
};
