// An application with its CV (issue 40): `POST /public/{website}/applications` as multipart/form-data, the same text
// fields as the JSON post and one `cv` file. The file is checked (PDF, DOC or DOCX by its name and by its bytes, at
// most CV_MAX_BYTES) and stored through the file store in the file manager's "CV" folder; its catalogue row and the
// application naming its URL are written in one transaction, so a refused post (a bad file, a missing name) leaves
// neither, and its bytes are removed.
import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceDef } from '../../shared/resources/define';
import { dropFile, intakeFolder, receiveFile, recordFile, type IntakeFileRule, type ReceivedFile } from '../files/intake-files';
import { dynamic, operationContext, type OperationContext, type Scope } from '../resources/index';
import type { Row } from '../resources/records';

/** A CV is a few pages: 5 MB is plenty (docs/api.md "Public intake"). */
export const CV_MAX_BYTES = 5 * 1024 * 1024;

export const CV_RULE: IntakeFileRule = {
  kinds: ['pdf', 'doc', 'docx'],
  maxBytes: CV_MAX_BYTES,
  folder: 'CV',
  refused: { vi: 'Hồ sơ (CV) phải là tệp PDF, DOC hoặc DOCX', en: 'The CV must be a PDF, DOC or DOCX file' },
};

/** A file part received and stored, waiting for its record: the field it fills and the rule it came under. */
export interface FormFile {
  field: string;
  rule: IntakeFileRule;
  received: ReceivedFile;
}

/**
 * The text fields of a multipart post (a name sent twice, or a list field's JSON text such as `jobIds=[1,2]`: a list)
 * and its one file, stored (`file`: which field may carry one). After a refusal the rest of the body is still read
 * and discarded (a part left unread would hold the request open), and a file already stored is removed.
 */
export async function readForm(
  app: FastifyInstance,
  request: FastifyRequest,
  def: ResourceDef,
  file: { field: string; rule: IntakeFileRule } | undefined,
): Promise<{ body: Row; file?: FormFile }> {
  const body: Row = {};
  let stored: FormFile | undefined;
  let failure: { error: unknown } | undefined;
  const parts = request.parts() as AsyncIterableIterator<Multipart>;
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      failure ??= { error };
      break;
    }
    if (next.done) break;
    const part = next.value;
    try {
      if (failure) continue;
      if (part.type === 'field') addField(body, def, part.fieldname, String(part.value));
      else if (file && part.fieldname === file.field && !stored) stored = { ...file, received: await receiveFile(app, part.file, part.filename, file.rule) };
    } catch (error) {
      failure = { error };
    } finally {
      if (part.type === 'file' && !part.file.readableEnded) part.file.resume();
    }
  }
  if (failure) {
    if (stored) await dropFile(app, stored.received);
    throw failure.error;
  }
  return { body, file: stored };
}

function addField(body: Row, def: ResourceDef, name: string, value: string): void {
  const list = def.fields.find((f) => f.name === name)?.type === 'tags';
  let v: unknown = value;
  if (list && value.trim().startsWith('[')) {
    try {
      v = JSON.parse(value);
    } catch {
      // As sent: the definition's rules refuse it with the field's message.
    }
  }
  if (!(name in body)) body[name] = list && !Array.isArray(v) ? [v] : v;
  else body[name] = [...(Array.isArray(body[name]) ? (body[name] as unknown[]) : [body[name]]), ...(Array.isArray(v) ? v : [v])];
}

/**
 * The record of `body` with `file`'s URL in its field, and the file's catalogue row, in one transaction (the
 * engine's create runs in it: its rules, hooks and history entry as for a JSON post). Refused: the file's bytes go.
 */
export async function createWithFile(app: FastifyInstance, ctx: OperationContext, def: ResourceDef, scope: Scope, body: Row, file: FormFile): Promise<Row> {
  const actor = { id: null, request: ctx.request };
  try {
    const folderId = await intakeFolder(app, file.rule, actor);
    return await app.db.transaction().execute(async (trx) => {
      const url = await recordFile(app, trx, file.received, folderId, actor);
      // Everything the create reads goes through the transaction (SQLite has one connection: a read beside it would wait for it).
      const inTrx = { ...ctx, ...operationContext(app, ctx.request!, scope.websiteId, trx), db: dynamic(trx) } as OperationContext;
      return app.resources.engine.create(inTrx, def, scope, { ...body, [file.field]: url });
    });
  } catch (err) {
    await dropFile(app, file.received);
    throw err;
  }
}
