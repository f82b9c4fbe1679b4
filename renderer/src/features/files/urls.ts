import { cmsApi } from '../../api/client';
import { sizedUrl, type Fit, type ImagePreset } from '../../../../shared/images';

/**
 * Where to load a stored file from. The server answers origin-relative URLs (`/files/...`), which
 * websites keep as they are; the console shows them from the API server's origin, which in the desktop
 * app (pages served from app://) or with another environment profile is not the page's own.
 */
export function resolveFileUrl(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  if (/^(https?:|data:|blob:)/i.test(url)) return url;
  const base = cmsApi.defaults.baseURL ?? '';
  if (/^https?:\/\//i.test(base)) {
    try {
      return new URL(url, base).toString();
    } catch {
      return url;
    }
  }
  return url;
}

/** A stored file's public path (`/files/<uuid>/…`, also with the API server's origin): the server sizes those. */
const STORED = /^(https?:\/\/[^/]+)?\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\//i;

/**
 * Where to load a stored image at a size (`?preset=thumb`, `?w=960`…: shared/images.ts), so the console never pulls a
 * 12-megapixel original into a 50-pixel cell. Other addresses (another site's, `data:`) load as they are; a file the
 * server does not transform (SVG, PDF) is answered unchanged.
 */
export function sizedFileUrl(url: string | undefined | null, size: { preset?: ImagePreset; width?: number; height?: number; fit?: Fit }): string | undefined {
  if (!url || !STORED.test(url)) return resolveFileUrl(url);
  return resolveFileUrl(sizedUrl(url, size));
}

/** The thumbnail of a stored image (lists, pickers, the file manager's grid): the `thumb` preset. */
export const thumbnailUrl = (url: string | undefined | null) => sizedFileUrl(url, { preset: 'thumb' });

export { nameFromUrl } from '../../../../shared/fileNames';
