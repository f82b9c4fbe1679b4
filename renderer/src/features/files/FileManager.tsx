import {
  AppstoreOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DragOutlined,
  EditOutlined,
  FolderAddOutlined,
  ReloadOutlined,
  UnorderedListOutlined,
  UploadOutlined,
  LoadingOutlined,
} from '@ant-design/icons';
import { Breadcrumb, Button, Dropdown, Empty, Modal, Segmented, Space, Tooltip, Typography, theme, type MenuProps } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidate } from '../../resources/queries';
import { directoryKey } from './api';
import { FolderChooser, NameDialog } from './dialogs';
import FileGrid from './FileGrid';
import FileTable from './FileTable';
import FolderTree from './FolderTree';
import { inputAccept, matchesAccept, type AcceptKind } from './fileTypes';
import PreviewModal from './PreviewModal';
import { clickSelect, contextSelect, emptySelection, moveSelect, selectAll } from './selection';
import { entryKey, ROOT_ID, type Entry, type FileItem, type FolderItem } from './types';
import UploadPanel from './UploadPanel';
import { uploads } from './uploads';
import { useViewMode } from './useViewMode';
import { useDirectory } from './useDirectory';
import { useEntrySelection } from './useEntrySelection';
import { useFileActions } from './useFileActions';
import { toggleKey, useFileDrag } from './useFileDrag';

export interface FileManagerProps {
  /** `page` at /file; `picker` inside the file picker (single file chosen, filtered by `accept`). */
  mode?: 'page' | 'picker';
  /** Picker: which files are shown and may be uploaded. */
  accept?: AcceptKind;
  /** Picker: the file now chosen (the focused one of the selection), or null. */
  onChosenChange?(file: FileItem | null): void;
  /** Picker: Enter or double-click on a file. */
  onPick?(file: FileItem): void;
  /** Height of the whole manager (the view scrolls inside). */
  height?: number | string;
  /** The folder shown first (the root unless told; a folder since deleted falls back to the root). */
  initialFolderId?: number;
  /** A file of that folder selected (and scrolled to) once the folder is on screen: the search's result. */
  initialFileId?: number;
}

type Dialog =
  | { kind: 'newFolder' }
  | { kind: 'rename'; entry: Entry }
  | { kind: 'move' | 'copy'; entries: Entry[] }
  | { kind: 'preview'; file: FileItem }
  | null;


/**
 * The file manager (spec: /file, and the picker popup embeds it): folder tree, breadcrumb, grid or list,
 * create / rename / move / copy / delete / download, multi-select with mouse and keyboard, drag items
 * onto folders, drop the user's files to upload them. The loading, the selection, the actions and the drag and
 * drop are hooks of their own (useDirectory, useEntrySelection, useFileActions, useFileDrag); this is the screen.
 */
