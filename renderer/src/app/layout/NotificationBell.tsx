import { BellOutlined, SettingOutlined } from '@ant-design/icons';
import { Badge, Button, Checkbox, Empty, List, Popover, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { cmsApi } from '../../api/client';
import { formatDateTime } from '../../core/dates';
import { useWorkspace } from '../../core/workspace';
import { EVENT_KINDS, type EventKind, type LiveEvent } from '../../../../shared/events';
import { subscribeEvents } from '../../platform/events';
import { useQuery } from '@tanstack/react-query';
import { invalidate } from '../../resources/queries';
import { useRefetchOnFocus } from '../../resources/queryHooks';
import { eventRoute } from '../eventRoutes';
import { platform } from '../../session';

type Listed = LiveEvent & { read: boolean };
interface Recent {
  data: Listed[];
  unread: number;
  /** Older events are left beyond this page (`beforeId` reads them). */
  more?: boolean;
}

/** Events per page of the bell's list; "Xem thêm / Show more" reads the next older page. */
const PAGE = 20;

const RECENT_KEY = ['events', 'recent'] as const;
const SETTINGS_KEY = ['events', 'settings'] as const;

const markRead = (ids: number[]) => cmsApi.post('events/read', { ids }).then(() => invalidate(['events']));

/**
 * The bell in the header: the unread count of live events (renderer/src/platform/events.ts), the recent ones in a
 * dropdown (open the record, mark read, mark all read), which kinds to receive. Each arriving event refreshes the
 * list and is shown natively (`platform.notify`: the desktop app's notification, or the browser's once the user allowed
 * it, while the console is not in view; clicked, it opens the record through `platform.onNavigate`), and the unread
 * count is the dock or taskbar badge.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { websiteId, setWebsiteId } = useWorkspace();
  const [open, setOpen] = useState(false);
  const [showSettings, setShowSettings] = useState(false);
  /** Older pages read with "Show more" (the first page is the query's; kept until the list is read again). */
  const [older, setOlder] = useState<{ after: Recent | undefined; data: Listed[]; more: boolean } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [permission, setPermission] = useState(() => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission));

  // Read again when an event arrives or a read mark changes (both invalidate it), not on every write of the
  // database (the change number): the stream is what says something new is there.
  const { data, refetch } = useQuery({
    queryKey: RECENT_KEY,
    queryFn: async () => (await cmsApi.get<Recent>('events/recent', { params: { limit: PAGE }, quiet: true })).data,
    meta: { followChanges: false },
  });
  // Older pages go on from the first page they were read after: a new first page (an event arrived, a read mark)
  // starts the list over, their read marks being stale.
  const olderNow = older && older.after === data ? older : null;
  const shown = [...(data?.data ?? []), ...(olderNow?.data ?? [])];
  const more = olderNow ? olderNow.more : Boolean(data?.more);
  const showMore = async () => {
    const last = shown[shown.length - 1];
    if (!last) return;
    setLoadingMore(true);
    try {
      const page = (await cmsApi.get<Recent>('events/recent', { params: { limit: PAGE, beforeId: last.id } })).data;
      setOlder({ after: data, data: [...(olderNow?.data ?? []), ...page.data], more: Boolean(page.more) });
    } finally {
      setLoadingMore(false);
    }
  };

  // Esc closes the settings (back to the list), then the panel.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (showSettings) setShowSettings(false);
      else setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, showSettings]);
  useRefetchOnFocus(refetch);
  const unread = data?.unread ?? 0;

  const label = useCallback(
    (e: LiveEvent) => (e.kind === 'review-decided' && e.decision ? `${t(`events.kinds.${e.kind}`)}: ${t(`events.decision.${e.decision}`)}` : t(`events.kinds.${e.kind}`)),
    [t],
  );

  /** Opens an event's record, on its website. */
  const openEvent = useCallback(
    (e: Pick<LiveEvent, 'website' | 'resource' | 'recordId'>) => {
      if (String(websiteId) !== String(e.website)) setWebsiteId(e.website);
      navigate(eventRoute(e));
    },
    [navigate, setWebsiteId, websiteId],
  );

  useEffect(
    () =>
      subscribeEvents((e) => {
        void invalidate(['events']);
        const title = label(e);
        platform.notify({ id: e.id, title, body: e.title, route: eventRoute(e, true) });
      }),
    [label],
  );

  // The dock or taskbar badge follows the unread count.
  useEffect(() => {
    platform.setBadge(unread);
  }, [unread]);

  const list = (
    <div style={{ width: 360, maxWidth: '90vw' }} data-testid="events-panel">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Text strong>{t('events.title')}</Typography.Text>
        <Space size={0}>
          <Button type="link" size="small" disabled={!unread} onClick={() => void cmsApi.post('events/read-all').then(() => invalidate(['events']))}>
            {t('events.markAllRead')}
          </Button>
          <Button type="text" size="small" icon={<SettingOutlined />} aria-label={t('events.settings')} title={t('events.settings')} onClick={() => setShowSettings(true)} />
        </Space>
      </Space>
      {shown.length ? (
        <List
          size="small"
          style={{ maxHeight: 420, overflowY: 'auto' }}
          dataSource={shown}
          loadMore={
            more ? (
              <Button block type="link" loading={loadingMore} data-testid="events-more" onClick={() => void showMore()}>
                {t('events.more')}
              </Button>
            ) : null
          }
          renderItem={(e) => (
            <List.Item
              key={e.id}
              data-testid="events-item"
              style={{ cursor: 'pointer', paddingInline: 8, background: e.read ? undefined : 'rgba(22, 119, 255, 0.06)' }}
              onClick={() => {
                setOpen(false);
                if (!e.read) void markRead([e.id]);
                openEvent(e);
              }}
              actions={
                e.read
                  ? []
                  : [
                      <Button
                        key="read"
                        type="link"
                        size="small"
                        onClick={(click) => {
                          click.stopPropagation();
                          void markRead([e.id]);
                        }}
                      >
                        {t('events.markRead')}
                      </Button>,
                    ]
              }
            >
              <List.Item.Meta
                title={<Typography.Text strong={!e.read}>{label(e)}</Typography.Text>}
                description={
                  <>
                    <div>{e.title}</div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatDateTime(e.time)}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('events.empty')} />
      )}
      {permission === 'default' && platform.kind === 'browser' ? (
        <Button block style={{ marginTop: 8 }} onClick={() => void Notification.requestPermission().then(setPermission)}>
          {t('events.enableBrowser')}
        </Button>
      ) : null}
      {permission === 'denied' && platform.kind === 'browser' ? <Typography.Text type="secondary">{t('events.browserDenied')}</Typography.Text> : null}
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setShowSettings(false);
      }}
      content={showSettings ? <MutedKinds onBack={() => setShowSettings(false)} /> : list}
    >
      <Button type="text" aria-label={t('events.bell')} title={t('events.bell')} data-testid="events-bell">
        <Badge count={unread} size="small" overflowCount={99} data-testid="events-unread">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}

