import { Form, Input, Modal } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InputRef } from 'antd';
import FolderTree from './FolderTree';
import { useFolderCache } from './folderCache';
import { ROOT_ID } from './types';

export interface NameDialogProps {
  open: boolean;
  title: string;
  initial?: string;
  /** For files: select only the part before the extension, as desktops do when renaming. */
  selectStem?: boolean;
  onCancel(): void;
  /** Resolve to close; reject to keep the dialog open (the error has been shown). */
  onSubmit(name: string): Promise<void>;
}

/** New folder and rename: one name, required, Enter submits. */
export function NameDialog({ open, title, initial = '', selectStem, onCancel, onSubmit }: NameDialogProps) {
  const { t } = useTranslation('files');
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const input = useRef<InputRef>(null);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ name: initial });
    // After the modal's opening animation has mounted the input.
    const timer = setTimeout(() => {
      const element = input.current?.input;
      if (!element) return;
      element.focus();
      const dot = initial.lastIndexOf('.');
      element.setSelectionRange(0, selectStem && dot > 0 ? dot : initial.length);
    }, 50);
    return () => clearTimeout(timer);
  }, [open, initial, selectStem, form]);

  const submit = async () => {
    const { name } = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit(name.trim());
    } catch {
      // shown already; keep the dialog open to correct the name
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={title} onCancel={onCancel} onOk={() => void submit()} okText={t('ok')} cancelText={t('cancel')} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}>
          <Input ref={input} maxLength={255} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface FolderChooserProps {
  open: boolean;
  title: string;
  okText: string;
  /** Folders being moved: neither they nor their subfolders can be the target. */
  excludedIds?: ReadonlySet<number>;
  initialId?: number;
  onCancel(): void;
  onChoose(folderId: number): Promise<void>;
}

/** Choose a target folder (Move to…, Copy to…) in a tree of its own. */
export function FolderChooser({ open, title, okText, excludedIds, initialId = ROOT_ID, onCancel, onChoose }: FolderChooserProps) {
  const { t } = useTranslation('files');
  const cache = useFolderCache();
  const [selected, setSelected] = useState(initialId);
  const [expanded, setExpanded] = useState<number[]>([ROOT_ID]);
  const [busy, setBusy] = useState(false);
  const { load } = cache;

  // Each opening starts at the folder on screen, with the tree closed.
  const [openedFor, setOpenedFor] = useState(false);
  if (open !== openedFor) {
    setOpenedFor(open);
    if (open) {
      setSelected(initialId);
      setExpanded([ROOT_ID]);
    }
  }
  useEffect(() => {
    if (open) void load(ROOT_ID).catch(() => undefined);
  }, [open, load]);

  const disabled = useMemo(() => excludedIds ?? new Set<number>(), [excludedIds]);
  const blocked = disabled.has(selected);

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('cancel')}
      onCancel={onCancel}
      okButtonProps={{ disabled: blocked }}
      confirmLoading={busy}
      destroyOnHidden
      onOk={async () => {
        setBusy(true);
        try {
          await onChoose(selected);
        } finally {
          setBusy(false);
        }
      }}
    >
      <div style={{ minHeight: 240 }}>
        <FolderTree cache={cache} selectedId={selected} onSelect={setSelected} expandedIds={expanded} onExpandedChange={setExpanded} disabledIds={disabled} height={360} />
      </div>
    </Modal>
  );
}
