import { AimOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Typography, theme } from 'antd';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspace } from '../../core/workspace';
import { notifySuccess } from '../../core/notices';
import { invalidate } from '../../resources/queries';
import { workspaceLanguages } from '../../resources/languages';
import { FILES, updateFileImage } from './api';
import type { FileItem } from './types';
import { sizedFileUrl } from './urls';

/** Where the focal point is, rounded as people read it (a thousandth of the picture is finer than any crop needs). */
const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 1000) / 1000;
/** A keyboard nudge of the focal point: a twentieth of the picture. */
const STEP = 0.05;

/**
 * A file's "Image" details in the file manager (issue 41): the picture, where a click sets the focal point the server's
 * `fit=cover` crops around (a marker shows it; arrow keys move it), and an alt text per language of the current website.
 * Saved together with PUT Files/{id}; a file serves every website, so another website's alt texts are kept as they are.
 */
export default function ImageDetails({ file, onSaved }: { file: FileItem; onSaved(file: FileItem): void }) {
  const { t } = useTranslation('files');
  const { token } = theme.useToken();
  const workspace = useWorkspace();
  const languages = workspaceLanguages(workspace.languages);
  const [focal, setFocal] = useState<{ x: number; y: number } | null>(file.focalX == null && file.focalY == null ? null : { x: file.focalX ?? 0.5, y: file.focalY ?? 0.5 });
  const [alt, setAlt] = useState<Record<string, string>>(() => Object.fromEntries(languages.map((l) => [l.languageId, file.alt?.[l.languageId] ?? ''])));
  const [saving, setSaving] = useState(false);

  const pick = (event: MouseEvent<HTMLImageElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (!box.width || !box.height) return;
    setFocal({ x: round((event.clientX - box.left) / box.width), y: round((event.clientY - box.top) / box.height) });
  };
  const nudge = (event: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    event.stopPropagation();
    setFocal((at) => ({ x: round((at?.x ?? 0.5) + move[0]), y: round((at?.y ?? 0.5) + move[1]) }));
  };

  const save = async () => {
    setSaving(true);
    try {
      const answer = await updateFileImage(file, { focalX: focal?.x ?? null, focalY: focal?.y ?? null, alt });
      notifySuccess(t('image.saved'));
      onSaved(answer.data);
      await invalidate(FILES);
    } finally {
      setSaving(false);
    }
  };

  const shown = focal ?? { x: 0.5, y: 0.5 };
  return (
    <section data-testid="image-details" aria-label={t('image.title')}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('image.title')}
      </Typography.Title>
      <div style={{ display: 'flex', justifyContent: 'center', marginBottom: 8 }}>
        <div style={{ position: 'relative', display: 'inline-block', lineHeight: 0 }}>
          <img
            data-testid="focal-picture"
            src={sizedFileUrl(file.url, { width: 960, fit: 'inside' })}
            alt={alt[workspace.language] || file.name}
            role="button"
            tabIndex={0}
            aria-label={t('image.focalHint')}
            onClick={pick}
            onKeyDown={nudge}
            draggable={false}
            style={{ maxWidth: '100%', maxHeight: 360, objectFit: 'contain', cursor: 'crosshair', display: 'block' }}
          />
          <span
            data-testid="focal-marker"
            data-focal={focal ? `${focal.x},${focal.y}` : 'centre'}
            style={{
              position: 'absolute',
              left: `${shown.x * 100}%`,
              top: `${shown.y * 100}%`,
              width: 22,
              height: 22,
              transform: 'translate(-50%, -50%)',
              borderRadius: '50%',
              border: '2px solid #fff',
              boxShadow: `0 0 0 2px ${focal ? token.colorPrimary : 'rgba(0, 0, 0, 0.45)'}`,
              opacity: focal ? 1 : 0.6,
              pointerEvents: 'none',
            }}
          />
        </div>
      </div>
      <Space wrap style={{ marginBottom: 12 }}>
        <AimOutlined />
        <Typography.Text data-testid="focal-text">
          {t('image.focal')}: {focal ? t('image.focalAt', { x: Math.round(focal.x * 100), y: Math.round(focal.y * 100) }) : t('image.focalCentre')}
        </Typography.Text>
        <Button size="small" disabled={!focal} onClick={() => setFocal(null)}>
          {t('image.resetFocal')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('image.focalHint')}
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        {languages.map((language) => (
          <Form.Item key={language.languageId} label={`${t('image.alt')} (${language.name})`} htmlFor={`alt-${file.id}-${language.languageId}`} style={{ marginBottom: 8 }}>
            <Input
              id={`alt-${file.id}-${language.languageId}`}
              maxLength={500}
              showCount
              value={alt[language.languageId]}
              placeholder={t('image.altHint')}
              onChange={(event) => setAlt((texts) => ({ ...texts, [language.languageId]: event.target.value }))}
            />
          </Form.Item>
        ))}
      </Form>
      <Button type="primary" loading={saving} onClick={() => void save()}>
        {t('image.save')}
      </Button>
    </section>
  );
}
