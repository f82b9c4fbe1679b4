import { Modal } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../core/notices';
import FileManager from './FileManager';
import type { AcceptKind } from './fileTypes';
import type { FileItem, PickedFile } from './types';

export interface FilePickerModalProps {
  open: boolean;
  /** 'image' (default): images only; 'file': the spec's list (png, jpeg, jpg, webp, txt, pdf, doc, docx, xls, xlsx, gif); 'media': .mp3 and .mp4. */
  accept?: AcceptKind;
  onCancel(): void;
  onPick(file: PickedFile): void;
}

/** Spec popup size: 800 × 670 (the body takes what the title and the buttons leave). */
const WIDTH = 800;
const BODY_HEIGHT = 670 - 56 - 56;

const picked = (file: FileItem): PickedFile => ({ id: file.id, name: file.name, url: file.url, size: file.size });

/**
 * The file picker (spec: "A picker popup (800x670) embeds the file manager"): the same manager as /file,
 * showing only the files `accept` allows. Choose (or Enter, or a double-click) hands the file back;
 * choosing with nothing selected says 'Please select file'.
 */
export function FilePickerModal({ open, accept = 'image', onCancel, onPick }: FilePickerModalProps) {
  const { t } = useTranslation('files');
  const [chosen, setChosen] = useState<FileItem | null>(null);
  const pick = useCallback((file: FileItem) => onPick(picked(file)), [onPick]);

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
      <FileManager mode="picker" accept={accept} onChosenChange={setChosen} onPick={pick} height={BODY_HEIGHT} />
    </Modal>
  );
}

export default FilePickerModal;
