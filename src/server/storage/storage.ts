// Where file bytes live: a small interface so that a bucket can replace the file system later.
// The default keeps files under DATA_DIR/storage/<kind>/<space>/<id>.
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StorageKind } from '../db/schema';

export interface Storage {
  put(key: string, data: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Size in bytes, or null when the file is gone. */
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
}

/** The key of a stored file: kind, space and id (all generated, never user text). */
export const storageKey = (kind: StorageKind, spaceId: string, id: string) => `${kind}/${spaceId}/${id}`;

const SAFE_KEY = /^(documents|temp|backup)\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

export class FileStorage implements Storage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    // Keys are ours, but a path never leaves the root whatever a row says.
    if (!SAFE_KEY.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.file(key));
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
}

/** The storage of a server: DATA_DIR/storage. */
export const storageFor = (dataDir: string): Storage => new FileStorage(path.join(dataDir, 'storage'));
