import { Modal, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../core/notices';
import { fileByUrl } from './api';
import FileManager from './FileManager';
import type { AcceptKind } from './fileTypes';
import { lastPickedFolder, rememberPickedFolder } from './pickerMemory';
import { ROOT_ID, type FileItem, type PickedFile } from './types';

export interface FilePickerModalProps {
  open: boolean;
  /** 'image' (default): images only; 'file': the spec's list (png, jpeg, jpg, webp, txt, pdf, doc, docx, xls, xlsx, gif); 'media': .mp3 and .mp4. */
  accept?: AcceptKind;
  /** The URL the field holds now: the picker opens in that file's folder. */
  currentUrl?: string;
  onCancel(): void;
  onPick(file: PickedFile): void;
}

/** Spec popup size: 800 × 670 (the body takes what the title and the buttons leave). */
const WIDTH = 800;
const BODY_HEIGHT = 670 - 56 - 56;

const picked = (file: FileItem): PickedFile => ({ id: file.id, name: file.name, url: file.url, size: file.size, folderId: file.folderId });

/**
 * Where the picker opens: the folder of the field's current file, else where this user last picked a file of this
 * kind, else the root. A file or folder since deleted falls back (the manager goes to the root from a folder it
 * cannot read).
 */
async function startFolder(accept: AcceptKind, currentUrl: string | undefined): Promise<number> {
  if (currentUrl) {
    const file = await fileByUrl(currentUrl).catch(() => null);
    if (file) return file.folderId ?? ROOT_ID;
  }
  return (await lastPickedFolder(accept)) ?? ROOT_ID;
}

/**
 * The file picker (spec: "A picker popup (800x670) embeds the file manager"): the same manager as /file,
 * showing only the files `accept` allows, opened in the folder of the field's file or where the user last picked
 * one. Choose (or Enter, or a double-click) hands the file back; choosing with nothing selected says 'Please select
 * file'.
 */
export function FilePickerModal({ open, accept = 'image', currentUrl, onCancel, onPick }: FilePickerModalProps) {
  const { t } = useTranslation('files');
  const [chosen, setChosen] = useState<FileItem | null>(null);
  /** The folder to open in, once known (null while it is being found). */
  const [start, setStart] = useState<number | null>(null);
  const pick = useCallback(
    (file: FileItem) => {
      void rememberPickedFolder(accept, file.folderId);
      onPick(picked(file));
    },
    [accept, onPick],
  );

  useEffect(() => {
    if (!open) return;
    let live = true;
    void startFolder(accept, currentUrl).then((id) => {
      if (live) setStart(id);
    });
    // Closed (or another file): the next opening finds its folder again rather than showing the last one first.
    return () => {
      live = false;
      setStart(null);
    };
  }, [open, accept, currentUrl]);

  return (
    <Modal
      open={open}
      width={WIDTH}
      centered
      title={accept === 'image' ? t('picker.titleImage') : accept === 'media' ? t('picker.titleMedia') : t('picker.title')}
      okText={t('picker.choose')}
      cancelText={t('cancel')}
      onCancel={onCancel}
      onOk={() => (chosen ? pick(chosen) : notifyError(t('picker.selectFile')))}
      destroyOnHidden
      styles={{ body: { height: BODY_HEIGHT, overflow: 'hidden' } }}
      data-testid="file-picker"
    >
      {start === null ? (
        <Spin style={{ display: 'block', marginTop: 96 }} />
      ) : (
        <FileManager mode="picker" accept={accept} initialFolderId={start} onChosenChange={setChosen} onPick={pick} height={BODY_HEIGHT} />
      )}
    </Modal>
  );
}

export default FilePickerModal;
