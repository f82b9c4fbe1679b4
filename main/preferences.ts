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
 * Built-in profiles. `local` follows the server `npm start` runs (SITEDESK_SERVER_URL);
 * the staging and production hosts are placeholders for the organisation to replace.
 */
export function presetProfiles(localServerUrl: string): EnvironmentProfile[] {
  return [
    profileForServer('local', localServerUrl),
    profileForServer('staging', 'https://staging.sitedesk.example.com'), // PLACEHOLDER host
    profileForServer('production', 'https://sitedesk.example.com'), // PLACEHOLDER host
  ];
}

const sameBases = (a: EnvironmentProfile, b: EnvironmentProfile) =>
  a.auth === b.auth && a.core === b.core && a.push === b.push && a.api === b.api && a.his === b.his;

export interface PreferencesOptions {
  localServerUrl: string;
  /** Preset used until the user picks one. */
  defaultProfile: string;
}

export function createPreferences(store: KeyValueStore, options: PreferencesOptions) {
  const presets = () => presetProfiles(options.localServerUrl);
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
      if (stored.success) return stored.data.name === 'custom' ? stored.data : (byName(stored.data.name) ?? stored.data);
      return byName(options.defaultProfile) ?? presets()[0];
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
