// Find anything (issue 42): Ctrl+K (⌘K on macOS), over every screen. Records of the header's website the user may read
// (GET /api/Search/{website}, grouped by area), the screens of the navigation and a few actions, each list filtered by
// the words typed (folded as the server folds them: "kham" finds "Khám"). Arrows move, Enter opens, Esc closes; the
// last searches are remembered per user (./recent.ts). Mounted once by the layout, which hands it the navigation's screens.
import { Empty, Input, Modal, Spin, Typography, theme, type InputRef } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { resources } from '../../../../shared/resources';
import type { ResourceDef } from '../../../../shared/resources/define';
import { foldText } from '../../../../shared/text';
import { usePreference } from '../../core/preferences';
import { findTheme } from '../../core/theme/themes';
import { localized, useWorkspace } from '../../core/workspace';
import { usePermissions } from '../../resources/permissions';
import { session, useSession } from '../../session';
import { FileTypeIcon } from '../files/ItemIcon';
import { FILES, searchRecords, type SearchHit } from './api';
import { recentSearches, rememberSearch } from './recent';

/** A screen of the navigation the palette offers (its path and its title as the menu shows it). */
export interface PaletteScreen {
  path: string;
  label: string;
}

interface Item {
  key: string;
  label: string;
  detail?: string;
  icon?: ReactNode;
  run: () => void;
}
interface Group {
  key: string;
  label: string;
  items: Item[];
}

const DEFS = resources as unknown as Record<string, ResourceDef>;
/** How long typing may pause before the records are asked for. */
const PAUSE_MS = 150;

const matches = (label: string, words: string) => !words || foldText(label).includes(words);

