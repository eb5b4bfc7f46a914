import type { ReactNode } from 'react';
import { Alert, Steps, Table, Tag } from 'antd';
import type { ImportErrorRow } from './import-model.ts';
import './import.css';

/**
 * A file the server refused whole, with its reason, kept in the drawer until another file is chosen (issue 30): an
 * alert the screen reader announces, not a toast that is gone in three seconds.
 */
export function ImportRefused({ title, reason }: { title: string; reason: ReactNode }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="import-refused"
      title={title}
      description={reason}
      style={{ marginBottom: 16 }}
    />
  );
}

/** The head of an Excel import drawer: the four steps and the hint naming the template's columns. */
export function ImportIntro({
  steps,
  current,
  hint,
  description,
}: {
  steps: readonly string[];
  current: number;
  hint: string;
  description: ReactNode;
}) {
  return (
    <>
      <Steps size="small" current={current} style={{ marginBottom: 20 }} items={steps.map((title) => ({ title }))} />
      <Alert type="info" showIcon title={hint} description={description} style={{ marginBottom: 16 }} />
    </>
  );
}

/** One count of a report: its text and its tag's colour (none: the default tag). */
export interface ImportCount {
  key: string;
  text: string;
  color?: string;
}

/**
 * The counts and every error of a dry run or an import, row by row in the template's column order. The feature gives
 * its texts: the summary (`title`, `description`), the counts and the table's column titles; `columnText` names an
 * error's column in the active language (null: the whole row).
 */
export function ImportReport({
  sectionLabel,
  failed,
  title,
  description,
  counts,
  rows,
  columnText,
  labels,
  columnWidth,
}: {
  sectionLabel: string;
  /** Some rows were refused: the summary is a warning. */
  failed: boolean;
  title: string;
  description?: string;
  counts: readonly ImportCount[];
  rows: readonly ImportErrorRow[];
  columnText(row: ImportErrorRow): string;
  labels: { rowNo: string; column: string; reason: string };
  columnWidth: number;
}) {
  return (
    <section aria-label={sectionLabel}>
      <Alert
        type={failed ? 'warning' : 'success'}
        showIcon
        title={title}
        description={description}
        style={{ marginBottom: 12 }}
      />
      <div className="phjr-import-counts">
        {counts.map((c) => (
          <Tag key={c.key} color={c.color}>
            {c.text}
          </Tag>
        ))}
      </div>
      {rows.length ? (
        <Table
          size="small"
          rowKey="key"
          dataSource={rows}
          pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            { title: labels.rowNo, dataIndex: 'rowNo', width: 80 },
            { title: labels.column, key: 'column', width: columnWidth, render: (_: unknown, e) => columnText(e) },
            { title: labels.reason, dataIndex: 'reason' },
          ]}
        />
      ) : null}
    </section>
  );
}
