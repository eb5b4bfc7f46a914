import { useState } from 'react';
import type { FormInstance } from 'antd';
import { RequestError } from '../lib/request.ts';

/**
 * The shared wiring of a record's action dialog (demands, shelter cases): the feature keeps its fields and texts.
 *
 * `useClosingTarget(open)`: the dialog keeps its title and fields while it closes (and is named the same until it is
 * gone; call `clear` from the Modal's afterClose), and each opening gets a fresh `serial` for the Modal's key: antd's
 * OK button can keep a finished call's loading state across openings.
 */
export function useClosingTarget<T>(open: T | null): { target: T | null; serial: number; clear(): void } {
  const [last, setLast] = useState<T | null>(open);
  const [serial, setSerial] = useState(0);
  if (open && open !== last) {
    setLast(open);
    setSerial((n) => n + 1);
  }
  return { target: open ?? last, serial, clear: () => setLast(null) };
}

/** The `fields` of a refusal (validation errors and range refusals name their fields alike). */
export function fieldErrorsOf(data: unknown): { field: string; message: string }[] {
  const fields = (data as { fields?: unknown } | null)?.fields;
  return Array.isArray(fields)
    ? fields.filter(
        (f): f is { field: string; message: string } =>
          typeof f?.field === 'string' && typeof f?.message === 'string' && f.field !== '',
      )
    : [];
}

/**
 * Runs the action's call. A refused field (a rule only the server knows) stays in the dialog, on its field; any other
 * business refusal (already shown by the request layer) closes it: the record moved meanwhile and is not this user's
 * to act on any more. Rethrows every failure so the caller stops there.
 */
export async function runActionCall<V>(
  form: FormInstance<V>,
  call: () => Promise<unknown>,
  onClose: () => void,
): Promise<void> {
  try {
    await call();
  } catch (err) {
    const fields = err instanceof RequestError ? fieldErrorsOf(err.info?.data) : [];
    if (fields.length) {
      form.setFields(fields.map((f) => ({ name: f.field as never, errors: [f.message] })));
      throw err;
    }
    if (err instanceof RequestError && err.kind === 'business') onClose();
    throw err;
  }
}
