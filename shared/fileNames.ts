// Names of stored files as people read them; its own module so that what imports it (the generic list's cells,
// the file manager) does not pull the upload contract along into the sign-in screen's chunks.

/** The name shown for a stored URL: its last path segment, decoded (`/files/ab12/Bảng%20giá.pdf` → `Bảng giá.pdf`). */
export function nameFromUrl(url: string): string {
  const last = url.split(/[?#]/)[0].split('/').filter(Boolean).pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
