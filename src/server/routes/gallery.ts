// Comments and photos of EPS nodes (src/api/gallery.ts). A photo is a stored file (purpose
// 'photo', kept by content hash like any other) plus a row of eps_photos: its size upright, the
// date taken from EXIF, the WBS row it documents. Only images by their bytes are accepted; a
// thumbnail is made before anything is stored, so an image sharp cannot read is refused too.
import type { Kysely } from 'kysely';
import { api } from '../../api';
import type { EpsComment, EpsPhoto } from '../../api/gallery';
import { isImageMime } from '../../domain/storage';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { HttpError, badRequest, notFound } from '../errors';
import { implement } from '../http/register';
import { jobEnvFor } from '../jobs/app-runner';
import { iso } from '../services/mappers';
import { notify, rowNotices } from '../services/notices';
import { checkQuota, deleteFile, getFile, saveUpload, spaceLimits } from '../storage/files';
import { signedLink } from '../storage/links';
import { incomingDir } from '../storage/storage';
import { makeThumbnail, takenAt } from '../storage/thumbnails';
import { receiveUpload } from '../storage/upload';
import '../i18n/gallery-messages';

async function getAnyNode(db: Kysely<DB>, spaceId: string, id: string) {
  const node = await db
    .selectFrom('eps_nodes')
    .select(['id', 'kind'])
    .where('space_id', '=', spaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!node) throw notFound('node');
  return node;
}

/** The row a photo or comment is about: in the given version, else the newest version holding it. */
async function findRow(
  db: Kysely<DB>,
  spaceId: string,
  nodeId: string,
  itemId: string,
  versionId: string | null,
) {
  let q = db
    .selectFrom('wbs_items as i')
    .innerJoin('versions as v', (j) =>
      j.onRef('v.space_id', '=', 'i.space_id').onRef('v.id', '=', 'i.version_id'),
    )
    .select(['i.id', 'i.code', 'i.name', 'v.id as version_id'])
    .where('i.space_id', '=', spaceId)
    .where('i.id', '=', itemId)
    .where('v.schedule_id', '=', nodeId);
  if (versionId) q = q.orderBy((eb) => eb.case().when('v.id', '=', versionId).then(0).else(1).end());
  const row = await q.orderBy('v.created_at', 'desc').executeTakeFirst();
  if (!row) throw badRequest('gallery.unknown_row', { field: 'body.wbs_item_id' });
  return row;
}

const userName = (u: { first_name: string | null; last_name: string | null; login: string | null }) =>
  [u.first_name, u.last_name].filter(Boolean).join(' ') || u.login || '';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const optionalId = (v: string | undefined, field: string) => {
  if (v === undefined || v === '') return null;
  if (!UUID.test(v)) throw badRequest('invalid', { field: `body.${field}` });
  return v.toLowerCase();
};

