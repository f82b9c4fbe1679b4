// What another module may know of the stored images its fields point at (issue 41: the delivery API's
// `<field>Info`): their size, placeholder and alt texts, for many URLs in one read of the files table. The files
// module owns that table; readers ask here rather than querying it.
import type { Db } from '../db/schema';
import { isTransformable } from '../../shared/images';
import { altOf } from './catalog';
import { isStoredName } from './file-store';

export interface ImageFacts {
  width: number;
  height: number;
  placeholder: string | null;
  /** The alt text per language id, as staff saved it. */
  alt: Record<string, string>;
}

/** The stored name in a URL of ours (`/files/<storedName>/<name>`, with or without a host, a query or a fragment). */
export function storedNameOf(url: string): string | undefined {
  const path = url.trim().replace(/^[a-z][a-z\d+.-]*:\/\/[^/]+/i, '').split(/[?#]/)[0];
  const key = /^\/files\/([^/]+)\//.exec(path)?.[1];
  return key && isStoredName(key) ? key : undefined;
}

/**
 * The images among `storedNames` (one query): those that exist, are transformable (not a PDF, a video, an SVG) and
 * were measured (the upload step, or its backfill, has stored their size).
 */
export async function imageFacts(db: Db, storedNames: string[]): Promise<Map<string, ImageFacts>> {
  const found = new Map<string, ImageFacts>();
  if (storedNames.length === 0) return found;
  const rows = await db.selectFrom('files').select(['storedName', 'contentType', 'width', 'height', 'placeholder', 'alt']).where('storedName', 'in', storedNames).execute();
  for (const r of rows) {
    if (!isTransformable(r.contentType) || !r.width || !r.height) continue;
    found.set(r.storedName, { width: r.width, height: r.height, placeholder: r.placeholder ?? null, alt: altOf(r.alt) });
  }
  return found;
}
