import { FileOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Image, Space, Typography, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isImageName, type AcceptKind } from './fileTypes';
import { nameFromUrl, resolveFileUrl, sizedFileUrl, thumbnailUrl } from './urls';

// The picker carries the whole file manager: loaded the first time someone presses Choose.
const FilePickerModal = lazy(() => import('./FilePickerModal'));

export interface ImageThumbProps {
  url?: string;
  /** Pixels; the spec's grids use 50. */
  height?: number;
}

/** A stored image's thumbnail at a fixed height (click to enlarge), or an empty frame when there is none. */
export function ImageThumb({ url, height = 50 }: ImageThumbProps) {
  const { token } = theme.useToken();
  const frame = { height, minWidth: height, borderRadius: token.borderRadiusSM, border: `1px dashed ${token.colorBorder}` };
  if (!url) {
    return (
      <span style={{ ...frame, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', color: token.colorTextQuaternary }}>
        <PictureOutlined style={{ fontSize: Math.max(14, height * 0.4) }} />
      </span>
    );
  }
  if (!isImageName(nameFromUrl(url)) && !/^data:image\//.test(url)) {
    return (
      <span style={{ ...frame, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', color: token.colorTextSecondary }} title={nameFromUrl(url)}>
        <FileOutlined style={{ fontSize: Math.max(14, height * 0.4) }} />
      </span>
    );
  }
  // The thumbnail in the cell; enlarged, a page-sized version (the hero preset), never the original.
  return (
    <Image
      src={thumbnailUrl(url)}
      preview={{ src: sizedFileUrl(url, { preset: 'hero' }) }}
      alt={nameFromUrl(url)}
      height={height}
      style={{ objectFit: 'contain', maxWidth: height * 4 }}
    />
  );
}

export interface ImageFieldProps {
  /** The stored file's URL (`/files/...`). */
  value?: string;
  /** The chosen file's URL; undefined after Clear. */
  onChange?: (url?: string) => void;
  /** Which files the picker offers; 'image' by default. */
  accept?: AcceptKind;
  disabled?: boolean;
  /** Put on the Choose button, so a Form.Item label focuses it and a validation summary can jump to it. */
  id?: string;
  /** Accessible name of the field (the label); Choose and Clear say what they choose or clear. */
  'aria-label'?: string;
}

/**
 * Form control for an image (or file) field: a thumbnail, or the file's name, with Choose (opens the
 * file picker) and Clear. Fits antd Form: `<Form.Item name="image"><ImageField /></Form.Item>`.
 */
export default function ImageField({ value, onChange, accept = 'image', disabled, id, 'aria-label': ariaLabel }: ImageFieldProps) {
  const { t } = useTranslation('files');
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const showImage = accept === 'image' || (value ? isImageName(nameFromUrl(value)) : false);

  return (
    <Space align="center" wrap data-testid="image-field">
      {showImage ? (
        <ImageThumb url={value} height={80} />
      ) : value ? (
        <Typography.Link href={resolveFileUrl(value)} target="_blank" rel="noreferrer">
          <FileOutlined /> {nameFromUrl(value)}
        </Typography.Link>
      ) : (
        <Typography.Text type="secondary">{t('field.empty')}</Typography.Text>
      )}
      <Space direction="vertical" size={4}>
        <Button
          id={id}
          size="small"
          disabled={disabled}
          aria-label={ariaLabel ? `${t('field.choose')}: ${ariaLabel}` : undefined}
          onClick={() => {
            setEverOpened(true);
            setOpen(true);
          }}
        >
          {t('field.choose')}
        </Button>
        <Button
          size="small"
          disabled={disabled || !value}
          aria-label={ariaLabel ? `${t('field.clear')}: ${ariaLabel}` : undefined}
          onClick={() => onChange?.(undefined)}
        >
          {t('field.clear')}
        </Button>
      </Space>
      {showImage && value && (
        <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 220 }} ellipsis={{ tooltip: value }}>
          {nameFromUrl(value)}
        </Typography.Text>
      )}
      {everOpened && (
        <Suspense fallback={null}>
          <FilePickerModal
            open={open}
            accept={accept}
            currentUrl={value}
            onCancel={() => setOpen(false)}
            onPick={(file) => {
              onChange?.(file.url);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </Space>
  );
}
