// Stored files: a row in stored_files plus the bytes in the Storage. Temp files (exports) expire
// after a day; documents and backups stay until deleted.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { StoredFile } from '../../api/transfer';
import { API_PREFIX } from '../../api/route';
import type { DB, StorageKind, StoredFilesTable } from '../db/schema';
import { HttpError, notFound } from '../errors';
import { iso } from '../services/mappers';
import type { Storage } from './storage';
import { storageKey } from './storage';

export const TEMP_LIFETIME_MS = 24 * 3600 * 1000;
/** Largest upload (schedules, documents); the multipart limit of the server is set to match. */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

export type FileRow = Selectable<StoredFilesTable>;

export interface NewFile {
  spaceId: string;
  kind: StorageKind;
  name: string;
  mime: string;
  data: Uint8Array;
  scheduleId?: string | null;
  versionId?: string | null;
  userId?: string | null;
}

export const toStoredFile = (f: FileRow): StoredFile => ({
  id: f.id,
  kind: f.kind,
  schedule_id: f.schedule_id,
  version_id: f.version_id,
  name: f.name,
  mime: f.mime,
  size: Number(f.size),
  created_at: iso(f.created_at),
  download_url: `${API_PREFIX}/storage/download/${f.id}`,
});

export async function saveFile(db: Kysely<DB>, storage: Storage, f: NewFile): Promise<FileRow> {
  const id = randomUUID();
  const key = storageKey(f.kind, f.spaceId, id);
  await storage.put(key, f.data);
  try {
    return await db
      .insertInto('stored_files')
      .values({
        space_id: f.spaceId,
        id,
        kind: f.kind,
        schedule_id: f.scheduleId ?? null,
        version_id: f.versionId ?? null,
        name: f.name,
        mime: f.mime,
        size: f.data.length,
        storage_key: key,
        created_by: f.userId ?? null,
        expires_at: f.kind === 'temp' ? new Date(Date.now() + TEMP_LIFETIME_MS) : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    await storage.remove(key);
    throw err;
  }
}

export async function getFile(db: Kysely<DB>, spaceId: string, id: string): Promise<FileRow> {
  const f = await db
    .selectFrom('stored_files')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!f) throw notFound('file');
  return f;
}

export async function readBytes(storage: Storage, f: FileRow): Promise<Buffer> {
  try {
    return await storage.get(f.storage_key);
  } catch {
    throw new HttpError(404, 'NotFound', [{ code: 'storage.missing', params: { where: f.name } }]);
  }
}

export async function deleteFile(db: Kysely<DB>, storage: Storage, f: FileRow): Promise<void> {
  await db.deleteFrom('stored_files').where('space_id', '=', f.space_id).where('id', '=', f.id).execute();
  await storage.remove(f.storage_key);
}

/** Removes expired temp files (rows and bytes). */
export async function purgeExpired(db: Kysely<DB>, storage: Storage): Promise<number> {
  const gone = await db
    .deleteFrom('stored_files')
    .where('expires_at', '<', new Date())
    .returning('storage_key')
    .execute();
  await Promise.all(gone.map((g) => storage.remove(g.storage_key)));
  return gone.length;
}