export function galleryRoutes(ctx: AppContext) {
  const { db, config } = ctx;
  const { storage } = jobEnvFor(ctx);

  const commentsQuery = (spaceId: string) =>
    db
      .selectFrom('eps_comments as c')
      .leftJoin('users as u', 'u.id', 'c.author_id')
      .select([
        'c.id',
        'c.node_id',
        'c.wbs_item_id',
        'c.author_id',
        'c.text',
        'c.created_at',
        'c.updated_at',
        'u.first_name',
        'u.last_name',
        'u.login',
      ])
      .where('c.space_id', '=', spaceId);
  type CommentRow = Awaited<ReturnType<ReturnType<typeof commentsQuery>['executeTakeFirstOrThrow']>>;
  const toComment = (c: CommentRow, me: string): EpsComment => ({
    id: c.id,
    node_id: c.node_id,
    wbs_item_id: c.wbs_item_id,
    author: { id: c.author_id, name: userName(c) },
    mine: c.author_id === me,
    text: c.text,
    created_at: iso(c.created_at),
    updated_at: c.updated_at ? iso(c.updated_at) : null,
  });
  // Others with the node's gallery open see a change at once (gallery_updated to the space's
  // members only; the tab reloads when the node is the one it shows).
  const changed = (
    spaceId: string,
    nodeId: string,
    what: { kind: 'comment' | 'photo'; action: 'added' | 'edited' | 'deleted'; id: string },
    wbsItemId: string | null,
    actorId: string,
  ) =>
    ctx.events.publish({
      event: 'gallery_updated',
      space_id: spaceId,
      ids: [nodeId],
      payload: { ...what, node_id: nodeId, wbs_item_id: wbsItemId, actor_id: actorId },
    });
  const ownComment = async (spaceId: string, nodeId: string, id: string, me: string) => {
    const c = await commentsQuery(spaceId)
      .where('c.node_id', '=', nodeId)
      .where('c.id', '=', id)
      .executeTakeFirst();
    if (!c) throw notFound('comment');
    if (c.author_id !== me)
      throw new HttpError(403, 'Forbidden', [{ code: 'gallery.not_author', params: {} }]);
    return c;
  };

  const photosQuery = (spaceId: string) =>
    db
      .selectFrom('eps_photos as p')
      .innerJoin('stored_files as f', (j) =>
        j.onRef('f.space_id', '=', 'p.space_id').onRef('f.id', '=', 'p.file_id'),
      )
      .leftJoin('users as u', 'u.id', 'p.created_by')
      .select([
        'p.id',
        'p.node_id',
        'p.file_id',
        'p.version_id',
        'p.wbs_item_id',
        'p.wbs_code',
        'p.wbs_name',
        'p.taken_at',
        'p.width',
        'p.height',
        'p.created_by',
        'p.created_at',
        'f.name',
        'f.mime',
        'f.size',
        'u.first_name',
        'u.last_name',
        'u.login',
      ])
      .where('p.space_id', '=', spaceId);
  type PhotoRow = Awaited<ReturnType<ReturnType<typeof photosQuery>['executeTakeFirstOrThrow']>>;
  const toPhoto = (p: PhotoRow, spaceId: string, me: string): EpsPhoto => {
    const file = signedLink(config.dataDir, spaceId, p.file_id, 'file');
    const thumb = signedLink(config.dataDir, spaceId, p.file_id, 'thumb');
    return {
      id: p.id,
      node_id: p.node_id,
      file_id: p.file_id,
      name: p.name,
      mime: p.mime,
      size: Number(p.size),
      width: p.width,
      height: p.height,
      taken_at: p.taken_at ? iso(p.taken_at) : null,
      wbs_item_id: p.wbs_item_id,
      wbs_code: p.wbs_code,
      wbs_name: p.wbs_name,
      version_id: p.version_id,
      author: { id: p.created_by, name: userName(p) },
      mine: p.created_by === me,
      created_at: iso(p.created_at),
      url: file.url,
      thumb_url: thumb.url,
      links_expire_at: new Date(Math.min(file.exp, thumb.exp) * 1000).toISOString(),
    };
  };

  return [
    implement(api.gallery.comments, async ({ params, query, space, userId }) => {
      await getAnyNode(db, space.spaceId, params.id);
      let q = commentsQuery(space.spaceId).where('c.node_id', '=', params.id);
      if (query.wbs_item_id) q = q.where('c.wbs_item_id', '=', query.wbs_item_id);
      const rows = await q.orderBy('c.created_at').orderBy('c.id').execute();
      return { items: rows.map((c) => toComment(c, userId)) };
    }),

    implement(api.gallery.addComment, async ({ params, body, space, userId }) => {
      await getAnyNode(db, space.spaceId, params.id);
      const item = body.wbs_item_id ?? null;
      const row = item ? await findRow(db, space.spaceId, params.id, item, null) : null;
      const { id } = await db
        .insertInto('eps_comments')
        .values({
          space_id: space.spaceId,
          node_id: params.id,
          wbs_item_id: item,
          author_id: userId,
          text: body.text,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      changed(space.spaceId, params.id, { kind: 'comment', action: 'added', id }, item, userId);
      // assignment_comment: the members assigned to the row hear of a comment on it.
      if (row)
        await notify(
          ctx,
          await rowNotices(
            ctx,
            space.spaceId,
            row.version_id,
            [{ rowId: row.id, type: 'assignment_comment' }],
            userId,
          ),
        );
      return toComment(
        await commentsQuery(space.spaceId).where('c.id', '=', id).executeTakeFirstOrThrow(),
        userId,
      );
    }),

    implement(api.gallery.editComment, async ({ params, body, space, userId }) => {
      const c = await ownComment(space.spaceId, params.id, params.commentId, userId);
      await db
        .updateTable('eps_comments')
        .set({ text: body.text, updated_at: new Date() })
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.commentId)
        .execute();
      changed(
        space.spaceId,
        params.id,
        { kind: 'comment', action: 'edited', id: c.id },
        c.wbs_item_id,
        userId,
      );
      return toComment(
        await commentsQuery(space.spaceId).where('c.id', '=', params.commentId).executeTakeFirstOrThrow(),
        userId,
      );
    }),

    implement(api.gallery.deleteComment, async ({ params, space, userId }) => {
      const c = await ownComment(space.spaceId, params.id, params.commentId, userId);
      await db
        .deleteFrom('eps_comments')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.commentId)
        .execute();
      changed(
        space.spaceId,
        params.id,
        { kind: 'comment', action: 'deleted', id: c.id },
        c.wbs_item_id,
        userId,
      );
      return { success: true as const };
    }),

    implement(api.gallery.photos, async ({ params, query, space, userId }) => {
      await getAnyNode(db, space.spaceId, params.id);
      let q = photosQuery(space.spaceId).where('p.node_id', '=', params.id);
      if (query.wbs_item_id) q = q.where('p.wbs_item_id', '=', query.wbs_item_id);
      const rows = await q
        .orderBy((eb) => eb.fn.coalesce('p.taken_at', 'p.created_at'), 'desc')
        .orderBy('p.id')
        .execute();
      const limits = await spaceLimits(db, space.spaceId, config.storageMaxFileBytes);
      return { items: rows.map((p) => toPhoto(p, space.spaceId, userId)), max_size: limits.maxFile };
    }),

    implement(api.gallery.addPhoto, async ({ params, req, space, userId }) => {
      await getAnyNode(db, space.spaceId, params.id);
      const limits = await spaceLimits(db, space.spaceId, config.storageMaxFileBytes);
      const up = await receiveUpload(req, { maxBytes: limits.maxFile, dir: incomingDir(config.dataDir) });
      let thumb: Awaited<ReturnType<typeof makeThumbnail>>;
      let row: Awaited<ReturnType<typeof findRow>> | null = null;
      try {
        if (!isImageMime(up.mime)) throw badRequest('gallery.not_image', { field: 'body.file' });
        thumb = await makeThumbnail(up.path).catch(() => {
          throw badRequest('gallery.not_image', { field: 'body.file' });
        });
        const item = optionalId(up.fields.wbs_item_id, 'wbs_item_id');
        const version = optionalId(up.fields.version_id, 'version_id');
        if (item) row = await findRow(db, space.spaceId, params.id, item, version);
        await checkQuota(db, space.spaceId, limits.quota, up.size);
      } catch (err) {
        await up.discard();
        throw err;
      }
      const taken = await takenAt(up.path);
      const file = await saveUpload(
        db,
        storage,
        up,
        { spaceId: space.spaceId, kind: 'documents', scheduleId: params.id, userId, purpose: 'photo' },
        thumb.data,
      );
      try {
        const { id } = await db
          .insertInto('eps_photos')
          .values({
            space_id: space.spaceId,
            node_id: params.id,
            file_id: file.id,
            version_id: row?.version_id ?? null,
            wbs_item_id: row?.id ?? null,
            wbs_code: row?.code ?? null,
            wbs_name: row?.name ?? null,
            taken_at: taken,
            width: thumb.width,
            height: thumb.height,
            created_by: userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        changed(space.spaceId, params.id, { kind: 'photo', action: 'added', id }, row?.id ?? null, userId);
        return toPhoto(
          await photosQuery(space.spaceId).where('p.id', '=', id).executeTakeFirstOrThrow(),
          space.spaceId,
          userId,
        );
      } catch (err) {
        await deleteFile(db, storage, file);
        throw err;
      }
    }),

    implement(api.gallery.deletePhoto, async ({ params, space, userId }) => {
      const p = await photosQuery(space.spaceId)
        .where('p.node_id', '=', params.id)
        .where('p.id', '=', params.photoId)
        .executeTakeFirst();
      if (!p) throw notFound('photo');
      if (p.created_by !== userId)
        throw new HttpError(403, 'Forbidden', [{ code: 'gallery.not_author', params: {} }]);
      // The photo's row goes with its file (ON DELETE CASCADE); the bytes when nothing shares them.
      await deleteFile(db, storage, await getFile(db, space.spaceId, p.file_id));
      changed(
        space.spaceId,
        params.id,
        { kind: 'photo', action: 'deleted', id: p.id },
        p.wbs_item_id,
        userId,
      );
      return { success: true as const };
    }),
  ];
}
