// Making a derivative of a stored image with sharp (libvips): one pipeline, the bytes in memory, the bytes out.
//
// The operations, in this order, and why:
//   - `autoOrient()` (what `rotate()` without an angle does) first: a phone's photo is stored sideways with an EXIF
//     Orientation; applied before anything else, the crop and the sizes below are the ones people see (and the ones
//     `files.width/height` hold). sharp runs it before `extract` when it is called first.
//   - `extract` only for `fit=cover` with both sides: the largest rectangle of the asked proportions that fits the
//     image, centred on the file's focal point (focalX/focalY, 0..1; the centre when null) and pushed back inside the
//     edges. sharp's own `position` knows only the centre, the edges and "attention"/"entropy" guesses, never a point
//     staff chose; cropping first then resizing to the exact box makes the focal point stay in the picture.
//   - `resize` with `fit` (cover / contain / inside) and `withoutEnlargement`: never larger than the original (a
//     smaller original stays its size, in the asked proportions for cover); contain letterboxes on white for JPEG
//     and on transparent otherwise. libvips' shrink-on-load (JPEG, WebP) makes a large photo's small copy cheap.
//   - no `withMetadata`/`keepMetadata`: sharp writes no EXIF, XMP, GPS nor ICC by default, and converts to sRGB.
//   - encoders: JPEG with mozjpeg (progressive, trellis quantisation: about a tenth smaller for the same look, and
//     what every browser reads); WebP at effort 4 (libwebp's default: 5 and 6 cost about twice the time for 1–2%);
//     AVIF at effort 2 (the default 4 takes several times longer on a large photo for a few percent; a cold
//     derivative is made while a visitor waits); PNG at zlib level 6 (9 is far slower for little); GIF as libvips
//     writes it. The quality `q` is passed as it is, as Directus and Strapi do.
//   - an animated image (several pages: GIF, WebP) is left as it is: cropping and resizing every frame is another
//     feature; its original bytes are the derivative.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Fit } from '../../../shared/images';
import { CONTENT_TYPES, type OutputFormat } from './request';

/** A derivative fully resolved: sizes rounded to the allowed set, the format chosen, the focal point read. */
export interface Variant {
  width?: number;
  height?: number;
  fit: Fit;
  format: OutputFormat;
  quality: number;
  /** 0..1 from the left / the top; null: the centre. Only a cover crop with both sides reads them. */
  focalX: number | null;
  focalY: number | null;
}

/** Whether the variant is a crop around the focal point (cover with both sides). */
const crops = (v: Variant) => v.fit === 'cover' && v.width !== undefined && v.height !== undefined;

/** A focal coordinate as it is used and keyed: 0..1, three decimals; the centre when none. */
const focal = (value: number | null) => Math.round(Math.min(1, Math.max(0, value ?? 0.5)) * 1000) / 1000;

/**
 * The variant's name in the store and in `file_derivatives` (`w640-h480-cover-fx0.3-fy0.5-q80.webp`): what makes two
 * requests the same derivative. Only letters, digits, `-` and `.`, so it is a safe file name and object key. The focal
 * point is part of it when it decides the crop: moving it makes another derivative, never a stale one.
 */
export function variantKey(v: Variant): string {
  const parts = [v.width ? `w${v.width}` : '', v.height ? `h${v.height}` : '', v.fit, crops(v) ? `fx${focal(v.focalX)}-fy${focal(v.focalY)}` : '', `q${v.quality}`];
  return `${parts.filter(Boolean).join('-')}.${v.format}`;
}

/** The largest `width`:`height` rectangle inside `W`×`H`, centred on the focal point as far as the edges allow. */
export function coverCrop(W: number, H: number, width: number, height: number, fx: number, fy: number) {
  const ratio = width / height;
  const cropWidth = Math.max(1, Math.min(W, Math.round(H * ratio)));
  const cropHeight = Math.max(1, Math.min(H, Math.round(W / ratio)));
  const clamp = (v: number, max: number) => Math.min(Math.max(0, v), max);
  return {
    left: clamp(Math.round(fx * W - cropWidth / 2), W - cropWidth),
    top: clamp(Math.round(fy * H - cropHeight / 2), H - cropHeight),
    width: cropWidth,
    height: cropHeight,
  };
}

export interface Derived {
  bytes: Buffer;
  contentType: string;
}

/** The derivative `v` of the image `input` (an original's bytes or the path of its file, whose type is `originalType`). */
export async function transform(input: Buffer | string, originalType: string, v: Variant): Promise<Derived> {
  // The header is read first only when something depends on it: the frames of a GIF or WebP (an animation is left
  // as it is), the size people see for a crop. A photo's width alone needs neither (one pass over its bytes fewer).
  const mayAnimate = originalType === 'image/gif' || originalType === 'image/webp';
  const meta: { pages?: number; orientation?: number; width?: number; height?: number } = mayAnimate || crops(v) ? await sharp(input).metadata() : {};
  if ((meta.pages ?? 1) > 1) return { bytes: typeof input === 'string' ? await readFile(input) : input, contentType: originalType };
  let image = sharp(input).autoOrient();
  if (crops(v)) {
    // The size people see: EXIF orientations 5–8 turn the picture a quarter.
    const turned = (meta.orientation ?? 1) >= 5;
    const W = (turned ? meta.height : meta.width) ?? 1;
    const H = (turned ? meta.width : meta.height) ?? 1;
    image = image.extract(coverCrop(W, H, v.width!, v.height!, focal(v.focalX), focal(v.focalY)));
  }
  if (v.width || v.height) {
    const transparent = v.format !== 'jpeg';
    image = image.resize({
      width: v.width,
      height: v.height,
      fit: v.fit,
      withoutEnlargement: true,
      background: transparent ? { r: 0, g: 0, b: 0, alpha: 0 } : { r: 255, g: 255, b: 255, alpha: 1 },
    });
  }
  switch (v.format) {
    case 'jpeg':
      // JPEG has no transparency: flattened on white, not on the black sharp would use.
      image = image.flatten({ background: '#ffffff' }).jpeg({ quality: v.quality, mozjpeg: true });
      break;
    case 'webp':
      image = image.webp({ quality: v.quality, effort: 4 });
      break;
    case 'avif':
      image = image.avif({ quality: v.quality, effort: 2 });
      break;
    case 'png':
      image = image.png({ compressionLevel: 6 });
      break;
    case 'gif':
      image = image.gif();
      break;
  }
  return { bytes: await image.toBuffer(), contentType: CONTENT_TYPES[v.format] };
}
