// Comments and photos of EPS nodes (spec §3 "EPS node: … comments, photos"; §7 EPS comments GET,
// POST, DELETE and photos) and the signed download link of stored files (§7 "a download GET with
// query"). A photo or comment may name the WBS row it is about (`wbs_item_id`: row ids are the same
// in every version of a schedule); the workbench's gallery tab shows the focused row's.
//
// Photos: multipart field "file" (PNG, JPEG, GIF or WebP by its bytes, up to the space's limit)
// with optional fields "wbs_item_id" and "version_id". The answer carries signed links (`url`,
// `thumb_url`) that an <img> can load without the bearer token, valid for an hour.
import { z } from 'zod';
import { Id, IdParams, Ok, Timestamp } from './common';
import { route } from './route';

export const COMMENT_MAX_LENGTH = 2000;

export const UserRef = z.object({
  id: Id.nullable(),
  name: z.string(),
});

export const EpsComment = z.object({
  id: Id,
  node_id: Id,
  wbs_item_id: Id.nullable(),
  author: UserRef,
  /** The caller wrote it (may edit and delete it). */
  mine: z.boolean(),
  text: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp.nullable(),
});
export type EpsComment = z.infer<typeof EpsComment>;

export const EpsPhoto = z.object({
  id: Id,
  node_id: Id,
  file_id: Id,
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** From EXIF: the camera's wall clock, written as UTC (show it in UTC); null without EXIF. */
  taken_at: Timestamp.nullable(),
  wbs_item_id: Id.nullable(),
  /** The row's code and name when the photo was added (the row may have changed or gone since). */
  wbs_code: z.string().nullable(),
  wbs_name: z.string().nullable(),
  version_id: Id.nullable(),
  author: UserRef,
  mine: z.boolean(),
  created_at: Timestamp,
  /** Signed links (GET storage/file?…), valid for `links_expire_at`. */
  url: z.string(),
  thumb_url: z.string(),
  links_expire_at: Timestamp,
});
export type EpsPhoto = z.infer<typeof EpsPhoto>;

const CommentText = z.string().trim().min(1).max(COMMENT_MAX_LENGTH);
const NodeQuery = z.strictObject({
  /** Only those of this WBS row. */
  wbs_item_id: Id.optional(),
});

export const galleryRoutes = {
  comments: route({
    method: 'GET',
    path: '/eps/:id/comments',
    scope: 'space',
    summary: 'Comments of an EPS node (of one WBS row when asked), oldest first',
    params: IdParams,
    query: NodeQuery,
    response: z.object({ items: z.array(EpsComment) }),
  }),
  addComment: route({
    method: 'POST',
    path: '/eps/:id/comments',
    scope: 'space',
    ability: 'edit',
    summary: 'Add a comment to an EPS node (optionally about one WBS row)',
    params: IdParams,
    body: z.strictObject({ text: CommentText, wbs_item_id: Id.nullable().optional() }),
    response: EpsComment,
    status: 201,
  }),
  editComment: route({
    method: 'PUT',
    path: '/eps/:id/comments/:commentId',
    scope: 'space',
    ability: 'edit',
    summary: 'Change the text of one of the caller’s own comments',
    params: z.object({ id: Id, commentId: Id }),
    body: z.strictObject({ text: CommentText }),
    response: EpsComment,
  }),
  deleteComment: route({
    method: 'DELETE',
    path: '/eps/:id/comments/:commentId',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete one of the caller’s own comments',
    params: z.object({ id: Id, commentId: Id }),
    response: Ok,
  }),
  photos: route({
    method: 'GET',
    path: '/eps/:id/photos',
    scope: 'space',
    summary: 'Photos of an EPS node (of one WBS row when asked), newest taken first',
    params: IdParams,
    query: NodeQuery,
    response: z.object({ items: z.array(EpsPhoto), max_size: z.number().int() }),
  }),
  addPhoto: route({
    method: 'POST',
    path: '/eps/:id/photos',
    scope: 'space',
    ability: 'edit',
    summary: 'Add a photo (multipart "file", optional "wbs_item_id" and "version_id")',
    params: IdParams,
    consumes: 'multipart',
    response: EpsPhoto,
    status: 201,
  }),
  deletePhoto: route({
    method: 'DELETE',
    path: '/eps/:id/photos/:photoId',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete one of the caller’s own photos',
    params: z.object({ id: Id, photoId: Id }),
    response: Ok,
  }),
};

/** The signed link route: no token, the signature is the permission (spec §7 download with query). */
export const storageLinkRoute = route({
  method: 'GET',
  path: '/storage/file',
  scope: 'public',
  summary: 'A stored file (or its thumbnail) by a signed link; answers byte ranges (206)',
  query: z.strictObject({
    id: Id,
    space: Id,
    variant: z.enum(['file', 'thumb', 'download']),
    exp: z.coerce.number().int().positive(),
    sig: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  response: 'blob',
});
