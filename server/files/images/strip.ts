// What an image becomes before it is recorded (issue 41): its metadata removed, its size and a placeholder learnt.
// Staff upload phone photos carrying the camera's EXIF (the GPS position of the clinic, or of someone's home), XMP and
// IPTC; the sites would hand them to every visitor. So at upload (every path: the editor's Files/uploads, chunked on
// disk and on S3) and in the backfill of files stored before (./backfill.ts), an image's bytes are replaced by:
//
//   sharp(bytes).rotate()      the EXIF orientation applied first (a portrait photo stays upright once the tag is gone);
//   .jpeg|png|webp|gif()       re-encoded in its own format (the name's extension and Content-Type stay true), with no
//                              `withMetadata`/`keep*`: sharp then writes no EXIF, XMP, IPTC or comment, and converts an
//                              embedded ICC profile's colours to sRGB and drops the profile (untagged is sRGB);
//
// and its width and height (orientation applied) and a ThumbHash of a ≤100 px version (`rgbaToThumbHash`, base64: ~25
// bytes a page can paint while the image loads) are stored with it. An image with nothing to remove (no metadata,
// upright) keeps its bytes: a second pass (a retried upload, the backfill after a crash) never re-encodes it again.
// Animated images (GIF, WebP, APNG with several frames) keep their bytes too (a re-encode would lose frames or their
// timing; GIF carries no EXIF), measured from the first frame. Bytes sharp cannot read (corrupt, or beyond its pixel
// limit) are kept and the file is marked as not one we transform.
import sharp, { type FormatEnum, type Metadata, type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { isTransformable } from '../../../shared/images';
import type { FileStore, StoredFile } from '../file-store';

/** What the files table learns of a file's bytes (migration 0036). */
export interface ImageFacts {
  /** 1 an image stripped and measured, 2 not one we transform. */
  imageState: 1 | 2;
  width: number | null;
  height: number | null;
  placeholder: string | null;
}

export const NOT_AN_IMAGE: ImageFacts = { imageState: 2, width: null, height: null, placeholder: null };

/** Larger files are not read into memory to be stripped (a 12-megapixel photo is ~5 MB; a 100 MB one is a scan). */
export const MAX_IMAGE_BYTES = 100 * 1024 * 1024;

/** A re-encode close to the original: high enough that one generation shows no loss a visitor would see. */
const QUALITY = 90;

export interface StrippedImage {
  facts: ImageFacts;
  /** The new bytes; undefined when the given ones are kept (clean already, animated, or not readable). */
  bytes?: Buffer;
}

/** Whether `meta` names anything to remove: metadata blocks, an ICC profile, or an orientation to apply. */
function needsStripping(meta: Metadata): boolean {
  return Boolean(meta.exif || meta.xmp || meta.iptc || meta.icc || meta.tifftagPhotoshop || meta.comments?.length || (meta.orientation ?? 1) !== 1);
}

/** The encoder of the image's own format, without metadata. */
function encodeAs(pipeline: Sharp, meta: Metadata): Sharp {
  switch (meta.format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: QUALITY, progressive: meta.isProgressive });
    case 'png':
      // A palette PNG (a logo) stays one: re-quantised at full quality rather than growing to true colour.
      return pipeline.png({ palette: meta.isPalette, quality: 100, compressionLevel: 9 });
    case 'webp':
      return pipeline.webp({ quality: QUALITY });
    case 'gif':
      return pipeline.gif();
    default:
      return pipeline.toFormat(meta.format as keyof FormatEnum);
  }
}

/** A ThumbHash (base64) of `bytes`: the image shrunk to fit 100×100 (the algorithm's limit), upright, as RGBA. */
export async function placeholderOf(bytes: Buffer): Promise<string> {
  const { data, info } = await sharp(bytes).rotate().resize(100, 100, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

/** `bytes` (an image of `contentType`) without its metadata, with its size and placeholder. */
export async function stripImage(bytes: Buffer, contentType: string): Promise<StrippedImage> {
  if (!isTransformable(contentType) || bytes.length > MAX_IMAGE_BYTES) return { facts: NOT_AN_IMAGE };
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    return { facts: NOT_AN_IMAGE };
  }
  const animated = (meta.pages ?? 1) > 1;
  try {
    const out = !animated && needsStripping(meta) ? await encodeAs(sharp(bytes).rotate(), meta).toBuffer() : undefined;
    const facts: ImageFacts = {
      imageState: 1,
      width: meta.autoOrient.width,
      height: animated ? (meta.pageHeight ?? meta.autoOrient.height) : meta.autoOrient.height,
      placeholder: await placeholderOf(out ?? bytes),
    };
    return { facts, bytes: out };
  } catch {
    // The header read, the pixels did not (a truncated or corrupt file): served as it is, never transformed.
    return { facts: NOT_AN_IMAGE };
  }
}

/**
 * A stored file's bytes stripped (`stripImage`), not put back yet: the caller replaces them where it is safe to (at
 * upload at once; in the backfill under the row's lock). `size` is the size the file has once they are.
 */
export async function stripStored(store: FileStore, stored: StoredFile, contentType: string): Promise<StrippedImage & { size: number }> {
  if (!isTransformable(contentType) || stored.size > MAX_IMAGE_BYTES) return { facts: NOT_AN_IMAGE, size: stored.size };
  const original = await store.readBytes(stored.storedName);
  const stripped = await stripImage(original, contentType);
  return { ...stripped, size: stripped.bytes?.length ?? original.length };
}
