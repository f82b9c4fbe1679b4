/**
 * Preferences kept across restarts: whatever the console stores through `settings.get/set`
 * (theme, language, current website…), the environment profile, and the window bounds.
 * Backed by electron-store in the app; by anything with get/set/delete in tests.
 */
import { environmentProfileSchema, type EnvironmentProfile } from '../shared/ipc/contract';

export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized?: boolean;
}

/** Service bases of one server that serves every service under its prefix (our server/). */
export const profileForServer = (name: string, serverUrl: string): EnvironmentProfile => {
  const base = serverUrl.replace(/\/+$/, '');
  return { name, auth: `${base}/auth`, core: `${base}/core`, push: `${base}/push`, api: `${base}/api`, his: `${base}/his` };
};

/**
 * The servers the built-in profiles point at. `local` is the server `npm start` runs (SITEDESK_SERVER_URL,
 * http://127.0.0.1:5080 by default); `staging` and `production` are the organisation's own servers, offered only when
 * configured (SITEDESK_STAGING_URL, SITEDESK_PRODUCTION_URL: read at start, or written into the app when it is built,
 * scripts/build-desktop.mjs). No host is invented: an app built without them offers `local` and the user's own URLs.
 */
export interface PresetServers {
  local: string;
  staging?: string;
  production?: string;
}

/** Reads the preset servers from the environment (an unset or empty variable leaves its preset out). */
export function presetServersFromEnv(env: Record<string, string | undefined>): PresetServers {
  const url = (value: string | undefined) => (value && value.trim() ? value.trim() : undefined);
  return {
    local: url(env.SITEDESK_SERVER_URL) ?? DEFAULT_LOCAL_SERVER,
    staging: url(env.SITEDESK_STAGING_URL),
    production: url(env.SITEDESK_PRODUCTION_URL),
  };
}

/** The address `npm run server` and `npm start` listen on. */
export const DEFAULT_LOCAL_SERVER = 'http://127.0.0.1:5080';

/** Built-in profiles: `local`, then `staging` and `production` when their servers are configured. */
export function presetProfiles(servers: PresetServers | string): EnvironmentProfile[] {
  const { local, staging, production } = typeof servers === 'string' ? { local: servers } : servers;
  return [
    profileForServer('local', local),
    ...(staging ? [profileForServer('staging', staging)] : []),
    ...(production ? [profileForServer('production', production)] : []),
  ];
}

const sameBases = (a: EnvironmentProfile, b: EnvironmentProfile) =>
  a.auth === b.auth && a.core === b.core && a.push === b.push && a.api === b.api && a.his === b.his;

export interface PreferencesOptions {
  /** The servers of the built-in profiles, or only the local one's address. */
  servers: PresetServers | string;
  /** Preset used until the user picks one (the first preset, `local`, when it is not configured). */
  defaultProfile: string;
}

export function createPreferences(store: KeyValueStore, options: PreferencesOptions) {
  const presets = () => presetProfiles(options.servers);
  const prefs = (): Record<string, unknown> => {
    const value = store.get('prefs');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  };

  return {
    /** A console preference; undefined when never set. */
    get(key: string): unknown {
      return prefs()[key];
    },
    /** Setting undefined or null removes the preference. */
    set(key: string, value: unknown): void {
      const next = { ...prefs() };
      if (value === undefined || value === null) delete next[key];
      else next[key] = JSON.parse(JSON.stringify(value)) as unknown; // only what survives JSON is kept
      store.set('prefs', next);
    },

    listPresets: presets,

    /** A preset is stored by name, so it follows preset changes (e.g. another local port). */
    getProfile(): EnvironmentProfile {
      const stored = environmentProfileSchema.safeParse(store.get('profile'));
      const byName = (name: string) => presets().find((p) => p.name === name);
      if (stored.success && stored.data.name === 'custom') return stored.data;
      // A preset this build no longer offers (its server is not configured) falls back to the default.
      return (stored.success && byName(stored.data.name)) || byName(options.defaultProfile) || presets()[0];
    },
    /** A profile that differs from the preset of its name is stored as `custom`. */
    setProfile(profile: EnvironmentProfile): EnvironmentProfile {
      const parsed = environmentProfileSchema.parse(profile);
      const clean = (url: string) => url.replace(/\/+$/, '');
      const normalised: EnvironmentProfile = {
        name: parsed.name,
        auth: clean(parsed.auth),
        core: clean(parsed.core),
        push: clean(parsed.push),
        api: clean(parsed.api),
        his: clean(parsed.his),
      };
      const preset = presets().find((p) => p.name === normalised.name);
      const value = preset && sameBases(preset, normalised) ? preset : { ...normalised, name: 'custom' };
      store.set('profile', value);
      return value;
    },

    getWindowBounds(): WindowBounds | null {
      const b = store.get('windowBounds') as Partial<WindowBounds> | undefined;
      if (!b || !Number.isFinite(b.width) || !Number.isFinite(b.height)) return null;
      return b as WindowBounds;
    },
    setWindowBounds(bounds: WindowBounds): void {
      store.set('windowBounds', bounds);
    },
  };
}
export type Preferences = ReturnType<typeof createPreferences>;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Saved bounds if they still overlap a display (a monitor may have been unplugged since),
 * otherwise only the saved size, centred by Electron.
 */
export function visibleBounds(saved: WindowBounds | null, workAreas: Rect[], fallback: { width: number; height: number }): WindowBounds {
  if (!saved) return { ...fallback };
  const size = { width: Math.max(800, saved.width), height: Math.max(600, saved.height), maximized: saved.maximized };
  if (saved.x === undefined || saved.y === undefined) return size;
  const { x, y } = saved;
  const overlaps = workAreas.some(
    (a) => x < a.x + a.width - 100 && x + size.width > a.x + 100 && y < a.y + a.height - 50 && y + 50 > a.y,
  );
  return overlaps ? { ...size, x, y } : size;
}
