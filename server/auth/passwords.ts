// argon2id password hashes (OWASP parameters: 19 MiB, 2 passes, 1 lane; @node-rs/argon2's
// defaults), computed off the event loop by the library's thread pool.
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id: the package exports it as a const enum, which isolatedModules cannot inline.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

let dummy: Promise<string> | undefined;
/** Spend the same time for an unknown account as for a wrong password (no user enumeration). */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('sitedesk-dummy-password');
  await verifyPassword(await dummy, password);
}