export function CommandPalette({ screens }: { screens: readonly PaletteScreen[] }) {
  const { t, i18n } = useTranslation('search', { useSuspense: false });
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { user } = useSession();
  const { websiteId, websites, setWebsiteId, language } = useWorkspace();
  const role = usePermissions();
  const [themeKey, setTheme] = usePreference('theme');
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'all' | 'websites'>('all');
  const [text, setText] = useState('');
  const [hits, setHits] = useState<{ q: string; hits: SearchHit[] }>({ q: '', hits: [] });
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState<string[]>([]);
  const input = useRef<InputRef>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const words = foldText(text.trim());
  // Waiting for the records of what is typed now.
  const loading = open && mode === 'all' && websiteId !== null && !!text.trim() && hits.q !== text.trim();

  // Ctrl+K / ⌘K anywhere opens it (the browser's own Ctrl+K, its address bar search, is not what staff want here).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
        setMode('all');
        setText('');
        setActive(0);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (open && user) void recentSearches(user.id).then(setRecent);
  }, [open, user]);

  // The records, asked for once typing pauses; an older answer never replaces a newer one.
  useEffect(() => {
    const q = text.trim();
    if (!open || mode !== 'all' || !q || websiteId === null) return;
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      searchRecords(websiteId, q, abort.signal).then(
        (found) => setHits({ q, hits: found }),
        // A failure was shown as a notice by the API client: nothing found, and no spinner left turning.
        () => !abort.signal.aborted && setHits({ q, hits: [] }),
      );
    }, PAUSE_MS);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [text, open, mode, websiteId]);

  const close = useCallback(() => setOpen(false), []);
  const go = useCallback(
    (path: string) => {
      setOpen(false);
      void navigate(path);
    },
    [navigate],
  );
  const remember = useCallback(() => {
    if (user && text.trim()) void rememberSearch(user.id, text).then(setRecent);
  }, [user, text]);

  const groups = useMemo((): Group[] => {
    if (mode === 'websites') {
      return [
        {
          key: 'websites',
          label: t('groups.websites'),
          items: websites
            .map((w) => ({ w, label: localized(w.name, language) || String(w.id) }))
            .filter(({ label }) => matches(label, words))
            .map(({ w, label }) => ({
              key: `website:${w.id}`,
              label,
              detail: String(w.id) === String(websiteId) ? t('current') : undefined,
              run: () => {
                setOpen(false);
                setWebsiteId(w.id);
              },
            })),
        },
      ];
    }
    const out: Group[] = [];
    if (!text.trim() && recent.length) {
      out.push({ key: 'recent', label: t('groups.recent'), items: recent.map((r) => ({ key: `recent:${r}`, label: r, run: () => setText(r) })) });
    }
    // The records, grouped by area in the order the server ranked them (the best match's area first).
    if (text.trim() && hits.q === text.trim()) {
      const byArea = new Map<string, Item[]>();
      for (const hit of hits.hits) {
        const items = byArea.get(hit.resource) ?? [];
        items.push({
          key: `record:${hit.resource}:${hit.id}`,
          label: hit.title,
          detail: hit.subtitle || undefined,
          // A file shows its type (a picture, a PDF…) and, as its detail, its folder.
          icon: hit.resource === FILES ? <FileTypeIcon name={hit.title} size={14} /> : undefined,
          run: () => {
            remember();
            go(hit.route);
          },
        });
        byArea.set(hit.resource, items);
      }
      const ui = i18n.language === 'en-US' ? 'en' : 'vi';
      const areaLabel = (resource: string) => (resource === FILES ? t('groups.files') : (DEFS[resource]?.label[ui] ?? resource));
      for (const [resource, items] of byArea) out.push({ key: `area:${resource}`, label: areaLabel(resource), items });
    }
    const screenItems = words
      ? screens.filter((s) => matches(s.label, words)).map((s) => ({ key: `screen:${s.path}`, label: s.label, detail: s.path, run: () => { remember(); go(s.path); } }))
      : [];
    if (screenItems.length) out.push({ key: 'screens', label: t('groups.screens'), items: screenItems });
    const news = DEFS.news;
    const dark = findTheme(themeKey).dark;
    const actions: Item[] = [
      ...(news?.routes?.add && role.can(news, 'create').allowed ? [{ key: 'action:addNews', label: t('actions.addNews'), run: () => go(news.routes!.add!) }] : []),
      ...(websites.length > 1 ? [{ key: 'action:website', label: t('actions.switchWebsite'), run: () => { setMode('websites'); setText(''); setActive(0); } }] : []),
      { key: 'action:theme', label: dark ? t('actions.lightTheme') : t('actions.darkTheme'), run: () => { setOpen(false); setTheme(dark ? 'light' : 'dark'); } },
      {
        key: 'action:signOut',
        label: t('actions.signOut'),
        run: () => {
          setOpen(false);
          session.signOut().then(
            () => navigate('/login', { replace: true }),
            () => navigate('/expiredToken', { replace: true }),
          );
        },
      },
    ].filter((a) => matches(a.label, words));
    if (actions.length) out.push({ key: 'actions', label: t('groups.actions'), items: actions });
    return out;
  }, [mode, t, websites, words, language, websiteId, setWebsiteId, text, recent, hits, i18n.language, screens, themeKey, role, go, remember, navigate, setTheme]);

  const flat = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  const current = Math.min(active, Math.max(flat.length - 1, 0));
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!flat.length) return;
      setActive((current + (event.key === 'ArrowDown' ? 1 : flat.length - 1)) % flat.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      flat[current]?.run();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (mode === 'websites') setMode('all');
      else close();
    }
  };

  let index = -1;
  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      closable={false}
      keyboard={false}
      destroyOnHidden
      width={640}
      styles={{ body: { padding: 0 } }}
      afterOpenChange={(visible) => visible && input.current?.focus()}
      data-testid="command-palette"
    >
      <div onKeyDown={onKeyDown}>
        <Input
          ref={input}
          autoFocus
          size="large"
          variant="borderless"
          value={text}
          placeholder={mode === 'websites' ? t('websitePlaceholder') : t('placeholder')}
          aria-label={t('title')}
          role="combobox"
          aria-expanded
          aria-controls="command-palette-list"
          aria-activedescendant={flat.length ? `command-palette-item-${current}` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          suffix={loading ? <Spin size="small" /> : <Typography.Text type="secondary" keyboard>Esc</Typography.Text>}
          data-testid="command-palette-input"
        />
        <div
          id="command-palette-list"
          ref={listRef}
          role="listbox"
          aria-label={t('title')}
          style={{ maxHeight: 420, overflowY: 'auto', borderTop: `1px solid ${token.colorBorderSecondary}`, padding: 8 }}
        >
          {groups.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.trim() && !loading ? t('nothing') : t('hint')} />
          ) : (
            groups.map((group) => (
              <div key={group.key} role="group" aria-label={group.label} data-testid={`palette-group-${group.key}`}>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, padding: '8px 8px 4px' }}>
                  {group.label}
                </Typography.Text>
                {group.items.map((item) => {
                  index += 1;
                  const i = index;
                  const selected = i === current;
                  return (
                    <div
                      key={item.key}
                      id={`command-palette-item-${i}`}
                      data-index={i}
                      role="option"
                      aria-selected={selected}
                      onMouseMove={() => active !== i && setActive(i)}
                      onClick={item.run}
                      style={{
                        display: 'flex',
                        gap: 12,
                        alignItems: 'baseline',
                        padding: '6px 8px',
                        borderRadius: token.borderRadius,
                        cursor: 'pointer',
                        background: selected ? token.controlItemBgActive : undefined,
                      }}
                    >
                      {item.icon}
                      <Typography.Text ellipsis style={{ flex: '0 1 auto' }}>
                        {item.label}
                      </Typography.Text>
                      {item.detail ? (
                        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, flex: '1 1 0', minWidth: 0 }}>
                          {item.detail}
                        </Typography.Text>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            ))
          )}
        </div>
      </div>
    </Modal>
  );
}
