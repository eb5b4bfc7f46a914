import { useRef, useState, type ReactNode } from 'react';
import { App, Button, Divider, Dropdown, Tooltip } from 'antd';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  DownOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useEditorState, type Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, imageProblem, uploadPublicImage } from '../../api/files-upload.ts';
import { LinkDialog } from './LinkDialog.tsx';

type Level = 2 | 3 | 4;
const LEVELS: readonly (Level | 0)[] = [0, 2, 3, 4];

interface ToolProps {
  label: string;
  icon: ReactNode;
  onClick(): void;
  active?: boolean;
  disabled?: boolean;
  loading?: boolean;
}

/** One toolbar button: an icon with a tooltip, named for screen readers; toggles say whether they are on. */
function Tool({ label, icon, onClick, active, disabled, loading }: ToolProps) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        loading={loading}
        // Keep the selection in the document while the button is pressed.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** Headings, marks, lists, quote, alignment, link, image upload, tables, undo and redo. */
export function EditorToolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('content');
  const { message } = App.useApp();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      level: (([2, 3, 4] as const).find((l) => e.isActive('heading', { level: l })) ?? 0) as Level | 0,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      center: e.isActive({ textAlign: 'center' }),
      right: e.isActive({ textAlign: 'right' }),
      inTable: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const blockName = (l: Level | 0) => (l ? t(`editor.heading${l}`) : t('editor.paragraph'));

  async function insertImage(file: File | undefined) {
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      void message.error(t(`upload.${problem}`));
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadPublicImage(file);
      // A paragraph after the picture takes the cursor, so typing (or a table) goes after it instead of replacing it.
      chain()
        .insertContent([
          { type: 'image', attrs: { src: uploaded.url, alt: file.name.replace(/\.[^.]+$/, '') } },
          { type: 'paragraph' },
        ])
        .run();
    } catch {
      // The request layer has shown the reason.
    } finally {
      setUploading(false);
    }
  }

  const sep = <Divider orientation="vertical" style={{ marginInline: 4 }} />;
  return (
    <div className="phjr-editor-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
      {/* A menu button, not a Select: a Select would take the form item's error colour with the body's own. */}
      <Dropdown
        trigger={['click']}
        menu={{
          items: LEVELS.map((l) => ({ key: String(l), label: blockName(l) })),
          selectable: true,
          selectedKeys: [String(s.level)],
          onClick: ({ key }) => {
            const level = Number(key) as Level | 0;
            if (level) chain().setHeading({ level }).run();
            else chain().setParagraph().run();
          },
        }}
      >
        <Button
          size="small"
          className="phjr-editor-block"
          aria-label={t('editor.blockTypeOf', { name: blockName(s.level) })}
          onMouseDown={(e) => e.preventDefault()}
        >
          {blockName(s.level)} <DownOutlined />
        </Button>
      </Dropdown>
      {sep}
      <Tool
        label={t('editor.bold')}
        icon={<BoldOutlined />}
        active={s.bold}
        onClick={() => chain().toggleBold().run()}
      />
      <Tool
        label={t('editor.italic')}
        icon={<ItalicOutlined />}
        active={s.italic}
        onClick={() => chain().toggleItalic().run()}
      />
      <Tool
        label={t('editor.underline')}
        icon={<UnderlineOutlined />}
        active={s.underline}
        onClick={() => chain().toggleUnderline().run()}
      />
      <Tool
        label={t('editor.strike')}
        icon={<StrikethroughOutlined />}
        active={s.strike}
        onClick={() => chain().toggleStrike().run()}
      />
      {sep}
      <Tool
        label={t('editor.bulletList')}
        icon={<UnorderedListOutlined />}
        active={s.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      />
      <Tool
        label={t('editor.orderedList')}
        icon={<OrderedListOutlined />}
        active={s.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <Tool
        label={t('editor.blockquote')}
        icon={<span className="phjr-editor-quote-icon">“</span>}
        active={s.blockquote}
        onClick={() => chain().toggleBlockquote().run()}
      />
      {sep}
      <Tool
        label={t('editor.alignLeft')}
        icon={<AlignLeftOutlined />}
        active={!s.center && !s.right}
        onClick={() => chain().unsetTextAlign().run()}
      />
      <Tool
        label={t('editor.alignCenter')}
        icon={<AlignCenterOutlined />}
        active={s.center}
        onClick={() => chain().setTextAlign('center').run()}
      />
      <Tool
        label={t('editor.alignRight')}
        icon={<AlignRightOutlined />}
        active={s.right}
        onClick={() => chain().setTextAlign('right').run()}
      />
      {sep}
      <Tool label={t('editor.link')} icon={<LinkOutlined />} active={s.link} onClick={() => setLinkOpen(true)} />
      <Tool
        label={t('editor.image')}
        icon={<PictureOutlined />}
        loading={uploading}
        onClick={() => fileInput.current?.click()}
      />
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        style={{ display: 'none' }}
        aria-hidden
        tabIndex={-1}
        onChange={(e) => {
          const input = e.currentTarget;
          void insertImage(input.files?.[0]).finally(() => {
            input.value = '';
          });
        }}
      />
      {sep}
      <Tool
        label={t('editor.insertTable')}
        icon={<TableOutlined />}
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      />
      <Tool
        label={t('editor.addRow')}
        icon={<InsertRowBelowOutlined />}
        disabled={!s.inTable}
        onClick={() => chain().addRowAfter().run()}
      />
      <Tool
        label={t('editor.deleteRow')}
        icon={<DeleteRowOutlined />}
        disabled={!s.inTable}
        onClick={() => chain().deleteRow().run()}
      />
      <Tool
        label={t('editor.addColumn')}
        icon={<InsertRowRightOutlined />}
        disabled={!s.inTable}
        onClick={() => chain().addColumnAfter().run()}
      />
      <Tool
        label={t('editor.deleteColumn')}
        icon={<DeleteColumnOutlined />}
        disabled={!s.inTable}
        onClick={() => chain().deleteColumn().run()}
      />
      <Tool
        label={t('editor.deleteTable')}
        icon={<DeleteOutlined />}
        disabled={!s.inTable}
        onClick={() => chain().deleteTable().run()}
      />
      {sep}
      <Tool
        label={t('editor.undo')}
        icon={<UndoOutlined />}
        disabled={!s.canUndo}
        onClick={() => chain().undo().run()}
      />
      <Tool
        label={t('editor.redo')}
        icon={<RedoOutlined />}
        disabled={!s.canRedo}
        onClick={() => chain().redo().run()}
      />
      <LinkDialog
        open={linkOpen}
        href={s.href}
        onClose={() => setLinkOpen(false)}
        onApply={(href) => {
          setLinkOpen(false);
          if (!href) chain().extendMarkRange('link').unsetLink().run();
          else if (editor.state.selection.empty && !s.link)
            chain()
              .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
              .run();
          else chain().extendMarkRange('link').setLink({ href }).run();
        }}
      />
    </div>
  );
}
