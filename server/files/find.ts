// Files found by name, for the search across the console (issue 42, server/search/). Files belong to the
// organisation and every signed-in user may use the file manager (docs/api.md "Files"), so whoever may search a
// website finds them, in any of its websites.
import type { FastifyInstance } from 'fastify';
import { filesEngine } from './engine';

/** The console's file manager opening the file's folder with the file selected. */
export const fileManagerRoute = (file: { id: number; folderId: number | null }) => `/file?folder=${file.folderId ?? 0}&file=${file.id}`;

/** The newest files (at most `limit`) whose name holds `keyword`, folded; each with its folder's path ('/' at the root). */
export function filesNamed(app: FastifyInstance, keyword: string, limit: number) {
  return filesEngine(app).catalog.filesNamed(keyword, limit);
}
