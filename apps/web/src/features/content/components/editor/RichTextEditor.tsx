import { useEffect, useRef } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { isAllowedRichTextImage } from '@phjr/contract/content/rich-text-images';
import { EditorToolbar } from './EditorToolbar.tsx';
import './editor.css';
// Readers' article styles, so the operator writes in what the portal will show.
import '../article-view.css';

export interface RichTextEditorProps {
  /** HTML; '' for an empty document. */
  value?: string;
  onChange?(html: string): void;
  /** The accessible name of the writing area (a contentEditable cannot be named by a <label for>). */
  label: string;
  /** Set by antd's Form.Item. */
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  minHeight?: number;
  /** The writing area scrolls inside this height, so the toolbar stays in view on long texts. */
  maxHeight?: number | string;
}

/**
 * Images only from where the server keeps them (isAllowedRichTextImage): pasted HTML often carries images from other
 * sites or broken ones (`<img src="x">`), which the sanitizer would drop on saving; the editor drops them at once so
 * that the operator never sees what readers will not get.
 */
const SiteImage = Image.extend({
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (el) => (isAllowedRichTextImage(el.getAttribute('src')) ? null : false) }];
  },
});

/** Pasted HTML: an image copied from this site has an absolute address; it is kept as the site's path. */
function sitePathsInPastedHtml(html: string, origin: string): string {
  return html.replace(/(<img\b[^>]*?\ssrc\s*=\s*["']?)([^"'\s>]+)/gi, (m, head: string, src: string) =>
    src.startsWith(`${origin}/`) ? `${head}${src.slice(origin.length)}` : m,
  );
}

/**
 * The one rich-text editor of the back office (articles, agreements): Tiptap, limited to what the server's
 * sanitizer keeps (no code blocks, alignment on paragraphs only), so what the operator sees is what readers get.
 * Loaded only through LazyRichTextEditor, never on a portal route.
 */
export default function RichTextEditor({
  value = '',
  onChange,
  label,
  id,
  minHeight = 360,
  maxHeight = '62vh',
  ...rest
}: RichTextEditorProps) {
  // The last HTML this editor reported; a `value` equal to it is our own echo and must not reset the cursor.
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
        },
      }),
      SiteImage.configure({ inline: false, allowBase64: false }),
      TableKit.configure({ table: { resizable: false } }),
      TextAlign.configure({ types: ['paragraph'] }),
    ],
    content: value,
    shouldRerenderOnTransaction: false,
    editorProps: {
      transformPastedHTML: (html) => sitePathsInPastedHtml(html, window.location.origin),
      attributes: {
        class: 'phjr-article-body phjr-editor-area',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        style: `min-height:${minHeight}px`,
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="phjr-editor" id={id} aria-invalid={rest['aria-invalid']}>
      <EditorToolbar editor={editor} />
      <div className="phjr-editor-scroll" style={{ maxHeight }}>
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
