// Images sized for the page (issue 41): the one place that names the presets and the widths a derivative may have.
// The server's image route (`GET /files/{uuid}/{name}?w=&h=&fit=&format=&q=` or `?preset=`), the delivery API's
// `<field>Info.srcset` and the console's thumbnails all read these, so a width the console asks for is one the server
// makes, and a site's srcset never names a size the server would refuse.

/**
 * The widths (and heights) a derivative may have. A request for another size within 1..MAX_DIMENSION is answered
 * with the nearest allowed one at or above it (never a smaller picture than asked); beyond MAX_DIMENSION, or not a
 * whole number, is a 400. Few sizes keep the store's derivatives few and a CDN's cache hits high.
 */
export const IMAGE_WIDTHS = [64, 128, 256, 320, 480, 640, 768, 960, 1280, 1600, 1920, 2560, 3200, 4096] as const;
export const MAX_DIMENSION = 4096;

/** The widths a page's srcset lists (the smaller ones are thumbnails, not page images). */
export const SRCSET_WIDTHS = IMAGE_WIDTHS.filter((w) => w >= 320);

export const FITS = ['cover', 'contain', 'inside'] as const;
export type Fit = (typeof FITS)[number];

export const FORMATS = ['auto', 'webp', 'avif', 'jpeg', 'png'] as const;
export type ImageFormat = (typeof FORMATS)[number];

export const DEFAULT_QUALITY = 80;

export interface ImageRequest {
  width?: number;
  height?: number;
  fit: Fit;
  format: ImageFormat;
  quality: number;
}

/** Named sizes (`?preset=`): what the console's lists and the sites' usual places ask for (exact, not rounded). */
export const IMAGE_PRESETS = {
  /** lists, pickers, the file manager's grid */
  thumb: { width: 256, height: 256, fit: 'cover', format: 'auto', quality: 70 },
  /** a card in a list of news or services */
  card: { width: 640, height: 480, fit: 'cover', format: 'auto', quality: DEFAULT_QUALITY },
  /** a page-wide banner */
  hero: { width: 1920, fit: 'inside', format: 'auto', quality: DEFAULT_QUALITY },
  /** the picture a link shows when shared (Open Graph): 1200×630, JPEG, which every network reads */
  og: { width: 1200, height: 630, fit: 'cover', format: 'jpeg', quality: DEFAULT_QUALITY },
} as const satisfies Record<string, ImageRequest>;
export type ImagePreset = keyof typeof IMAGE_PRESETS;

/** The allowed size at or above `n` (n within 1..MAX_DIMENSION). */
export function allowedSize(n: number): number {
  return IMAGE_WIDTHS.find((w) => w >= n) ?? MAX_DIMENSION;
}

/** A stored image's URL with a size: `/files/<uuid>/<name>?w=640` (format auto unless said). */
export function sizedUrl(url: string, options: { width?: number; height?: number; fit?: Fit; format?: ImageFormat; preset?: ImagePreset }): string {
  const query = new URLSearchParams();
  if (options.preset) query.set('preset', options.preset);
  if (options.width) query.set('w', String(options.width));
  if (options.height) query.set('h', String(options.height));
  if (options.fit) query.set('fit', options.fit);
  if (options.format) query.set('format', options.format);
  const base = url.split('?')[0];
  return `${base}?${query.toString()}`;
}

/** The srcset of an image `width` px wide: the srcset widths up to its own (never enlarged), and its own. */
export function srcsetOf(url: string, width: number | null | undefined): string {
  if (!width) return '';
  const widths: number[] = SRCSET_WIDTHS.filter((w) => w < width);
  return [...widths.map((w) => `${sizedUrl(url, { width: w, format: 'auto' })} ${w}w`), `${sizedUrl(url, { format: 'auto' })} ${width}w`].join(', ');
}

/** Whether a stored file's content type is one the image route transforms (SVG, PDF, video: served unchanged). */
export function isTransformable(contentType: string): boolean {
  return /^image\/(jpeg|png|webp|avif|gif|tiff)$/.test(contentType);
}
