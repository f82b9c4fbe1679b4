// A derivative is made once, however many requests ask for it at the same moment, on however many instances:
//   - in the process, one promise per derivative (a Map): the twenty requests that arrive together await the same one;
//   - across instances, the row of `file_derivatives` (primary key storedName + variant): the instance whose INSERT of
//     the claim ('making') lands makes it; the others poll the row until it is 'ready'. A claim older than
//     CLAIM_TIMEOUT_MS (its instance died while making it) is taken over, by one instance only: the UPDATE names the
//     claim it replaces.
// The bytes go to the file store (disk or S3) under the variant's name, then the row turns 'ready'; a ready row is
// the promise that the bytes are there. An original deleted meanwhile (its rows gone): the bytes just made are
// removed again. A failure drops the claim, so the next request tries again.
//
// Once ready, a derivative is remembered in the process (`known`), so serving it again costs no read of its row; the
// route asks again (`forget` then `get`) when the store no longer has the bytes (deleted and restored on another
// instance meanwhile).
//
// The rows are the store's bookkeeping, as an upload's sessions are (no history entry, not counted as a change of
// content: server/db/changes.ts): what a derivative is follows from its original, which has both.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FileStore } from '../file-store';
import { heldBytesIfAny } from './held';
import { transform, variantKey, type Variant } from './transform';

/** A claim older than this is an instance's that died while making it: another may take it over. */
export const CLAIM_TIMEOUT_MS = 2 * 60_000;
/** How often an instance waiting for another's derivative looks at its row. */
const POLL_MS = 50;

export interface Original {
  storedName: string;
  contentType: string;
}

export interface ReadyDerivative {
  variant: string;
  contentType: string;
  size: number;
}

/** How many ready derivatives a process remembers (emptied when full: what is asked again comes back at once). */
const KNOWN_MAX = 20_000;

export class Derivatives {
  private readonly inFlight = new Map<string, Promise<ReadyDerivative>>();
  private readonly known = new Map<string, ReadyDerivative>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: FileStore,
    private readonly now: () => Date,
  ) {}

  /** The derivative `variant` of `original`, made now if no instance has made it yet. */
  get(original: Original, variant: Variant): Promise<ReadyDerivative> {
    const key = variantKey(variant);
    const flight = `${original.storedName}/${key}`;
    const known = this.known.get(flight);
    if (known) return Promise.resolve(known);
    let promise = this.inFlight.get(flight);
    if (!promise) {
      promise = this.ensure(original, variant, key)
        .then((ready) => {
          if (this.known.size >= KNOWN_MAX) this.known.clear();
          this.known.set(flight, ready);
          return ready;
        })
        .finally(() => this.inFlight.delete(flight));
      this.inFlight.set(flight, promise);
    }
    return promise;
  }

  /** No longer remembered as ready: one derivative (`variant`), or every one of `storedName`. */
  forget(storedName: string, variant?: string): void {
    if (variant) this.known.delete(`${storedName}/${variant}`);
    else for (const key of this.known.keys()) if (key.startsWith(`${storedName}/`)) this.known.delete(key);
  }

  private row(storedName: string, variant: string) {
    return this.db.selectFrom('file_derivatives').selectAll().where('storedName', '=', storedName).where('variant', '=', variant).executeTakeFirst();
  }

  private async ensure(original: Original, variant: Variant, key: string): Promise<ReadyDerivative> {
    const { storedName } = original;
    for (;;) {
      const row = await this.row(storedName, key);
      if (row?.state === 'ready') return { variant: key, contentType: row.contentType!, size: Number(row.size) };
      const claimedAt = this.now().toISOString();
      if (!row) {
        const inserted = await this.db
          .insertInto('file_derivatives')
          .values({ storedName, variant: key, state: 'making', claimedAt, size: null, contentType: null })
          .onConflict((oc) => oc.columns(['storedName', 'variant']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return this.make(original, variant, key, claimedAt);
        continue; // another instance claimed it first: read its row again
      }
      if (this.now().getTime() - Date.parse(row.claimedAt) > CLAIM_TIMEOUT_MS) {
        const taken = await this.db
          .updateTable('file_derivatives')
          .set({ claimedAt })
          .where('storedName', '=', storedName)
          .where('variant', '=', key)
          .where('state', '=', 'making')
          .where('claimedAt', '=', row.claimedAt)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 1) return this.make(original, variant, key, claimedAt);
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Makes the derivative under the claim `claimedAt`, stores it, and marks it ready. */
  private async make(original: Original, variant: Variant, key: string, claimedAt: string): Promise<ReadyDerivative> {
    const { storedName } = original;
    const ours = () => this.db.updateTable('file_derivatives').where('storedName', '=', storedName).where('variant', '=', key).where('claimedAt', '=', claimedAt);
    try {
      // On disk sharp reads the original where it is: through a Buffer first, a 3 MB photo waited for the thread pool's
      // reads (tens of milliseconds under load) before its decoding could start.
      const input = this.store.localPath?.(storedName) ?? (await this.store.readBytes(storedName));
      const derived = await transform(input, original.contentType, variant);
      await this.store.saveDerived(storedName, key, derived.bytes);
      const done = await ours().set({ state: 'ready', size: derived.bytes.length, contentType: derived.contentType }).executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) {
        // The claim is no longer ours: the original was deleted meanwhile (its rows went with it), or we took so long
        // that another instance took over and writes the same bytes. Gone: our bytes must not outlive it.
        const file = await this.db.selectFrom('files').select('id').where('storedName', '=', storedName).executeTakeFirst();
        if (!file) await this.store.removeDerived(storedName);
      }
      return { variant: key, contentType: derived.contentType, size: derived.bytes.length };
    } catch (err) {
      await this.db
        .deleteFrom('file_derivatives')
        .where('storedName', '=', storedName)
        .where('variant', '=', key)
        .where('claimedAt', '=', claimedAt)
        .where('state', '=', 'making')
        .execute()
        .catch(() => {});
      throw err;
    }
  }
}

/**
 * Forgets the derivatives of originals whose bytes go (deleted, purged, erased): their rows, and what this process
 * remembers and holds of them (./held.ts); the store's `keep`, `remove` and `removeKept` remove their bytes. Called
 * before those, so a derivative being made meanwhile finds its claim gone and removes what it wrote.
 */
export async function forgetDerivatives(db: Kysely<Database>, storedNames: readonly string[]): Promise<void> {
  const derivatives = perApp.get(db);
  const held = heldBytesIfAny(db);
  for (const name of storedNames) {
    derivatives?.forget(name);
    held?.forget(name);
  }
  for (let i = 0; i < storedNames.length; i += 500) {
    await db.deleteFrom('file_derivatives').where('storedName', 'in', storedNames.slice(i, i + 500)).execute();
  }
}

const perApp = new WeakMap<object, Derivatives>();

/** The app's derivatives (one per database handle, as the file engine is). */
export function derivativesOf(app: FastifyInstance, store: FileStore): Derivatives {
  let derivatives = perApp.get(app.db);
  if (!derivatives) {
    derivatives = new Derivatives(app.db, store, () => app.now());
    perApp.set(app.db, derivatives);
  }
  return derivatives;
}
