import { describe, expect, it } from 'vitest';
import { createPreferences, DEFAULT_LOCAL_SERVER, presetProfiles, presetServersFromEnv, visibleBounds } from '../../../main/preferences';
import { memoryKeyValueStore } from './fakes';

const make = (url = 'http://127.0.0.1:5080', store = memoryKeyValueStore()) => ({
  store,
  prefs: createPreferences(store, { servers: { local: url, staging: 'https://staging.clinic.test', production: 'https://admin.clinic.test' }, defaultProfile: 'local' }),
});

describe('preferences', () => {
  it('keeps console preferences (theme, language, website) and forgets on null', () => {
    const { store, prefs } = make();
    expect(prefs.get('theme')).toBeUndefined();
    prefs.set('theme', 'dark');
    prefs.set('website', { id: 2 });
    prefs.set('language', 'vi-VN');
    expect(createPreferences(store, { servers: 'x', defaultProfile: 'local' }).get('website')).toEqual({ id: 2 });
    prefs.set('theme', null);
    expect(prefs.get('theme')).toBeUndefined();
    expect(prefs.get('language')).toBe('vi-VN');
    // Internal keys are out of reach of settings.get/set.
    prefs.set('profile', 'overwritten?');
    expect(prefs.getProfile().name).toBe('local');
  });

  it('offers local, and staging and production only when their servers are configured', () => {
    expect(presetProfiles('http://127.0.0.1:5099/').map((p) => p.name)).toEqual(['local']);
    expect(presetProfiles({ local: 'http://127.0.0.1:5099/', production: 'https://admin.clinic.test/' }).map((p) => p.name)).toEqual(['local', 'production']);
    expect(presetServersFromEnv({})).toEqual({ local: DEFAULT_LOCAL_SERVER, staging: undefined, production: undefined });
    expect(presetServersFromEnv({ SITEDESK_SERVER_URL: 'http://127.0.0.1:5099', SITEDESK_STAGING_URL: ' ', SITEDESK_PRODUCTION_URL: 'https://admin.clinic.test' })).toEqual({
      local: 'http://127.0.0.1:5099',
      staging: undefined,
      production: 'https://admin.clinic.test',
    });
    expect(presetProfiles({ local: 'http://x', staging: 'https://staging.clinic.test', production: 'https://admin.clinic.test' })[2]).toEqual({
      name: 'production',
      auth: 'https://admin.clinic.test/auth',
      core: 'https://admin.clinic.test/core',
      push: 'https://admin.clinic.test/push',
      api: 'https://admin.clinic.test/api',
      his: 'https://admin.clinic.test/his',
    });
    const { prefs } = make('http://127.0.0.1:5099');
    expect(prefs.getProfile()).toEqual({
      name: 'local',
      auth: 'http://127.0.0.1:5099/auth',
      core: 'http://127.0.0.1:5099/core',
      push: 'http://127.0.0.1:5099/push',
      api: 'http://127.0.0.1:5099/api',
      his: 'http://127.0.0.1:5099/his',
    });
  });

  it('stores a preset by name and an edited profile as custom', () => {
    const { store, prefs } = make();
    const staging = prefs.listPresets()[1];
    expect(prefs.setProfile(staging)).toEqual(staging);
    expect(prefs.getProfile()).toEqual(staging);
    const edited = prefs.setProfile({ ...staging, api: 'https://cms.example.org/api/' });
    expect(edited).toMatchObject({ name: 'custom', api: 'https://cms.example.org/api', auth: staging.auth });
    expect(createPreferences(store, { servers: 'http://x', defaultProfile: 'local' }).getProfile()).toEqual(edited);
    expect(() => prefs.setProfile({ ...staging, auth: 'ftp://x' })).toThrow();
  });

  it('falls back to the default profile when the stored preset is no longer offered', () => {
    const { store, prefs } = make();
    prefs.setProfile(prefs.listPresets()[2]);
    expect(prefs.getProfile().name).toBe('production');
    const localOnly = createPreferences(store, { servers: 'http://127.0.0.1:5080', defaultProfile: 'production' });
    expect(localOnly.getProfile()).toMatchObject({ name: 'local', api: 'http://127.0.0.1:5080/api' });
  });

  it('restores window bounds only where a display still shows them', () => {
    const { prefs } = make();
    expect(prefs.getWindowBounds()).toBeNull();
    prefs.setWindowBounds({ x: 100, y: 80, width: 1300, height: 850, maximized: false });
    const saved = prefs.getWindowBounds();
    const screen = [{ x: 0, y: 0, width: 1920, height: 1040 }];
    expect(visibleBounds(saved, screen, { width: 1440, height: 900 })).toEqual({ x: 100, y: 80, width: 1300, height: 850, maximized: false });
    const unplugged = visibleBounds({ x: 2500, y: 80, width: 1300, height: 850 }, screen, { width: 1440, height: 900 });
    expect(unplugged).toEqual({ width: 1300, height: 850, maximized: undefined });
    expect(visibleBounds(null, screen, { width: 1440, height: 900 })).toEqual({ width: 1440, height: 900 });
    expect(visibleBounds({ width: 200, height: 100 }, screen, { width: 1440, height: 900 })).toMatchObject({ width: 800, height: 600 });
  });
});
