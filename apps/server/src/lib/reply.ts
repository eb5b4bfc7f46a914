import type { Envelope } from '@phjr/contract/envelope';

/** The success envelope. */
export function ok<T>(data: T): Envelope<T> {
  return { success: true, code: 200, data };
}
