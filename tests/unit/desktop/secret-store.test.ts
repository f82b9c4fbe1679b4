import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSecretStore,
  keytarSecretStore,
  loadKeytar,
  safeStorageSecretStore,
  type KeytarLike,
  type SafeStorageLike,
} from '../../../main/secrets/secret-store';

/** The OS keychain as keytar sees it: (service, account) → password. */
function memoryKeychain(): KeytarLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getPassword: async (service, account) => entries.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => void entries.set(`${service}/${account}`, password),
    deletePassword: async (service, account) => entries.delete(`${service}/${account}`),
  };
}

/** safeStorage stand-in: a reversible transformation under a per-machine key, so ciphertext ≠ plaintext. */
function fakeSafeStorage(key = 7, backend = 'gnome_libsecret', available = true): SafeStorageLike {
  const xor = (bytes: Buffer) => Buffer.from(bytes.map((b) => b ^ key));
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain) => Buffer.concat([Buffer.from('v10'), xor(Buffer.from(plain, 'utf8'))]),
    decryptString: (cipher) => {
      if (cipher.subarray(0, 3).toString() !== 'v10') throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      const plain = xor(cipher.subarray(3)).toString('utf8');
      if (!/^[\x20-\x7e]*$/.test(plain)) throw new Error('Error while decrypting');
      return plain;
    },
    getSelectedStorageBackend: () => backend,
  };
}

describe('keytar backend', () => {
  it('stores, reads and deletes under the Sitedesk service in the keychain', async () => {
    const keychain = memoryKeychain();
    const store = keytarSecretStore(keychain);
    expect(store.backend).toBe('keytar');
    expect(await store.get('refresh-token@x')).toBeNull();
    await store.set('refresh-token@x', 'secret-1');
    expect(keychain.entries.get('Sitedesk/refresh-token@x')).toBe('secret-1');
    expect(await store.get('refresh-token@x')).toBe('secret-1');
    await store.delete('refresh-token@x');
    await store.delete('refresh-token@x'); // deleting twice is fine
    expect(await store.get('refresh-token@x')).toBeNull();
  });
});

describe('safeStorage backend', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sitedesk-secrets-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps only ciphertext on disk, survives a restart, and deletes', async () => {
    const file = path.join(dir, 'session.json');
    const first = safeStorageSecretStore(fakeSafeStorage(), file);
    await first.set('refresh-token@a', 'top-secret-refresh-token');
    await first.set('refresh-token@b', 'other');
    const onDisk = await readFile(file, 'utf8');
    expect(onDisk).not.toContain('top-secret');
    expect(Object.keys(JSON.parse(onDisk))).toEqual(['refresh-token@a', 'refresh-token@b']);
    if (process.platform !== 'win32') expect((await import('node:fs')).statSync(file).mode & 0o077).toBe(0);

    const second = safeStorageSecretStore(fakeSafeStorage(), file); // the app restarted
    expect(await second.get('refresh-token@a')).toBe('top-secret-refresh-token');
    await second.delete('refresh-token@a');
    expect(await second.get('refresh-token@a')).toBeNull();
    expect(await second.get('refresh-token@b')).toBe('other');
  });

  it('answers no secret when the file is damaged or was encrypted on another machine', async () => {
    const file = path.join(dir, 'session.json');
    await safeStorageSecretStore(fakeSafeStorage(7), file).set('refresh-token@a', 'secret');
    expect(await safeStorageSecretStore(fakeSafeStorage(99), file).get('refresh-token@a')).toBeNull();
    await writeFile(file, '{not json');
    const store = safeStorageSecretStore(fakeSafeStorage(), file);
    expect(await store.get('refresh-token@a')).toBeNull();
    await store.set('refresh-token@a', 'fresh');
    expect(await store.get('refresh-token@a')).toBe('fresh');
  });

  it('does not lose a write when several happen at once', async () => {
    const store = safeStorageSecretStore(fakeSafeStorage(), path.join(dir, 'session.json'));
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.set(`account-${i}`, `secret-${i}`)));
    for (let i = 0; i < 10; i++) expect(await store.get(`account-${i}`)).toBe(`secret-${i}`);
  });
});

describe('createSecretStore', () => {
  const file = path.join(os.tmpdir(), 'never-written.json');

  it('uses keytar when it loads', async () => {
    const warn = vi.fn();
    const store = await createSecretStore({ loadKeytar: async () => memoryKeychain(), safeStorage: fakeSafeStorage(), filePath: file, platform: 'linux', warn });
    expect(store.backend).toBe('keytar');
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to safeStorage when keytar cannot load, warning on Linux basic_text', async () => {
    const warn = vi.fn();
    const loader = () => loadKeytar(async () => {
      throw new Error("Cannot find module 'keytar'");
    });
    const good = await createSecretStore({ loadKeytar: loader, safeStorage: fakeSafeStorage(), filePath: file, platform: 'linux', warn });
    expect(good.backend).toBe('safeStorage');
    expect(warn).not.toHaveBeenCalled();
    const weak = await createSecretStore({ loadKeytar: loader, safeStorage: fakeSafeStorage(7, 'basic_text'), filePath: file, platform: 'linux', warn });
    expect(weak.backend).toBe('safeStorage');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('basic_text'));
  });

  it('keeps the session in memory only when no encryption is available', async () => {
    const warn = vi.fn();
    const store = await createSecretStore({ loadKeytar: async () => null, safeStorage: fakeSafeStorage(7, 'unknown', false), filePath: file, platform: 'linux', warn });
    expect(store.backend).toBe('memory');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('memory'));
    await store.set('a', 'b');
    expect(await store.get('a')).toBe('b');
  });

  it('loadKeytar accepts a CommonJS default export and rejects something else', async () => {
    const keychain = memoryKeychain();
    expect(await loadKeytar(async () => ({ default: keychain }))).toBe(keychain);
    expect(await loadKeytar(async () => ({ something: 1 }))).toBeNull();
  });
});
