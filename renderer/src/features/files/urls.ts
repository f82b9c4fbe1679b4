import { cmsApi } from '../../api/client';

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

export { nameFromUrl } from '../../../../shared/fileNames';
