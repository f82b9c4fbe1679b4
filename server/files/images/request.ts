// What an image request asks for (`GET /files/{uuid}/{name}?w=&h=&fit=&format=&q=` or `?preset=`), read from its
// query and checked. The rule (docs/api.md, Files, "Sized images"):
//   - no image parameter at all → the original, exactly as before (other parameters, a cache buster, are ignored);
//   - `w`, `h`: plain digits within 1..MAX_DIMENSION, rounded UP to the allowed set (shared/images.ts `allowedSize`);
//     0, negative, above MAX_DIMENSION or not plain digits → 400 naming the parameter;
//   - `fit`, `format`, `preset` one of theirs, `q` plain digits within 1..100 → else 400 naming the parameter;
//   - a preset gives every value (exactly, not rounded); parameters sent beside it override its values.
// The defaults: fit `cover` (what sharp and the peers do), format `auto` (shared/images.ts: auto unless said),
// quality DEFAULT_QUALITY.
import { allowedSize, DEFAULT_QUALITY, FITS, FORMATS, IMAGE_PRESETS, MAX_DIMENSION, type Fit, type ImageFormat, type ImagePreset, type ImageRequest } from '../../../shared/images';
import { badRequest } from '../errors';

const PARAMETERS = ['w', 'h', 'fit', 'format', 'q', 'preset'] as const;
const DIGITS = /^\d{1,9}$/;

/** A 400 naming the parameter and what it may be, in both languages. */
function refuse(name: string, viRule: string, enRule: string) {
  return badRequest({ vi: `Tham số "${name}" không hợp lệ: ${viRule}`, en: `The parameter "${name}" is not valid: ${enRule}` });
}

/** One value of a parameter: a repeated parameter (`?w=1&w=2`) is refused, not guessed at. */
function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw refuse(name, 'chỉ được gửi một giá trị', 'send it once');
  return value;
}

function dimension(query: Record<string, unknown>, name: 'w' | 'h'): number | undefined {
  const value = single(query, name);
  if (value === undefined) return undefined;
  const n = DIGITS.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= MAX_DIMENSION)) {
    throw refuse(name, `một số nguyên từ 1 đến ${MAX_DIMENSION} (điểm ảnh)`, `a whole number of pixels from 1 to ${MAX_DIMENSION}`);
  }
  return allowedSize(n);
}

function oneOf<T extends string>(query: Record<string, unknown>, name: string, allowed: readonly T[]): T | undefined {
  const value = single(query, name);
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw refuse(name, `một trong ${allowed.join(', ')}`, `one of ${allowed.join(', ')}`);
  return value as T;
}

/** The image the query asks for; undefined when it names none of the image parameters (the original is served). */
export function imageRequestOf(query: unknown): ImageRequest | undefined {
  const q = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  if (!PARAMETERS.some((name) => q[name] !== undefined)) return undefined;
  const presetName = oneOf(q, 'preset', Object.keys(IMAGE_PRESETS) as ImagePreset[]);
  const preset: Partial<ImageRequest> = presetName ? IMAGE_PRESETS[presetName] : {};
  const width = dimension(q, 'w') ?? preset.width;
  const height = dimension(q, 'h') ?? preset.height;
  const fit: Fit = oneOf(q, 'fit', FITS) ?? preset.fit ?? 'cover';
  const format: ImageFormat = oneOf(q, 'format', FORMATS) ?? preset.format ?? 'auto';
  const qualityText = single(q, 'q');
  let quality = preset.quality ?? DEFAULT_QUALITY;
  if (qualityText !== undefined) {
    quality = DIGITS.test(qualityText) ? Number(qualityText) : NaN;
    if (!(quality >= 1 && quality <= 100)) throw refuse('q', 'một số nguyên từ 1 đến 100', 'a whole number from 1 to 100');
  }
  return { width, height, fit, format, quality };
}

/** The formats a derivative is written in (`auto` resolved). */
export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

export const CONTENT_TYPES: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** Whether `accept` takes `type` (named, with a q above 0). `*\/*` is not enough: every browser sends it. */
function accepts(accept: string, type: string): boolean {
  return accept.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() !== type) return false;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return q === undefined || Number(q) > 0;
  });
}

/** The original's own format as a derivative's (a TIFF, which browsers do not show, becomes a JPEG). */
export function formatOfOriginal(contentType: string): OutputFormat {
  const sub = contentType.split('/')[1];
  return sub === 'png' || sub === 'webp' || sub === 'avif' || sub === 'gif' ? sub : 'jpeg';
}

/** `auto`: AVIF if the browser takes it, else WebP if it does, else the original's format. */
export function outputFormat(format: ImageFormat, accept: string | undefined, originalType: string): OutputFormat {
  if (format !== 'auto') return format;
  if (accept && accepts(accept, 'image/avif')) return 'avif';
  if (accept && accepts(accept, 'image/webp')) return 'webp';
  return formatOfOriginal(originalType);
}
