// storage/*: files of a schedule (documents), downloads of stored files (exports are temp files)
// streamed with byte ranges, a version as a zip with its documents, thumbnails of images,
// deletion, the space's limits, and the signed link (storage/file?…) an <img> can load.
import { api } from '../../api';
import { HttpError, notFound } from '../errors';
import { Binary, implement } from '../http/register';
import type { Call } from '../http/register';
import type { RouteDef } from '../../api/route';
import { loadVersionModel } from '../import/to-model';
import { versionZip } from '../jobs/export-job';
import { exportInWorker } from '../jobs/pool';
import type { JobEnv } from '../jobs/runner';
import { getNode } from '../services/eps';
import {
  checkQuota,
  deleteFile,
  getFile,
  saveUpload,
  spaceLimits,
  spaceUsage,
  toStoredFile,
} from '../storage/files';
import { linkValid } from '../storage/links';
import { disposition, sendStored } from '../storage/send';
import { incomingDir } from '../storage/storage';
import { makeThumbnail } from '../storage/thumbnails';
import { receiveUpload } from '../storage/upload';
import { isImageMime } from '../../domain/storage';

/** attachment; filename="…" with an ASCII fallback and the UTF-8 name (RFC 6266). */
export const attachment = (name: string) => disposition('attachment', name);

const send = <R extends RouteDef>(call: Call<R>, data: Uint8Array, mime: string, name: string) => {
  call.reply.header('content-disposition', attachment(name)).header('x-content-type-options', 'nosniff');
  return new Binary(Buffer.from(data.buffer, data.byteOffset, data.byteLength), mime);
};

export function storageRoutes(env: JobEnv) {
  const { db, storage, config } = env;
  return [
    implement(api.transfer.storageMaxSize, async ({ space }) => {
      const limits = await spaceLimits(db, space.spaceId, config.storageMaxFileBytes);
      return { max_size: limits.maxFile, quota: limits.quota, used: await spaceUsage(db, space.spaceId) };
    }),

    implement(api.transfer.storageList, async ({ params, query, space }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      const rows = await db
        .selectFrom('stored_files')
        .selectAll()
        .where('space_id', '=', space.spaceId)
        .where('schedule_id', '=', params.id)
        .where('kind', '=', query.kind ?? 'documents')
        .where('purpose', '=', 'file')
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map(toStoredFile);
    }),

    implement(api.transfer.storageUpload, async ({ params, req, space, userId }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      const limits = await spaceLimits(db, space.spaceId, config.storageMaxFileBytes);
      const up = await receiveUpload(req, { maxBytes: limits.maxFile, dir: incomingDir(config.dataDir) });
      try {
        await checkQuota(db, space.spaceId, limits.quota, up.size);
      } catch (err) {
        await up.discard();
        throw err;
      }
      const thumb = isImageMime(up.mime) ? await makeThumbnail(up.path).catch(() => null) : null;
      const file = await saveUpload(
        db,
        storage,
        up,
        { spaceId: space.spaceId, kind: 'documents', scheduleId: params.id, userId },
        thumb?.data ?? null,
      );
      return toStoredFile(file);
    }),

    implement(api.transfer.storageVersionDownload, async (call) => {
      const { params, space } = call;
      await getNode(db, space.spaceId, params.id, 'schedule');
      const { version, model } = await loadVersionModel(db, space.spaceId, params.version_id);
      if (version.schedule_id !== params.id) throw notFound('version');
      const json = await exportInWorker(model, 'json');
      const zip = await versionZip(env, space.spaceId, version.id, json);
      return send(call, zip, 'application/zip', `${version.label}.zip`);
    }),

    implement(api.transfer.storageThumbnail, async ({ params, space, req }) => {
      const f = await getFile(db, space.spaceId, params.id);
      if (!f.thumb_key) throw notFound('thumbnail');
      return sendStored(req, storage, f, { thumbnail: true, inline: true });
    }),

    implement(api.transfer.storageDelete, async ({ params, space }) => {
      const f = await getFile(db, space.spaceId, params.id);
      const inUse = await db
        .selectFrom('jobs')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .where('file_id', '=', f.id)
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (inUse) throw new HttpError(409, 'Conflict', [{ code: 'storage.in_use', params: {} }]);
      await deleteFile(db, storage, f);
      return { success: true as const };
    }),

    implement(api.transfer.storageDownload, async ({ params, space, req }) => {
      const f = await getFile(db, space.spaceId, params.id);
      return sendStored(req, storage, f);
    }),

    // The signed link: the signature (minted for a member) stands for the token.
    implement(api.storageLink.file, async ({ query, req }) => {
      if (!linkValid(config.dataDir, query))
        throw new HttpError(403, 'Forbidden', [{ code: 'storage.link_expired', params: {} }]);
      const f = await getFile(db, query.space, query.id);
      if (query.variant === 'thumb' && !f.thumb_key) throw notFound('thumbnail');
      return sendStored(req, storage, f, {
        thumbnail: query.variant === 'thumb',
        inline: query.variant !== 'download',
      });
    }),
  ];
}
