import { useEffect } from 'react';
import { Alert, Typography, type FormInstance } from 'antd';
import { StateTag } from '../StateTag.tsx';
import './import.css';

/**
 * The pieces of a "failed rows" screen and of its fix-and-register-again form, shared by the imports (chain members,
 * farmers). The feature keeps its texts and its column names: `columnLabel` names a template column in the active
 * language.
 */

type ImportError = { column: string | null; reason: string };

/** A failed row's errors, each after its column's name (none for a whole-row error). */
export function FailedRowErrors({
  errors,
  columnLabel,
}: {
  errors: readonly ImportError[];
  columnLabel(column: string): string | null;
}) {
  return (
    <ul className="phjr-import-errors">
      {errors.map((e, i) => (
        <li key={i}>
          <Typography.Text type="danger">{e.column ? `${columnLabel(e.column)}：` : ''}</Typography.Text>
          {e.reason}
        </li>
      ))}
    </ul>
  );
}

/** A failed row's state: still to fix (red) or registered again (green). */
export function FailStatusTag({ status, label }: { status: 'FAILED' | 'REGISTERED'; label: string }) {
  return <StateTag state={status} label={label} tone={status === 'FAILED' ? 'rejected' : 'success'} />;
}

/**
 * The fix form's head: the hint, and the errors that name no column (they have no field to sit on). Its other errors
 * go on their fields at once (`useImportErrorsOnFields`), so the user sees what to correct.
 */
export function FixHint({
  title,
  errors,
  columnKey,
}: {
  title: string;
  errors: readonly ImportError[];
  columnKey(column: string | null): string | null;
}) {
  const rowErrors = errors.filter((e) => columnKey(e.column) === null);
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={title}
      description={
        rowErrors.length ? (
          <ul className="phjr-import-errors">
            {rowErrors.map((e, i) => (
              <li key={i}>{e.reason}</li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}

/** The import's errors of a failed row on the form's fields (by `columnKey`), once the form is shown. */
export function useImportErrorsOnFields(
  form: FormInstance,
  errors: readonly ImportError[],
  columnKey: (column: string | null) => string | null,
) {
  useEffect(() => {
    const byField = new Map<string, string[]>();
    for (const e of errors) {
      const key = columnKey(e.column);
      if (key) byField.set(key, [...(byField.get(key) ?? []), e.reason]);
    }
    form.setFields([...byField].map(([name, fieldErrors]) => ({ name, errors: fieldErrors })));
    // The record is the input: `columnKey` is a module function of the feature.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, errors]);
}

/**
 * A failed row's cells as read (masked by the server where the record is sensitive), each labelled with its field's
 * name in the active language, the empty ones left out; `order` ranks the keys (default: as the server sent them).
 * The feature's `className` lays the list out.
 */
export function RowCells({
  values,
  label,
  className,
  order,
}: {
  values: Record<string, string>;
  label(key: string): string | null;
  className: string;
  order?(key: string): number;
}) {
  const entries = Object.entries(values).filter(([, v]) => v.trim() !== '');
  if (order) entries.sort(([a], [b]) => order(a) - order(b));
  return (
    <dl className={className}>
      {entries.map(([k, v]) => (
        <div key={k}>
          <dt>{label(k)}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