export default function FileManager({ mode = 'page', accept, onChosenChange, onPick, height = '100%', initialFolderId, initialFileId }: FileManagerProps) {
  const { t } = useTranslation('files');
  const { token } = theme.useToken();
  const [modal, modalHolder] = Modal.useModal();
  const picker = mode === 'picker';
  const [view, setView] = useViewMode();
  const [dialog, setDialog] = useState<Dialog>(null);
  const viewRef = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const { folderId, setFolderId, directory, loading, reload, expanded, setExpanded, cache } = useDirectory(initialFolderId);

  const entries = useMemo((): Entry[] => {
    if (!directory) return [];
    const folders = directory.folders.map((folder): Entry => ({ kind: 'folder', ...folder }));
    const files = directory.files
      .filter((file) => !picker || matchesAccept(file.name, accept))
      .map((file): Entry => ({ kind: 'file', ...file }));
    return [...folders, ...files];
  }, [directory, picker, accept]);
  const { setSelection, order, byKey, current, selected, selectedKeys, chosen } = useEntrySelection(entries);

  useEffect(() => {
    onChosenChange?.(chosen);
  }, [chosen, onChosenChange]);

  // The file the address asks for, selected once its folder has arrived (only once: the user's clicks win after).
  const wantedFile = useRef(initialFileId);
  useEffect(() => {
    if (wantedFile.current === undefined) return;
    const key = entryKey({ kind: 'file', id: wantedFile.current });
    if (!order.includes(key)) return;
    wantedFile.current = undefined;
    setSelection({ keys: [key], anchor: key, focus: key });
  }, [order, setSelection]);

  // A finished upload into the folder on screen shows up at once; in the picker it is also chosen, since
  // uploading there means "this is the file I want".
  useEffect(
    () =>
      uploads.onCompleted((entry) => {
        const into = entry.file?.folderId ?? entry.folderId ?? ROOT_ID;
        // Whatever shows that folder reads it again (the view here, a tree elsewhere).
        void invalidate(directoryKey(into || ROOT_ID));
        if ((into || ROOT_ID) !== folderId) return;
        if (picker && entry.file) {
          const key = entryKey({ kind: 'file', id: entry.file.id });
          setSelection({ keys: [key], anchor: key, focus: key });
        }
      }),
    [folderId, picker, setSelection],
  );

  const open = useCallback(
    (id: number) => {
      setSelection(emptySelection);
      setFolderId(id);
    },
    [setSelection, setFolderId],
  );
  const parentId = directory?.folder?.parentId ?? ROOT_ID;
  const goUp = () => {
    if (folderId !== ROOT_ID) open(parentId);
  };

  const { createFolder, rename, move, copy, remove, download, upload, chooseFiles } = useFileActions({
    folderId,
    modal,
    accept,
    picker,
    clearSelection: () => setSelection(emptySelection),
    closeDialog: () => setDialog(null),
    fileInput,
  });
  const { dropKey, onItemDragStart, onItemDragEnd, dropFor } = useFileDrag({ order, current, selected, selectedKeys, setSelection, upload, move, copy });

  /** Folders that cannot receive the moved items: themselves (the server also refuses their subfolders). */
  const foldersOf = (items: Entry[]) => new Set(items.filter((e) => e.kind === 'folder').map((e) => e.id));

  const activate = (entry: Entry) => {
    if (entry.kind === 'folder') open(entry.id);
    else if (picker) onPick?.(entry);
    else setDialog({ kind: 'preview', file: entry });
  };

  const startRename = () => {
    if (selected.length === 1) setDialog({ kind: 'rename', entry: selected[0] });
  };

  // ---- mouse ----

  const onItemClick = (event: MouseEvent, entry: Entry) => {
    event.stopPropagation();
    setSelection(clickSelect(order, current, entryKey(entry), { toggle: toggleKey(event), range: event.shiftKey }));
    viewRef.current?.focus({ preventScroll: true });
  };
  const onItemContextMenu = (entry: Entry) => setSelection(contextSelect(current, entryKey(entry)));

  // ---- keyboard ----

  const columns = () => {
    if (view !== 'grid' || !viewRef.current) return 1;
    const tiles = Array.from(viewRef.current.querySelectorAll<HTMLElement>('[data-entry-key]'));
    const top = tiles[0]?.offsetTop;
    const perRow = tiles.findIndex((tile) => tile.offsetTop !== top);
    return perRow > 0 ? perRow : Math.max(1, tiles.length);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.target as HTMLElement).closest('input, textarea, [contenteditable="true"]')) return;
    const key = event.key;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    if ((key === 'a' || key === 'A') && toggleKey(event)) {
      handled();
      setSelection(selectAll(order, current));
    } else if (key === 'Delete' && !picker) {
      handled();
      void remove(selected);
    } else if (key === 'F2') {
      handled();
      startRename();
    } else if (key === 'Enter') {
      const focus = current.focus ? byKey.get(current.focus) : undefined;
      if (focus) {
        handled();
        activate(focus);
      }
    } else if (key === 'Backspace' || (key === 'ArrowUp' && event.altKey)) {
      handled();
      goUp();
    } else if (key === 'Escape' && current.keys.length) {
      handled();
      setSelection(emptySelection);
    } else if (key.startsWith('Arrow')) {
      const step = key === 'ArrowLeft' ? -1 : key === 'ArrowRight' ? 1 : (key === 'ArrowUp' ? -1 : 1) * columns();
      if (view === 'list' && (key === 'ArrowLeft' || key === 'ArrowRight')) return;
      handled();
      setSelection(moveSelect(order, current, step, event.shiftKey));
    }
  };

  // Keep the focused item in sight when the keyboard moves.
  useEffect(() => {
    if (!current.focus) return;
    viewRef.current?.querySelector(`[data-entry-key="${current.focus}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current.focus]);

  // ---- menus ----

  const single = selected.length === 1 ? selected[0] : null;
  const anyFile = selected.some((entry) => entry.kind === 'file');
  const actions: MenuProps['items'] = [
    ...(single?.kind === 'folder' ? [{ key: 'open', label: t('open') }] : []),
    ...(single?.kind === 'file' && picker ? [{ key: 'pick', label: t('picker.choose') }] : []),
    ...(single?.kind === 'file' && !picker ? [{ key: 'preview', label: t('preview') }] : []),
    { key: 'rename', label: t('rename'), icon: <EditOutlined />, disabled: !single, extra: 'F2' },
    { key: 'move', label: t('moveTo'), icon: <DragOutlined />, disabled: !selected.length },
    { key: 'copy', label: t('copyTo'), icon: <CopyOutlined />, disabled: !selected.length },
    { key: 'download', label: t('download'), icon: <DownloadOutlined />, disabled: !anyFile },
    { type: 'divider' },
    { key: 'delete', label: t('delete.action'), icon: <DeleteOutlined />, danger: true, disabled: !selected.length, extra: 'Delete' },
  ];
  const backgroundActions: MenuProps['items'] = [
    { key: 'newFolder', label: t('newFolder'), icon: <FolderAddOutlined /> },
    { key: 'upload', label: t('upload.action'), icon: <UploadOutlined /> },
    { key: 'refresh', label: t('refresh'), icon: <ReloadOutlined /> },
    { key: 'selectAll', label: t('selectAll'), disabled: !order.length, extra: 'Ctrl+A' },
  ];
  const onMenu = (key: string) => {
    if (key === 'open' && single) activate(single);
    else if (key === 'pick' && single?.kind === 'file') onPick?.(single);
    else if (key === 'preview' && single?.kind === 'file') setDialog({ kind: 'preview', file: single });
    else if (key === 'rename') startRename();
    else if (key === 'move' || key === 'copy') setDialog({ kind: key, entries: selected });
    else if (key === 'download') void download(selected);
    else if (key === 'delete') void remove(selected);
    else if (key === 'newFolder') setDialog({ kind: 'newFolder' });
    else if (key === 'upload') chooseFiles();
    else if (key === 'refresh') void reload();
    else if (key === 'selectAll') setSelection(selectAll(order, current));
  };

  // ---- render ----

  const crumbs = directory?.breadcrumb ?? [{ id: ROOT_ID, name: '' }];
  const viewDrop = dropFor(folderId, 'view');
  const itemDrop = (entry: Entry) => (entry.kind === 'folder' ? dropFor(entry.id, `folder:${entry.id}`) : undefined);
  const itemProps = {
    entries,
    selectedKeys,
    focusKey: current.focus,
    dropKey,
    onClick: onItemClick,
    onDoubleClick: activate,
    onContextMenu: onItemContextMenu,
    onDragStart: onItemDragStart,
    onDragEnd: onItemDragEnd,
    dropFor: itemDrop,
  };

  return (
    <div data-testid="file-manager" style={{ display: 'flex', flexDirection: 'column', height, minHeight: 0, gap: 8 }}>
      {modalHolder}
      <Space wrap size={[8, 8]} style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap size={4}>
          <Tooltip title={t('up')}>
            <Button icon={<ArrowUpOutlined />} aria-label={t('up')} disabled={folderId === ROOT_ID} onClick={goUp} />
          </Tooltip>
          <Button icon={<FolderAddOutlined />} onClick={() => setDialog({ kind: 'newFolder' })}>
            {t('newFolder')}
          </Button>
          <Button type="primary" icon={<UploadOutlined />} onClick={chooseFiles}>
            {t('upload.action')}
          </Button>
          <Tooltip title={t('refresh')}>
            <Button icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={() => void reload()} />
          </Tooltip>
        </Space>
        <Space wrap size={4}>
          <Tooltip title={t('rename')}>
            <Button icon={<EditOutlined />} aria-label={t('rename')} disabled={!single} onClick={startRename} />
          </Tooltip>
          <Tooltip title={t('moveTo')}>
            <Button icon={<DragOutlined />} aria-label={t('moveTo')} disabled={!selected.length} onClick={() => setDialog({ kind: 'move', entries: selected })} />
          </Tooltip>
          <Tooltip title={t('copyTo')}>
            <Button icon={<CopyOutlined />} aria-label={t('copyTo')} disabled={!selected.length} onClick={() => setDialog({ kind: 'copy', entries: selected })} />
          </Tooltip>
          <Tooltip title={t('download')}>
            <Button icon={<DownloadOutlined />} aria-label={t('download')} disabled={!anyFile} onClick={() => void download(selected)} />
          </Tooltip>
          <Tooltip title={t('delete.action')}>
            <Button danger icon={<DeleteOutlined />} aria-label={t('delete.action')} disabled={!selected.length} onClick={() => void remove(selected)} />
          </Tooltip>
          <Segmented<'grid' | 'list'>
            value={view}
            onChange={setView}
            options={[
              { value: 'grid', icon: <AppstoreOutlined />, title: t('viewGrid') },
              { value: 'list', icon: <UnorderedListOutlined />, title: t('viewList') },
            ]}
          />
        </Space>
      </Space>

      <Breadcrumb
        items={crumbs.map((crumb, index) => ({
          key: crumb.id,
          title:
            index === crumbs.length - 1 ? (
              <span>{crumb.id === ROOT_ID ? t('root') : crumb.name}</span>
            ) : (
              <a
                onClick={(event) => {
                  event.preventDefault();
                  open(crumb.id);
                }}
                href="#"
                {...dropFor(crumb.id, `crumb:${crumb.id}`)}
              >
                {crumb.id === ROOT_ID ? t('root') : crumb.name}
              </a>
            ),
        }))}
      />

      <div style={{ display: 'flex', flex: 1, minHeight: 0, gap: 8 }}>
        <div
          data-testid="folder-tree"
          style={{ width: picker ? 190 : 240, flexShrink: 0, overflow: 'auto', borderRight: `1px solid ${token.colorBorderSecondary}`, paddingRight: 4 }}
        >
          <FolderTree
            cache={cache}
            selectedId={folderId}
            onSelect={open}
            expandedIds={expanded}
            onExpandedChange={setExpanded}
            dropFor={(id) => dropFor(id, `tree:${id}`)}
            dropTargetId={dropKey?.startsWith('tree:') ? Number(dropKey.slice(5)) : null}
          />
        </div>
        <Dropdown trigger={['contextMenu']} menu={{ items: selected.length ? actions : backgroundActions, onClick: ({ key }) => onMenu(key) }}>
          <div
            ref={viewRef}
            tabIndex={0}
            role="listbox"
            aria-multiselectable
            // While it loads it holds the spinner, not its options: busy, so assistive technology waits for them.
            aria-busy={(loading && !directory) || undefined}
            aria-label={t('title')}
            data-testid="file-view"
            data-drop-target={dropKey === 'view' || undefined}
            onKeyDown={onKeyDown}
            onClick={() => setSelection(emptySelection)}
            onContextMenu={(event) => {
              if (event.target === event.currentTarget) setSelection(emptySelection);
            }}
            {...viewDrop}
            style={{
              flex: 1,
              minWidth: 0,
              overflow: 'auto',
              position: 'relative',
              outline: dropKey === 'view' ? `2px dashed ${token.colorPrimary}` : 'none',
              background: dropKey === 'view' ? token.colorPrimaryBg : undefined,
              borderRadius: token.borderRadius,
              padding: 4,
            }}
          >
            {/* A listbox holds options only: while it loads, a spinner hidden from assistive technology (the listbox
                says it is busy), not antd's Spin and its live region. */}
            {loading && !directory ? (
              <div aria-hidden style={{ textAlign: 'center', padding: 48 }} data-testid="file-view-loading">
                <LoadingOutlined spin style={{ fontSize: 24, color: token.colorPrimary }} />
              </div>
            ) : entries.length === 0 && !loading ? (
              <Empty style={{ marginTop: 48 }} description={t('emptyFolder')} />
            ) : view === 'grid' ? (
              <FileGrid {...itemProps} />
            ) : (
              <FileTable {...itemProps} />
            )}
          </div>
        </Dropdown>
      </div>

      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="file-status">
        {t('status', { count: entries.length })}
        {selected.length ? ` · ${t('selectedCount', { count: selected.length })}` : ''}
      </Typography.Text>

      <UploadPanel floating={!picker} />

      <input
        ref={fileInput}
        type="file"
        multiple
        style={{ display: 'none' }}
        data-testid="upload-input"
        accept={picker ? inputAccept(accept) : inputAccept()}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) void upload(files, folderId);
        }}
      />

      <NameDialog
        open={dialog?.kind === 'newFolder'}
        title={t('newFolder')}
        initial={t('newFolderName')}
        onCancel={() => setDialog(null)}
        onSubmit={createFolder}
      />
      <NameDialog
        open={dialog?.kind === 'rename'}
        title={t('rename')}
        initial={dialog?.kind === 'rename' ? dialog.entry.name : ''}
        selectStem={dialog?.kind === 'rename' && dialog.entry.kind === 'file'}
        onCancel={() => setDialog(null)}
        onSubmit={(name) => (dialog?.kind === 'rename' ? rename(dialog.entry, name) : Promise.resolve())}
      />
      <FolderChooser
        open={dialog?.kind === 'move' || dialog?.kind === 'copy'}
        title={dialog?.kind === 'copy' ? t('copyTitle', { count: dialog.entries.length }) : t('moveTitle', { count: dialog?.kind === 'move' ? dialog.entries.length : 0 })}
        okText={dialog?.kind === 'copy' ? t('copy') : t('move')}
        initialId={folderId}
        excludedIds={dialog?.kind === 'move' || dialog?.kind === 'copy' ? foldersOf(dialog.entries) : undefined}
        onCancel={() => setDialog(null)}
        onChoose={async (target) => {
          if (dialog?.kind === 'move') await move(dialog.entries, target);
          else if (dialog?.kind === 'copy') await copy(dialog.entries, target);
          setDialog(null);
        }}
      />
      <PreviewModal
        file={dialog?.kind === 'preview' ? dialog.file : null}
        onClose={() => setDialog(null)}
        onDownload={(file) => void download([{ kind: 'file', ...file }])}
        onChanged={(file) => setDialog((open) => (open?.kind === 'preview' && open.file.id === file.id ? { kind: 'preview', file } : open))}
      />
    </div>
  );
}

export type { FileItem, FolderItem };