/** Which kinds this user receives (GET/PUT /api/events/settings): the ticked ones; the others are muted. */
function MutedKinds({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async () => (await cmsApi.get<{ data: { muted: EventKind[] } }>('events/settings')).data.data,
    meta: { followChanges: false },
  });
  // Shown as chosen at once and kept while this view is open (dropping it when the save answered flashed the old
  // value back until the settings were read again); a refused save shows the server's again.
  const [chosen, setChosen] = useState<EventKind[] | null>(null);
  const muted = chosen ?? data?.muted ?? [];
  return (
    <div style={{ width: 320 }} data-testid="events-settings">
      <Typography.Text strong>{t('events.settings')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBlock: 4 }}>
        {t('events.mutedHint')}
      </Typography.Paragraph>
      <Checkbox.Group
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
        value={EVENT_KINDS.filter((k) => !muted.includes(k))}
        options={EVENT_KINDS.map((k) => ({ value: k, label: t(`events.kinds.${k}`) }))}
        onChange={(received) => {
          const next = EVENT_KINDS.filter((k) => !received.includes(k));
          setChosen(next);
          void cmsApi
            .put('events/settings', { muted: next })
            .then(
              () => invalidate(['events']),
              () => setChosen(null),
            );
        }}
      />
      <Button type="link" style={{ paddingInline: 0, marginTop: 8 }} onClick={onBack}>
        {t('events.back')}
      </Button>
    </div>
  );
}
