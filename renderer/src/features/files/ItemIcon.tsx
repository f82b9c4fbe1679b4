import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FolderFilled,
  CustomerServiceOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { theme } from 'antd';
import { useState, type CSSProperties } from 'react';
import { extensionOf, isImageName } from './fileTypes';
import type { Entry } from './types';
import { thumbnailUrl } from './urls';

const ICONS: Record<string, typeof FileOutlined> = {
  pdf: FilePdfOutlined,
  doc: FileWordOutlined,
  docx: FileWordOutlined,
  xls: FileExcelOutlined,
  xlsx: FileExcelOutlined,
  txt: FileTextOutlined,
  mp3: CustomerServiceOutlined,
  mp4: VideoCameraOutlined,
};

/** An icon for a file by its extension. */
export function FileTypeIcon({ name, size, style }: { name: string; size: number; style?: CSSProperties }) {
  const { token } = theme.useToken();
  const Icon = ICONS[extensionOf(name)] ?? (isImageName(name) ? FileImageOutlined : FileOutlined);
  return <Icon style={{ fontSize: size, color: token.colorTextSecondary, ...style }} />;
}

/** Folder icon, or the image's thumbnail (lazy-loaded) for images, or the type's icon. */
export function ItemIcon({ entry, size }: { entry: Entry; size: number }) {
  const { token } = theme.useToken();
  const [broken, setBroken] = useState(false);
  if (entry.kind === 'folder') return <FolderFilled style={{ fontSize: size, color: token.colorWarning }} />;
  if (isImageName(entry.name) && !broken) {
    return (
      <img
        src={thumbnailUrl(entry.url)}
        alt={entry.name}
        loading="lazy"
        draggable={false}
        onError={() => setBroken(true)}
        style={{ width: size, height: size, objectFit: 'contain', display: 'block' }}
      />
    );
  }
  return <FileTypeIcon name={entry.name} size={size * 0.75} />;
}
