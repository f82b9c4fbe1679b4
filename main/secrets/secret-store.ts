/**
 * Where the refresh token lives. Behind one small interface so the backend is cheap to change:
 * keytar (OS keychain; its upstream is archived and it is a native module that may not load), or
 * Electron's safeStorage with the ciphertext in a file under userData.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';

export interface SecretStore {
  /** Which backend holds the secrets (for logs and the about box). */
  readonly backend: 'keytar' | 'safeStorage' | 'memory';
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
}

/** The three keytar functions used. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** The part of Electron's safeStorage used. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend?(): string;
}

export const KEYCHAIN_SERVICE = 'Sitedesk';

export function keytarSecretStore(keytar: KeytarLike, service = KEYCHAIN_SERVICE): SecretStore {
  return {
    backend: 'keytar',
    get: (account) => keytar.getPassword(service, account),
    set: (account, secret) => keytar.setPassword(service, account, secret),
    delete: async (account) => {
      await keytar.deletePassword(service, account);
    },
  };
}

/**
 * safeStorage backend: one JSON file of base64 ciphertexts keyed by account, written atomically
 * (temporary file + rename) and readable by the user only. The plaintext never touches the disk.
 */
export function safeStorageSecretStore(safeStorage: SafeStorageLike, filePath: string): SecretStore {
  const readAll = async (): Promise<Record<string, string>> => {
    try {
      const parsed = JSON.parse(await fs.readFile(filePath, 'utf8')) as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      // A damaged file holds nothing we can decrypt anyway; start again rather than lock the user out.
      return {};
    }
  };
  const writeAll = async (entries: Record<string, string>) => {
    await fs.mkdir(path.dirname(filePath), { recursive: true });
    const temporary = `${filePath}.${process.pid}.tmp`;
    await fs.writeFile(temporary, JSON.stringify(entries), { mode: 0o600 });
    await fs.rename(temporary, filePath);
  };
  // Serialise read-modify-write cycles so two quick writes cannot lose one another.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    backend: 'safeStorage',
    get: (account) =>
      exclusive(async () => {
        const cipher = (await readAll())[account];
        if (!cipher) return null;
        try {
          return safeStorage.decryptString(Buffer.from(cipher, 'base64'));
        } catch {
          return null; // encrypted under another OS key (profile copied between machines): no session
        }
      }),
    set: (account, secret) =>
      exclusive(async () => {
        const entries = await readAll();
        entries[account] = safeStorage.encryptString(secret).toString('base64');
        await writeAll(entries);
      }),
    delete: (account) =>
      exclusive(async () => {
        const entries = await readAll();
        if (!(account in entries)) return;
        delete entries[account];
        await writeAll(entries);
      }),
  };
}

/** Last resort when neither backend works: the session lasts until the app quits. */
export function memorySecretStore(): SecretStore {
  const entries = new Map<string, string>();
  return {
    backend: 'memory',
    get: async (account) => entries.get(account) ?? null,
    set: async (account, secret) => void entries.set(account, secret),
    delete: async (account) => void entries.delete(account),
  };
}

// A variable, so neither TypeScript nor the bundler try to resolve a module that may be absent.
const keytarModuleName = 'keytar';

/** keytar is an optional native dependency: import it lazily and answer null when it cannot load. */
export async function loadKeytar(importer: () => Promise<unknown> = () => import(/* @vite-ignore */ keytarModuleName)): Promise<KeytarLike | null> {
  try {
    const mod = (await importer()) as KeytarLike & { default?: KeytarLike };
    const keytar = mod.default ?? mod;
    return typeof keytar.getPassword === 'function' ? keytar : null;
  } catch {
    return null;
  }
}
export interface CreateSecretStoreDeps {
  loadKeytar: () => Promise<KeytarLike | null>;
  safeStorage: SafeStorageLike;
  /** Ciphertext file for the safeStorage backend (under userData). */
  filePath: string;
  platform: NodeJS.Platform;
  warn: (message: string) => void;
}

/** keytar when it loads, else safeStorage, else memory; warns when the protection is weak. */
export async function createSecretStore(deps: CreateSecretStoreDeps): Promise<SecretStore> {
  const keytar = await deps.loadKeytar();
  if (keytar) return keytarSecretStore(keytar);
  if (!deps.safeStorage.isEncryptionAvailable()) {
    deps.warn('Neither keytar nor safeStorage encryption is available: the session is kept in memory only and ends when the app quits.');
    return memorySecretStore();
  }
  if (deps.platform === 'linux' && deps.safeStorage.getSelectedStorageBackend?.() === 'basic_text') {
    deps.warn(
      'No keyring (GNOME Keyring / KWallet) was found: safeStorage falls back to a hard-coded key (basic_text), so the stored session is only obfuscated. Install and unlock a keyring to protect it.',
    );
  }
  return safeStorageSecretStore(deps.safeStorage, deps.filePath);
}
