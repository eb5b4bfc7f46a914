import type { ReactNode } from 'react';
import { App, Button, Descriptions, Typography, type DescriptionsProps } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fileLinkExpired } from '@phjr/contract/files/file-link';
import './detail-parts.css';

/**
 * The pieces of a record's detail drawer (UI.md "detail page") shared by the features: a titled section, its facts
 * (label and value, two to a row), the attachments list and the bar of the actions the server allows the viewer now.
 * The feature keeps its own texts: every label arrives translated.
 */

export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="phjr-detail-section" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** Labels on one line (`labelWidth` px), values take the rest, two to a row. */
export function DetailFacts({ items, labelWidth }: { items: DescriptionsProps['items']; labelWidth: number }) {
  return (
    <Descriptions
      size="small"
      bordered
      styles={{ label: { width: labelWidth, whiteSpace: 'nowrap' }, content: { minWidth: 150 } }}
      column={2}
      items={items}
    />
  );
}

/**
 * The record's files, each opening in a new tab, or `emptyText`. A private file's link is signed for the reader and
 * lives a few minutes (docs/security.md "Private files (issue 30)"): a click on an expired one opens nothing, says so,
 * and asks the record again (`onExpired`, the detail's refetch), which brings fresh links.
 */
export function AttachmentList({
  files,
  emptyText,
  onExpired,
}: {
  files: readonly { id: string; name: string; url: string }[];
  emptyText: string;
  onExpired?: () => void;
}) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  if (!files.length) return <Typography.Text type="secondary">{emptyText}</Typography.Text>;
  return (
    <ul className="phjr-detail-files">
      {files.map((f) => (
        <li key={f.id}>
          <PaperClipOutlined aria-hidden />{' '}
          <a
            href={f.url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(e) => {
              if (!fileLinkExpired(f.url)) return;
              e.preventDefault();
              void message.warning(t('files.linkExpired'));
              onExpired?.();
            }}
          >
            {f.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The buttons of the actions the server sends (the web never computes them), in the server's order; the ones in
 * `danger` in red. Nothing when there is none.
 */
export function DetailActionBar<A extends string>({
  actions,
  danger,
  actionLabel,
  groupLabel,
  onAct,
}: {
  actions: readonly A[];
  danger: readonly A[];
  actionLabel: (a: A) => string;
  groupLabel: string;
  onAct(a: A): void;
}) {
  if (!actions.length) return null;
  return (
    <div className="phjr-detail-actions" role="group" aria-label={groupLabel}>
      {actions.map((a) => (
        <Button
          key={a}
          type={danger.includes(a) ? 'default' : 'primary'}
          danger={danger.includes(a)}
          onClick={() => onAct(a)}
        >
          {actionLabel(a)}
        </Button>
      ))}
    </div>
  );
}
