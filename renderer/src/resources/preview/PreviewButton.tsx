// "Xem trước / Preview" and the live preview of an editor of a delivery area (docs/api.md "Preview"):
//  - Preview asks the server for a signed link to the record's saved version (POST /api/Preview/{website}: the
//    website's preview address for the area, with `?sitedesk-preview=<token>`) and opens it outside the console
//    (the system browser in the desktop app, a new tab in a browser: platform.openExternal);
//  - Live preview shows that page in a side pane and posts the unsaved form to it at each change
//    ({ type: 'sitedesk:preview', area, id, lang, record }), only to the page's own origin; it answers the page's
//    'sitedesk:preview-ready' (from that origin only) with the form as it is.
import { EyeOutlined, LayoutOutlined } from '@ant-design/icons';
import { Button, Drawer, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../../shared/resources/define';
import { LIVE_PREVIEW_MESSAGE, LIVE_PREVIEW_READY, PREVIEW_AREA_OF } from '../../../../shared/resources/website-preview';
import { cmsApi } from '../../api/client';
import { platform } from '../../session';
import { useWorkspace } from '../../core/workspace';
import type { Id, Row } from '../dataProvider';

const areaOf = (def: ResourceDef): string | undefined => (PREVIEW_AREA_OF as Record<string, string>)[def.name];

/** The form's values as the page reads a record: per-language fields in the language previewed. */
function recordOf(def: ResourceDef, values: Row, lang: string): Row {
  const out: Row = {};
  for (const f of def.fields) {
    const own = values[`${f.name}-${lang}`];
    out[f.name] = f.perLanguage && own !== undefined ? own : values[f.name];
  }
  return out;
}

export interface PreviewProps {
  def: ResourceDef;
  /** The saved record's id (no preview before the first save). */
  id: Id | undefined;
  /** The form's current values (`name-{lang}` for per-language fields), posted to the live preview. */
  values?: Row;
  /** An icon only (a row of a list: the review's decisions beside it). */
  compact?: boolean;
}

/** The Preview and Live preview buttons; nothing for a definition no delivery area previews, or a new record. */
export function PreviewButtons({ def, id, values, compact }: PreviewProps) {
  const { t } = useTranslation('resources');
  const { websiteId, language } = useWorkspace();
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState<string | undefined>();
  const area = areaOf(def);
  if (!area || id === undefined || websiteId === undefined) return null;

  async function link(): Promise<string | undefined> {
    setBusy(true);
    try {
      // The client shows the server's Message when it refuses (no address for the area, no title in the language).
      const res = await cmsApi.post<{ url: string }>(`Preview/${websiteId}`, { area, id: Number(id), lang: language });
      return res.data.url;
    } catch {
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return (
    <Space>
      <Tooltip title={compact ? t('preview.open') : undefined}>
        <Button
          icon={<EyeOutlined />}
          type={compact ? 'text' : 'default'}
          aria-label={t('preview.open')}
          loading={busy && !live}
          data-testid="preview-open"
          onClick={async (event) => {
            event.stopPropagation();
            const url = await link();
            if (url) platform.openExternal(url);
          }}
        >
          {compact ? null : t('preview.open')}
        </Button>
      </Tooltip>
      {values && (
        <Button icon={<LayoutOutlined />} data-testid="preview-live" onClick={async () => setLive(await link())}>
          {t('preview.live')}
        </Button>
      )}
      {live && values && <LivePane url={live} onClose={() => setLive(undefined)} message={{ type: LIVE_PREVIEW_MESSAGE, area, id: Number(id), lang: language, record: recordOf(def, values, language) }} />}
    </Space>
  );
}

function LivePane({ url, message, onClose }: { url: string; message: Row; onClose(): void }) {
  const { t } = useTranslation('resources');
  const frame = useRef<HTMLIFrameElement>(null);
  const origin = new URL(url).origin;
  // The form as last posted (kept by the effect below, read when the page says it is ready or loads again).
  const latest = useRef(message);
  const post = () => frame.current?.contentWindow?.postMessage(latest.current, origin);
  // At each change of the form.
  const text = JSON.stringify(message);
  useEffect(() => {
    latest.current = JSON.parse(text) as Row;
    post();
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps
  // The page says it listens: the form as it is now. Only from the page's own origin.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || (event.data as { type?: unknown } | null)?.type !== LIVE_PREVIEW_READY) return;
      post();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Drawer open mask={false} width="45%" title={t('preview.live')} onClose={onClose} destroyOnClose>
      <iframe ref={frame} src={url} title={t('preview.live')} data-testid="preview-frame" onLoad={post} style={{ width: '100%', height: '100%', border: 0 }} />
    </Drawer>
  );
}
