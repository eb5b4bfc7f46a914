import { Suspense, lazy } from 'react';
import { Skeleton } from 'antd';
import type { RichTextEditorProps } from './RichTextEditor.tsx';

// The editor (Tiptap and ProseMirror) is a chunk of its own, fetched when a screen first shows it.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

/** The rich-text editor, loaded on demand; a skeleton of the same height holds its place meanwhile. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  const height = (props.minHeight ?? 360) + 42;
  return (
    <Suspense
      fallback={
        <div className="phjr-editor-loading" style={{ minHeight: height }}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
