// Stored files: a row in stored_files (the index) plus bytes in the Storage kept by content hash,
// one copy per space and content. Rows with the same content share the bytes; the bytes (and
// the thumbnail) go when the last row referring to them goes. Temp files (exports, prints)
// expire after a day; a periodic sweep removes them and any bytes no row refers to.
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { StoredFile } from '../../api/transfer';
import { API_PREFIX } from '../../api/route';
import { isImageMime } from '../../domain/storage';
import type { DB, StorageKind, StoredFilesTable } from '../db/schema';
import { HttpError, notFound } from '../errors';
import { iso } from '../services/mappers';
import type { Storage } from './storage';
import { contentKey, thumbKey } from './storage';
import { makeThumbnail } from './thumbnails';
import type { ReceivedFile } from './upload';
import { tooLargeFile } from './upload';

export const TEMP_LIFETIME_MS = 24 * 3600 * 1000;
/** Largest upload (schedules, documents); the multipart limit of the server is set to match. */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
/** Staged uploads and unreferenced bytes younger than this are left to the request writing them. */
export const SWEEP_GRACE_MS = 3600 * 1000;

export type FileRow = Selectable<StoredFilesTable>;

export interface FileMeta {
  spaceId: string;
  kind: StorageKind;
  name: string;
  mime: string;
  scheduleId?: string | null;
  versionId?: string | null;
  userId?: string | null;
  purpose?: 'file' | 'photo' | 'chat';
}

export interface NewFile extends FileMeta {
  data: Uint8Array;
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
  content_hash: f.content_hash,
  thumbnail_url: f.thumb_key || isImageMime(f.mime) ? `${API_PREFIX}/storage/thumbnail/${f.id}` : null,
});

/** Serialises writers of one content key (PostgreSQL advisory lock for the transaction). */
const lockKey = (db: Kysely<DB>, key: string) =>
  sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);

/**
 * Inserts the row and puts the bytes, under the content key's lock: a delete of the last row with
 * the same content cannot remove the bytes between the put and the insert.
 */
async function insertWithContent(
  db: Kysely<DB>,
  storage: Storage,
  f: FileMeta & { size: number; sha256: string },
  put: (key: string) => Promise<void>,
  thumb: Buffer | null,
): Promise<FileRow> {
  const key = contentKey(f.spaceId, f.sha256);
  return db.transaction().execute(async (tx) => {
    await lockKey(tx, key);
    const row = await tx
      .insertInto('stored_files')
      .values({
        space_id: f.spaceId,
        id: randomUUID(),
        kind: f.kind,
        schedule_id: f.scheduleId ?? null,
        version_id: f.versionId ?? null,
        name: f.name,
        mime: f.mime,
        size: f.size,
        storage_key: key,
        content_hash: f.sha256,
        thumb_key: thumb ? thumbKey(f.spaceId, f.sha256) : null,
        purpose: f.purpose ?? 'file',
        created_by: f.userId ?? null,
        expires_at: f.kind === 'temp' ? new Date(Date.now() + TEMP_LIFETIME_MS) : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // Same content already there: the rename replaces it with identical bytes (no second copy).
    await put(key);
    if (thumb) await storage.put(thumbKey(f.spaceId, f.sha256), thumb);
    return row;
  });
}

/** Stores bytes held in memory (exports, prints, reports: made by the server). */
export async function saveFile(db: Kysely<DB>, storage: Storage, f: NewFile): Promise<FileRow> {
  const sha256 = createHash('sha256').update(f.data).digest('hex');
  const thumb = isImageMime(f.mime) ? await makeThumbnail(Buffer.from(f.data)).catch(() => null) : null;
  return insertWithContent(
    db,
    storage,
    { ...f, size: f.data.length, sha256 },
    (key) => storage.put(key, f.data),
    thumb?.data ?? null,
  );
}

/** Stores an upload staged on disk (receiveUpload), its thumbnail made first for images. */
export async function saveUpload(
  db: Kysely<DB>,
  storage: Storage,
  up: ReceivedFile,
  meta: Omit<FileMeta, 'name' | 'mime'>,
  thumb: Buffer | null,
): Promise<FileRow> {
  try {
    return await insertWithContent(
      db,
      storage,
      { ...meta, name: up.name, mime: up.mime, size: up.size, sha256: up.sha256 },
      (key) => storage.putFile(key, up.path),
      thumb,
    );
  } finally {
    await up.discard();
  }
}

/** The limits of a space: largest file and total bytes (null = no quota). */
export async function spaceLimits(db: Kysely<DB>, spaceId: string, deploymentMax: number) {
  const s = await db
    .selectFrom('spaces')
    .select(['storage_max_file_bytes', 'storage_quota_bytes'])
    .where('id', '=', spaceId)
    .executeTakeFirst();
  return {
    maxFile: s?.storage_max_file_bytes ?? deploymentMax,
    quota: s?.storage_quota_bytes == null ? null : Number(s.storage_quota_bytes),
  };
}

/** Bytes the space's rows account for (each row counts, shared content or not: what users see). */
export async function spaceUsage(db: Kysely<DB>, spaceId: string): Promise<number> {
  const r = await db
    .selectFrom('stored_files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size'), sql<string>`0`).as('used'))
    .where('space_id', '=', spaceId)
    .executeTakeFirst();
  return Number(r?.used ?? 0);
}

