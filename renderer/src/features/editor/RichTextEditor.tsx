import { closeHistory } from '@tiptap/pm/history';
import {
  BoldOutlined,
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
  DisconnectOutlined,
} from '@ant-design/icons';
import { TableKit } from '@tiptap/extension-table';
import { FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Dropdown, Input, Modal, Select, Tooltip, theme } from 'antd';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { NoFormStyle } from 'antd/es/form/context';
import { useTranslation } from 'react-i18next';
import { inputAccept } from '../files/fileTypes';
import { imageFilesOf, insertImages, UploadableImage, type UploadMessages } from './imageUploads';
import { editorHtml, rememberLoaded, type LoadedHtml } from './keptHtml';
import type { RichTextFieldProps } from './RichTextField';
import './richText.css';

/** Spec: font sizes from 8pt to 36pt. */
export const FONT_SIZES = [8, 9, 10, 11, 12, 14, 16, 18, 20, 24, 28, 32, 36].map((n) => `${n}pt`);
/** Spec: eight fonts. Values are CSS font-family lists (names with spaces quoted, a generic family last). */
export const FONTS = [
  { label: 'Arial', value: 'Arial, sans-serif' },
  { label: 'Times New Roman', value: '"Times New Roman", serif' },
  { label: 'Roboto', value: 'Roboto, sans-serif' },
  { label: 'Tahoma', value: 'Tahoma, sans-serif' },
  { label: 'Verdana', value: 'Verdana, sans-serif' },
  { label: 'Georgia', value: 'Georgia, serif' },
  { label: 'Courier New', value: '"Courier New", monospace' },
  { label: 'Segoe UI', value: '"Segoe UI", sans-serif' },
];

/**
 * The editor's content model. Images are inline (TipTap's documented `inline` option), so `<p><img></p>` — what
 * the websites' content and the demo hold — stays one paragraph instead of being split around a block image.
 * No trailing node: it appended an empty paragraph after a closing table or list, which is an edit nobody made
 * (the gap cursor still reaches past a table).
 */
export const editorExtensions = [
  StarterKit.configure({ link: { openOnClick: false, autolink: true, defaultProtocol: 'https' }, trailingNode: false }),
  TextStyle,
  FontFamily,
  FontSize,
  UploadableImage.configure({ inline: true, allowBase64: false }),
  TableKit.configure({ table: { resizable: false } }),
];

