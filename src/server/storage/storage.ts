// Where file bytes live: a small interface (put, get as a stream with an optional byte range,
// size, remove, list) that an S3-compatible bucket can implement (PutObject, GetObject with
// Range, HeadObject, DeleteObject, ListObjectsV2). The default keeps files under
// DATA_DIR/storage/<key>. Keys are made by the server, never from user text:
//   cas/<space>/<hh>/<sha256>        content of stored files (one copy per space and content)
//   cas/<space>/<hh>/<sha256>.thumb  its thumbnail (images)
//   <kind>/<space>/<id>              files stored before content hashing (migration 023)
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { StorageKind } from '../db/schema';

/** A byte range, end inclusive (as HTTP's). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  /** Stores bytes under a key; an existing key is replaced whole (readers never see a part). */
  put(key: string, data: Uint8Array | Readable): Promise<void>;
  /** Moves a finished local file (an upload staged on disk) under a key. */
  putFile(key: string, file: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** The bytes (or one range of them) as a stream; rejects when the key is absent. */
  stream(key: string, range?: ByteRange): Promise<Readable>;
  /** Size in bytes, or null when the file is gone. */
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Keys under a prefix (`cas/`) with their last change: the sweep of unreferenced bytes. */
  list(prefix: string): AsyncIterable<{ key: string; modified: Date }>;
}

/** The key of a file stored before content hashing: kind, space and id. */
export const storageKey = (kind: StorageKind, spaceId: string, id: string) => `${kind}/${spaceId}/${id}`;
/** The key of content in a space: its sha256 in hex. */
export const contentKey = (spaceId: string, sha256: string) =>
  `cas/${spaceId}/${sha256.slice(0, 2)}/${sha256}`;
export const thumbKey = (spaceId: string, sha256: string) => `${contentKey(spaceId, sha256)}.thumb`;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const SAFE_KEY = new RegExp(
  `^((documents|temp|backup)/${UUID}/${UUID}|cas/${UUID}/[0-9a-f]{2}/[0-9a-f]{64}(\\.thumb)?)$`,
);
export const isSafeKey = (key: string) => SAFE_KEY.test(key);

export class FileStorage implements Storage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    // Keys are ours, but a path never leaves the root whatever a row says.
    if (!SAFE_KEY.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(this.root, key);
  }

  /** Writes beside the target and renames: a reader sees the old bytes or the new, never a part. */
  async put(key: string, data: Uint8Array | Readable): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const part = `${file}.${randomUUID()}.part`;
    try {
      const source = data instanceof Readable ? data : Readable.from([Buffer.from(data)]);
      await pipeline(source, createWriteStream(part));
      await rename(part, file);
    } finally {
      await rm(part, { force: true });
    }
  }

  async putFile(key: string, local: string): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await rename(local, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      // Another file system: copy beside the target, then rename there.
      const part = `${file}.${randomUUID()}.part`;
      await copyFile(local, part);
      await rename(part, file);
      await rm(local, { force: true });
    }
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.file(key));
  }

  async stream(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.file(key);
    await stat(file); // absent → rejects here, before any header is sent
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.file(key))).size;
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<{ key: string; modified: Date }> {
    const base = path.join(this.root, prefix);
    let names: string[];
    try {
      names = await readdir(base, { recursive: true });
    } catch {
      return;
    }
    for (const name of names) {
      const key = `${prefix.replace(/\/$/, '')}/${name.split(path.sep).join('/')}`;
      if (!SAFE_KEY.test(key)) continue;
      const s = await stat(path.join(base, name)).catch(() => null);
      if (s?.isFile()) yield { key, modified: s.mtime };
    }
  }
}

/** The storage of a server: DATA_DIR/storage. */
export const storageFor = (dataDir: string): Storage => new FileStorage(path.join(dataDir, 'storage'));
/** Where uploads are written while they arrive (hashed on the way), before they get their key. */
export const incomingDir = (dataDir: string) => path.join(dataDir, 'storage', '.incoming');