/** 400 when adding `size` bytes would pass the space's quota. */
export async function checkQuota(db: Kysely<DB>, spaceId: string, quota: number | null, size: number) {
  if (quota === null) return;
  const used = await spaceUsage(db, spaceId);
  if (used + size > quota)
    throw new HttpError(400, 'BadRequest', [
      {
        code: 'storage.quota',
        params: { field: 'body.file', quota: Math.round((quota / 1048576) * 10) / 10 },
      },
    ]);
}

export { tooLargeFile };

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

const missing = (f: FileRow) =>
  new HttpError(404, 'NotFound', [{ code: 'storage.missing', params: { where: f.name } }]);

export async function readBytes(storage: Storage, f: FileRow): Promise<Buffer> {
  try {
    return await storage.get(f.storage_key);
  } catch {
    throw missing(f);
  }
}

/** Removes bytes (and thumbnail) of a key no row refers to any more; call under the key's lock. */
async function releaseContent(db: Kysely<DB>, storage: Storage, spaceId: string, keys: FileRow[]) {
  for (const f of keys) {
    const still = await db
      .selectFrom('stored_files')
      .select('id')
      .where('space_id', '=', spaceId)
      .where('storage_key', '=', f.storage_key)
      .limit(1)
      .executeTakeFirst();
    if (still) continue;
    await storage.remove(f.storage_key);
    if (f.thumb_key) await storage.remove(f.thumb_key);
  }
}

export async function deleteFile(db: Kysely<DB>, storage: Storage, f: FileRow): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await lockKey(tx, f.storage_key);
    await tx.deleteFrom('stored_files').where('space_id', '=', f.space_id).where('id', '=', f.id).execute();
    await releaseContent(tx, storage, f.space_id, [f]);
  });
}

/** Removes expired temp files (rows, and bytes no other row shares). */
export async function purgeExpired(db: Kysely<DB>, storage: Storage, now = new Date()): Promise<number> {
  const due = await db.selectFrom('stored_files').selectAll().where('expires_at', '<', now).execute();
  for (const f of due) await deleteFile(db, storage, f);
  return due.length;
}

/**
 * Removes bytes under cas/ that no row refers to (rows gone with their node or space by cascade)
 * and staged uploads left by a stopped server, when older than the grace period.
 */
export async function sweepUnreferenced(db: Kysely<DB>, storage: Storage, now = new Date()): Promise<number> {
  let removed = 0;
  for await (const { key, modified } of storage.list('cas/')) {
    if (now.getTime() - modified.getTime() < SWEEP_GRACE_MS) continue;
    const base = key.replace(/\.thumb$/, '');
    const spaceId = base.split('/')[1]!;
    const used = await db
      .selectFrom('stored_files')
      .select('id')
      .where('space_id', '=', spaceId)
      .where('storage_key', '=', base)
      .limit(1)
      .executeTakeFirst();
    if (used) continue;
    await db.transaction().execute(async (tx) => {
      await lockKey(tx, base);
      const again = await tx
        .selectFrom('stored_files')
        .select('id')
        .where('space_id', '=', spaceId)
        .where('storage_key', '=', base)
        .limit(1)
        .executeTakeFirst();
      if (!again) {
        await storage.remove(key);
        removed++;
      }
    });
  }
  return removed;
}

/** One pass of the periodic sweep: expired temp files, then unreferenced bytes. */
export async function sweepStorage(db: Kysely<DB>, storage: Storage, now = new Date()) {
  const expired = await purgeExpired(db, storage, now);
  const unreferenced = await sweepUnreferenced(db, storage, now);
  return { expired, unreferenced };
}