/** Tiptap editor with the console's toolbar; loaded lazily by RichTextField. */
export default function RichTextEditor({ value, onChange, disabled, minHeight = 240, id, 'aria-label': ariaLabel }: RichTextFieldProps) {
  const { t } = useTranslation('editor');
  const { token } = theme.useToken();
  const fileInput = useRef<HTMLInputElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const messages = useMemo(
    (): UploadMessages => ({
      tooLarge: (name) => t('imageTooLarge', { name }),
      notImage: (name) => t('notImage', { name }),
    }),
    [t],
  );
  const messagesRef = useRef(messages);
  useEffect(() => {
    messagesRef.current = messages;
  }, [messages]);

  const editorRef = useRef<Editor | null>(null);
  /** The HTML last put in from outside: unchanged blocks are given back as they came (keptHtml.ts). */
  const loaded = useRef<LoadedHtml | null>(null);
  const valueRef = useRef(value);
  useEffect(() => {
    valueRef.current = value;
  }, [value]);
  const editor = useEditor({
    extensions: editorExtensions,
    content: value ?? '',
    editable: !disabled,
    onUpdate: ({ editor: current }) => {
      const html = editorHtml(current, loaded.current);
      // A step after which the HTML is what the field already holds is no change of the field.
      if (html !== (valueRef.current ?? '')) onChangeRef.current?.(html);
    },
    editorProps: {
      attributes: {
        'data-testid': 'rich-text',
        spellcheck: 'true',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(id ? { id } : {}),
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
      },
      // Pasted and dropped pictures are uploaded instead of being embedded as data.
      handlePaste: (_view, event) => {
        const images = imageFilesOf(event.clipboardData?.files);
        if (!images.length || !editorRef.current) return false;
        event.preventDefault();
        void insertImages(editorRef.current, images, messagesRef.current);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const images = moved ? [] : imageFilesOf(event.dataTransfer?.files);
        if (!images.length || !editorRef.current) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        void insertImages(editorRef.current, images, messagesRef.current, at?.pos);
        return true;
      },
    },
  });
  useEffect(() => {
    editorRef.current = editor;
  }, [editor]);

  // A value set from outside (record loaded, form reset) replaces the document; our own echoes do not.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const next = value ?? '';
    if (loaded.current && next === editorHtml(editor, loaded.current)) return;
    // Loading is not a step the user could undo (undo would empty the field).
    editor.chain().setMeta('addToHistory', false).setContent(next, { emitUpdate: false }).run();
    loaded.current = rememberLoaded(next, editor.state.doc, editor.schema);
  }, [editor, value]);

  useEffect(() => {
    // No update event: making the editor (non-)editable is not an edit, and would validate an untouched field.
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  const cssVars = {
    '--sd-rt-border': token.colorBorder,
    '--sd-rt-border-strong': token.colorBorderSecondary,
    '--sd-rt-header': token.colorFillAlter,
    '--sd-rt-selected': token.colorPrimaryBg,
    '--sd-rt-link': token.colorLink,
    '--sd-rt-radius': `${token.borderRadius}px`,
    '--sd-rt-min-height': `${minHeight}px`,
    '--sd-rt-bg': disabled ? token.colorBgContainerDisabled : token.colorBgContainer,
  } as CSSProperties;

  return (
    <div className="sd-rich-text" style={cssVars} data-disabled={disabled || undefined}>
      {editor && (
        // The toolbar's selects are tools, not the field: they do not turn red with the field's error.
        <NoFormStyle status override>
          <Toolbar editor={editor} disabled={disabled} onImage={() => fileInput.current?.click()} />
        </NoFormStyle>
      )}
      <EditorContent editor={editor} className="sd-rich-text-content" />
      <input
        ref={fileInput}
        type="file"
        style={{ display: 'none' }}
        multiple
        accept={inputAccept('image')}
        data-testid="editor-image-input"
        onChange={(event) => {
          const files = imageFilesOf(event.target.files);
          event.target.value = '';
          if (editor && files.length) void insertImages(editor, files, messages);
        }}
      />
    </div>
  );
}

function Toolbar({ editor, disabled, onImage }: { editor: Editor; disabled?: boolean; onImage(): void }) {
  const { t } = useTranslation('editor');
  const [linkOpen, setLinkOpen] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      heading: ([1, 2, 3, 4] as const).find((level) => e.isActive('heading', { level })) ?? 0,
      fontSize: (e.getAttributes('textStyle').fontSize as string | undefined) ?? '',
      fontFamily: (e.getAttributes('textStyle').fontFamily as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  // Each toolbar action is its own undo step: without closing the history group, an action taken within
  // half a second of the previous edit (insert a table, then add a row) would be undone together with it.
  const chain = () =>
    editor
      .chain()
      .focus()
      .command(({ tr }) => {
        closeHistory(tr);
        return true;
      });
  const history = () => editor.chain().focus();
  const button = (key: string, icon: ReactNode, active: boolean, run: () => void, enabled = true) => (
    <Tooltip key={key} title={t(key)}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={t(key)}
        aria-pressed={active}
        icon={icon}
        disabled={disabled || !enabled}
        onMouseDown={(event) => event.preventDefault() /* keep the editor's selection */}
        onClick={run}
      />
    </Tooltip>
  );

  const tableItems = [
    { key: 'insertTable', label: t('table.insert'), disabled: state.table },
    { key: 'addRowAfter', label: t('table.addRow'), disabled: !state.table },
    { key: 'deleteRow', label: t('table.deleteRow'), disabled: !state.table },
    { key: 'addColumnAfter', label: t('table.addColumn'), disabled: !state.table },
    { key: 'deleteColumn', label: t('table.deleteColumn'), disabled: !state.table },
    { key: 'toggleHeaderRow', label: t('table.headerRow'), disabled: !state.table },
    { type: 'divider' as const },
    { key: 'deleteTable', label: t('table.delete'), danger: true, disabled: !state.table },
  ];
  const onTable = (key: string) => {
    const c = chain();
    if (key === 'insertTable') c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
    else if (key === 'addRowAfter') c.addRowAfter().run();
    else if (key === 'deleteRow') c.deleteRow().run();
    else if (key === 'addColumnAfter') c.addColumnAfter().run();
    else if (key === 'deleteColumn') c.deleteColumn().run();
    else if (key === 'toggleHeaderRow') c.toggleHeaderRow().run();
    else if (key === 'deleteTable') c.deleteTable().run();
  };

  return (
    <div className="sd-rich-text-toolbar" role="toolbar" aria-label={t('toolbar')}>
      {button('undo', <UndoOutlined />, false, () => history().undo().run(), state.canUndo)}
      {button('redo', <RedoOutlined />, false, () => history().redo().run(), state.canRedo)}
      <Divider type="vertical" />
      <Select
        size="small"
        aria-label={t('blockType')}
        style={{ width: 120 }}
        disabled={disabled}
        value={state.heading}
        onChange={(level: number) => (level ? chain().setHeading({ level: level as 1 | 2 | 3 | 4 }).run() : chain().setParagraph().run())}
        options={[
          { value: 0, label: t('paragraph') },
          ...[1, 2, 3, 4].map((level) => ({ value: level, label: t('heading', { level }) })),
        ]}
      />
      <Select
        size="small"
        aria-label={t('fontFamily')}
        placeholder={t('fontFamily')}
        style={{ width: 150 }}
        disabled={disabled}
        value={state.fontFamily || undefined}
        allowClear
        onClear={() => chain().unsetFontFamily().run()}
        onChange={(family?: string) => (family ? chain().setFontFamily(family).run() : chain().unsetFontFamily().run())}
        options={FONTS.map((font) => ({ value: font.value, label: <span style={{ fontFamily: font.value }}>{font.label}</span>, title: font.label }))}
      />
      <Select
        size="small"
        aria-label={t('fontSize')}
        placeholder={t('fontSize')}
        style={{ width: 84 }}
        disabled={disabled}
        value={state.fontSize || undefined}
        allowClear
        onClear={() => chain().unsetFontSize().run()}
        onChange={(size?: string) => (size ? chain().setFontSize(size).run() : chain().unsetFontSize().run())}
        options={FONT_SIZES.map((size) => ({ value: size, label: size }))}
      />
      <Divider type="vertical" />
      {button('bold', <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
      {button('italic', <ItalicOutlined />, state.italic, () => chain().toggleItalic().run())}
      {button('underline', <UnderlineOutlined />, state.underline, () => chain().toggleUnderline().run())}
      {button('strike', <StrikethroughOutlined />, state.strike, () => chain().toggleStrike().run())}
      <Divider type="vertical" />
      {button('bulletList', <UnorderedListOutlined />, state.bullet, () => chain().toggleBulletList().run())}
      {button('orderedList', <OrderedListOutlined />, state.ordered, () => chain().toggleOrderedList().run())}
      <Divider type="vertical" />
      {button('link', <LinkOutlined />, state.link, () => setLinkOpen(true))}
      {state.link && button('unlink', <DisconnectOutlined />, false, () => chain().extendMarkRange('link').unsetLink().run())}
      {button('image', <PictureOutlined />, false, onImage)}
      <Dropdown disabled={disabled} trigger={['click']} menu={{ items: tableItems, onClick: ({ key }) => onTable(key) }}>
        <Tooltip title={t('table.menu')}>
          <Button size="small" type={state.table ? 'primary' : 'text'} aria-label={t('table.menu')} icon={<TableOutlined />} disabled={disabled} />
        </Tooltip>
      </Dropdown>
      <LinkDialog
        open={linkOpen}
        initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
        onCancel={() => setLinkOpen(false)}
        onSubmit={(href) => {
          setLinkOpen(false);
          const c = chain().extendMarkRange('link');
          if (!href) c.unsetLink().run();
          else if (editor.state.selection.empty && !state.link) c.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
          else c.setLink({ href }).run();
        }}
      />
    </div>
  );
}

function LinkDialog({ open, initial, onCancel, onSubmit }: { open: boolean; initial: string; onCancel(): void; onSubmit(href: string): void }) {
  const { t } = useTranslation('editor');
  const [href, setHref] = useState(initial);
  const [shownFor, setShownFor] = useState(false);
  // Start from the link under the cursor each time the dialog opens.
  if (open !== shownFor) {
    setShownFor(open);
    if (open) setHref(initial);
  }
  const submit = () => onSubmit(normalizeHref(href));
  return (
    <Modal open={open} title={t('linkTitle')} onCancel={onCancel} onOk={submit} okText={t('ok')} cancelText={t('cancel')} destroyOnHidden>
      <Input autoFocus value={href} placeholder="https://" onChange={(event) => setHref(event.target.value)} onPressEnter={submit} aria-label={t('linkAddress')} />
    </Modal>
  );
}

/** "example.com" → "https://example.com"; site paths, anchors, mailto: and tel: kept as written. */
export function normalizeHref(raw: string): string {
  const href = raw.trim();
  if (!href) return '';
  if (/^(https?:|mailto:|tel:|\/|#)/i.test(href)) return href;
  return `https://${href}`;
}

