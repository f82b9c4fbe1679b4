// Files stored before this version (imageState 0, migration 0036) are treated as an upload now treats them
// (./strip.ts): an image loses its metadata and is measured, anything else is marked as not one we transform. At start,
// in the background (a library of thousands of photos takes minutes; the server answers meanwhile), then hourly for
// what a failure left (a store that did not answer, a file restored from the trash unmeasured):
//   - one instance at a time (server/db/periodic.ts `every`: a session lock on PostgreSQL; the others skip the run);
//   - a slice of files at a time, read by id; each file stripped outside any transaction, then its bytes put back and
//     its row written in one short transaction holding the row (catalog `settleImage`), with its history entry.
import type { FastifyInstance } from 'fastify';
import { filesEngine } from '../engine';
import { stripStored } from './strip';

/** Files read per slice: a slice of photos is a few seconds of work, and memory for one photo at a time. */
const SLICE = 20;

/** Strips and measures every file not looked at yet; answers how many it settled. */
export async function backfillImages(app: FastifyInstance): Promise<number> {
  const { catalog, store } = filesEngine(app);
  let after = 0;
  let settled = 0;
  for (;;) {
    const slice = await app.db
      .selectFrom('files')
      .select(['id', 'storedName', 'contentType', 'size'])
      .where('imageState', '=', 0)
      .where('id', '>', after)
      .orderBy('id')
      .limit(SLICE)
      .execute();
    if (!slice.length) return settled;
    for (const file of slice) {
      after = file.id;
      try {
        const stripped = await stripStored(store, { storedName: file.storedName, size: Number(file.size) }, file.contentType);
        if (await catalog.settleImage(file.id, file.storedName, stripped)) settled++;
      } catch (err) {
        // Its bytes unreadable now (the store failing, or lost): this one waits for the next run, the others go on.
        app.log.warn({ err, fileId: file.id }, 'a stored file could not be stripped and measured; tried again at the next run');
      }
    }
  }
}
