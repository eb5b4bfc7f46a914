/// <reference types="vite/client" />
import type { OperationDef } from '@phjr/contract/operation';

/**
 * Every operation of the contract, found rather than listed: the values of every exported object of
 * packages/contract/src whose values are operation declarations (defineOperation).
 */
const modules = import.meta.glob<Record<string, unknown>>('../../../packages/contract/src/**/*.ts', { eager: true });

function isOperation(v: unknown): v is OperationDef {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as OperationDef).path === 'string' &&
    typeof (v as OperationDef).method === 'string' &&
    'auth' in v &&
    'response' in v
  );
}

/** Each declaration once, though a list such as `firstRouteOps` names some again. */
export const OPERATIONS: OperationDef[] = [
  ...new Set(
    Object.values(modules).flatMap((exports) =>
      Object.values(exports).flatMap((value) =>
        typeof value === 'object' && value !== null && !isOperation(value)
          ? Object.values(value).filter(isOperation)
          : [],
      ),
    ),
  ),
];
