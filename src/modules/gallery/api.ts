// The gallery's calls (src/api/gallery.ts): photos and comments of an EPS node, of one WBS row
// when given. Errors reach the caller (silent: the tab shows them in place, not as a toast).
import { api } from '../../api';
import type { EpsComment, EpsPhoto } from '../../api/gallery';
import { call } from '../../app/api/call';
import { ApiError, errorItems } from '../../app/api/errors';

export interface GalleryData {
  photos: EpsPhoto[];
  comments: EpsComment[];
  maxSize: number;
}

export async function loadGallery(nodeId: string, rowId: string | null): Promise<GalleryData> {
  const query = rowId ? { wbs_item_id: rowId } : {};
  const [photos, comments] = await Promise.all([
    call(api.gallery.photos, { params: { id: nodeId }, query }, { silent: true }),
    call(api.gallery.comments, { params: { id: nodeId }, query }, { silent: true }),
  ]);
  return { photos: photos.items, comments: comments.items, maxSize: photos.max_size };
}

export function uploadPhoto(
  nodeId: string,
  file: File,
  row: { rowId: string | null; versionId: string | null },
): Promise<EpsPhoto> {
  const form = new FormData();
  if (row.rowId) form.append('wbs_item_id', row.rowId);
  if (row.versionId) form.append('version_id', row.versionId);
  // The file last: the server reads the fields before it.
  form.append('file', file, file.name);
  return call(api.gallery.addPhoto, { params: { id: nodeId }, body: form }, { silent: true });
}

export const deletePhoto = (nodeId: string, photoId: string) =>
  call(api.gallery.deletePhoto, { params: { id: nodeId, photoId } }, { silent: true });

export const addComment = (nodeId: string, text: string, rowId: string | null) =>
  call(
    api.gallery.addComment,
    { params: { id: nodeId }, body: { text, wbs_item_id: rowId } },
    { silent: true },
  );

export const editComment = (nodeId: string, commentId: string, text: string) =>
  call(api.gallery.editComment, { params: { id: nodeId, commentId }, body: { text } }, { silent: true });

export const deleteComment = (nodeId: string, commentId: string) =>
  call(api.gallery.deleteComment, { params: { id: nodeId, commentId } }, { silent: true });

/** The server's message(s) of a failed call, in the language it was asked in. */
export function failureText(err: unknown): string {
  if (err instanceof ApiError) {
    const lines = errorItems(err.body).map((i) => i.error_message || i.code);
    return lines.filter(Boolean).join('; ') || err.message;
  }
  return err instanceof Error ? err.message : String(err);
}
