// storage/*: files of a schedule (documents), downloads of stored files (exports are temp files),
// a version as a zip with its documents, thumbnails of images, deletion and the upload limit.
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
import { MAX_UPLOAD_BYTES, deleteFile, getFile, readBytes, saveFile, toStoredFile } from '../storage/files';
import { readUpload } from '../storage/multipart';

const IMAGE = /^image\/(png|jpeg|gif|webp)$/;

/** attachment; filename="…" with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const send = <R extends RouteDef>(call: Call<R>, data: Uint8Array, mime: string, name: string) => {
  call.reply.header('content-disposition', attachment(name)).header('x-content-type-options', 'nosniff');
  return new Binary(Buffer.from(data.buffer, data.byteOffset, data.byteLength), mime);
};

export function storageRoutes(env: JobEnv) {
  const { db, storage } = env;
  return [
    implement(api.transfer.storageMaxSize, async () => ({ max_size: MAX_UPLOAD_BYTES })),

    implement(api.transfer.storageList, async ({ params, query, space }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      const rows = await db
        .selectFrom('stored_files')
        .selectAll()
        .where('space_id', '=', space.spaceId)
        .where('schedule_id', '=', params.id)
        .where('kind', '=', query.kind ?? 'documents')
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map(toStoredFile);
    }),

    implement(api.transfer.storageUpload, async ({ params, req, space, userId }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      const upload = await readUpload(req, MAX_UPLOAD_BYTES, 'storage.no_file');
      const file = await saveFile(db, storage, {
        spaceId: space.spaceId,
        kind: 'documents',
        name: upload.fileName.replace(/^.*[\\/]/, '').slice(0, 200),
        mime: upload.mime,
        data: upload.data,
        scheduleId: params.id,
        userId,
      });
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

    implement(api.transfer.storageThumbnail, async ({ params, space }) => {
      const f = await getFile(db, space.spaceId, params.id);
      if (!IMAGE.test(f.mime)) throw notFound('thumbnail');
      return new Binary(await readBytes(storage, f), f.mime);
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

    implement(api.transfer.storageDownload, async (call) => {
      const f = await getFile(db, call.space.spaceId, call.params.id);
      return send(call, await readBytes(storage, f), f.mime, f.name);
    }),
  ];
}
