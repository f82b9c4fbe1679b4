import { resolveFileUrl } from '../files/urls';
import type { Editor } from '@tiptap/react';
import Image from '@tiptap/extension-image';
import { NodeSelection } from '@tiptap/pm/state';
import { ApiError } from '../../api/client';
import { notifyError } from '../../core/notices';
import { uploadEditorFiles } from '../files/api';
import { isImageName, MAX_UPLOAD_BYTES } from '../files/fileTypes';

/**
 * Images inserted in the editor go to the server first (`POST Files/uploads`, answer `data[0].url`); the
 * document keeps only the server's URL. While a file travels, a placeholder (the local picture, faded)
 * marks its place; on success the placeholder takes the URL, on failure it disappears and the server's
 * message is shown.
 */
export const UploadableImage = Image.extend({
  // The saved HTML keeps the server's origin-relative `/files/...` URL (what the websites use); the
  // editor shows it from the API server's origin, which under the desktop app's app:// page or another
  // environment profile is not the page's own.
  addNodeView() {
    return ({ node }) => {
      const img = document.createElement('img');
      const show = (attrs: Record<string, unknown>) => {
        img.src = resolveFileUrl(attrs.src as string | undefined) ?? '';
        for (const name of ['alt', 'title'] as const) {
          if (attrs[name]) img.setAttribute(name, String(attrs[name]));
          else img.removeAttribute(name);
        }
        if (attrs.uploadId) img.setAttribute('data-upload-id', String(attrs.uploadId));
        else img.removeAttribute('data-upload-id');
      };
      show(node.attrs);
      return {
        dom: img,
        update: (next) => {
          if (next.type !== node.type) return false;
          show(next.attrs);
          return true;
        },
      };
    };
  },
  addAttributes() {
    return {
      ...this.parent?.(),
      /** Set while the image is being uploaded; never left in saved HTML. */
      uploadId: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute('data-upload-id'),
        renderHTML: (attributes: { uploadId?: string | null }) => (attributes.uploadId ? { 'data-upload-id': attributes.uploadId } : {}),
      },
    };
  },
});

/** Whether HTML still holds images on their way to the server. */
export const hasPendingUploads = (html: string) => html.includes('data-upload-id=');

/** The name a pasted image gets when the clipboard gave none (screenshots are "image.png"). */
function namedImage(file: File): File {
  if (isImageName(file.name)) return file;
  const ext = file.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
  return new File([file], `image-${Date.now()}.${ext}`, { type: file.type });
}

/** The image files among what was pasted or dropped. */
export const imageFilesOf = (files: FileList | File[] | null | undefined): File[] =>
  Array.from(files ?? []).filter((file) => file.type.startsWith('image/') || isImageName(file.name));

function findUpload(editor: Editor, uploadId: string): { pos: number; size: number; attrs: Record<string, unknown> } | null {
  let found: { pos: number; size: number; attrs: Record<string, unknown> } | null = null;
  editor.state.doc.descendants((node, pos) => {
    if (found) return false;
    if (node.type.name === 'image' && node.attrs.uploadId === uploadId) found = { pos, size: node.nodeSize, attrs: node.attrs };
    return !found;
  });
  return found;
}

export interface UploadMessages {
  tooLarge(name: string): string;
  notImage(name: string): string;
}

/** Insert each image at `pos` (or the selection) as a placeholder, upload it, then settle the placeholder. */
export async function insertImages(editor: Editor, files: File[], messages: UploadMessages, pos?: number): Promise<void> {
  for (const raw of files) {
    const file = namedImage(raw);
    if (!isImageName(file.name)) {
      notifyError(messages.notImage(file.name));
      continue;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      notifyError(messages.tooLarge(file.name));
      continue;
    }
    const uploadId = crypto.randomUUID();
    const preview = URL.createObjectURL(file);
    const placeholder = { type: 'image', attrs: { src: preview, alt: file.name, uploadId } };
    // A selected image (the one just inserted, say) is kept: the new one goes after it, not in its place.
    const { selection } = editor.state;
    const at = pos ?? (selection instanceof NodeSelection ? selection.to : undefined);
    const chain = editor.chain().focus();
    (at === undefined ? chain.insertContent(placeholder) : chain.insertContentAt(at, placeholder)).run();
    pos = undefined;

    void uploadEditorFiles([file], { quiet: true }).then(
      (stored) => settle(editor, uploadId, stored[0]?.url ?? null, preview),
      (error: unknown) => {
        settle(editor, uploadId, null, preview);
        if (!(error instanceof ApiError && error.status === 401)) notifyError(error instanceof Error ? error.message : String(error));
      },
    );
  }
}

function settle(editor: Editor, uploadId: string, url: string | null, preview: string) {
  URL.revokeObjectURL(preview);
  if (editor.isDestroyed) return;
  const found = findUpload(editor, uploadId);
  if (!found) return; // the user removed the placeholder meanwhile
  const tr = editor.state.tr;
  if (url) tr.setNodeMarkup(found.pos, undefined, { ...found.attrs, src: url, uploadId: null });
  else tr.delete(found.pos, found.pos + found.size);
  // Undo should not bring a placeholder back: the swap is not a step of its own.
  tr.setMeta('addToHistory', false);
  editor.view.dispatch(tr);
}
