// Media of part 2 (albums with photos and videos, media advertisements, waiting screens and their files): the
// engine's resources (shared/resources/{album,advertisement}.ts) with the one rule the definitions cannot say: a
// file a record plays or shows is a file of the file store of the right kind, known by the type its content was
// verified as when it was uploaded (server/files/file-types.ts), never by what its name says.
//   - a media advertisement plays a stored .mp3 or .mp4;
//   - a waiting-screen file is a stored image (type 0) or a stored .mp3/.mp4 (type 1);
//   - an album video from an uploaded file (type 0) is a stored .mp4; from YouTube (type 1) it needs its video id.
// Deleting an album deletes its photos and videos in the delete's transaction (the engine's children), never the
// files: they stay in the file manager, where a file still in use says so before it is deleted (server/files).
import { advertisement, advertisementFile } from '../../shared/resources/advertisement';
import { albumVideo } from '../../shared/resources/album';
import type { Label, ResourceDef } from '../../shared/resources/define';
import { httpError } from '../errors';
import { serve, type HookContext } from '../resources/index';

export type FileKind = 'image' | 'media';

const KIND_OF: Record<string, FileKind> = {
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'audio/mpeg': 'media',
  'video/mp4': 'media',
};

const NOT_STORED: Record<FileKind, Label> = {
  image: { vi: 'Hãy chọn một ảnh trong thư viện tệp', en: 'Choose an image from the file manager' },
  media: { vi: 'Chỉ chấp nhận tệp .mp3 và .mp4 trong thư viện tệp', en: 'Only .mp3 and .mp4 files of the file manager are accepted' },
};

/** The kind of the stored file at `url` (its verified content type), or undefined when no stored file has that URL. */
export async function storedKind(ctx: HookContext, url: unknown): Promise<{ kind?: FileKind; contentType: string } | undefined> {
  if (typeof url !== 'string' || !url) return undefined;
  const row = await ctx.db.selectFrom('files').select('contentType').where('url', '=', url).executeTakeFirst();
  if (!row) return undefined;
  const contentType = String((row as { contentType: string }).contentType).split(';')[0];
  return { kind: KIND_OF[contentType], contentType };
}

/** 400 on `field` unless the URL is a stored file of `kind` (and, if given, of one of `types`). */
async function requireStored(ctx: HookContext, url: unknown, kind: FileKind, field = 'url', types?: string[]) {
  const found = await storedKind(ctx, url);
  if (!found || found.kind !== kind || (types && !types.includes(found.contentType))) throw httpError(400, NOT_STORED[kind], { field });
}

/** `prepare` of a resource whose `url` must be a stored file of the kind the record says. */
const checkedFile = (def: ResourceDef, kindOf: (values: Record<string, unknown>) => { kind: FileKind; types?: string[] } | null) =>
  serve(def, {
    async prepare(ctx, _body, _current, values) {
      const need = kindOf(values);
      if (need) await requireStored(ctx, values.url, need.kind, 'url', need.types);
      return { values, input: undefined };
    },
  });

const YOUTUBE_ID_REQUIRED: Label = { vi: 'Mã video YouTube là trường bắt buộc', en: 'YouTube video id is required' };

export const advertisementResource = checkedFile(advertisement, () => ({ kind: 'media' }));
/** The kind a field's `acceptBy` gives for the record's values. */
const kindBy = (def: ResourceDef, name: string) => (values: Record<string, unknown>) => {
  const by = def.fields.find((f) => f.name === name)?.acceptBy;
  const kind = by ? by.kinds[String(values[by.field])] : undefined;
  return kind ? { kind } : null;
};

export const advertisementFileResource = checkedFile(advertisementFile, kindBy(advertisementFile, 'url'));
export const albumVideoResource = serve(albumVideo, {
  async prepare(ctx, _body, _current, values) {
    const { type, url, videoLinkId } = values;
    if (type === 1) {
      if (typeof videoLinkId !== 'string' || !videoLinkId.trim()) throw httpError(400, YOUTUBE_ID_REQUIRED, { field: 'videoLinkId' });
    } else {
      await requireStored(ctx, url, 'media', 'url', ['video/mp4']);
    }
    return { values, input: undefined };
  },
});
