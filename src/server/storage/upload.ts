// Receives a multipart upload as a stream: the file part is piped to a staging file while its
// sha256 is computed, its size counted and its first bytes kept for sniffing, so no upload is ever
// held whole in memory. Over the limit, no file, or a NUL in the name is a 400 naming body.file.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { SNIFF_BYTES, hasNul, safeFileName, sniffMime } from '../../domain/storage';
import { HttpError } from '../errors';
import { nulItem } from '../http/nul-check';

export interface ReceivedFile {
  /** The staged bytes: move them with Storage.putFile, or call discard(). */
  path: string;
  size: number;
  sha256: string;
  /** The type by the first bytes (domain/storage/sniff), not the client's claim. */
  mime: string;
  /** The client's name made safe (no directories, controls or traversal). */
  name: string;
  /** The type the client claimed (kept for the log only). */
  claimed: string;
  fields: Record<string, string>;
  discard(): Promise<void>;
}

const bad = (code: string, params: Record<string, string | number> = {}) =>
  new HttpError(400, 'BadRequest', [{ code, params: { field: 'body.file', ...params } }]);

export const tooLargeFile = (maxBytes: number) =>
  bad('storage.too_large', { max: Math.round((maxBytes / 1048576) * 10) / 10 });

/** A 400 for an empty request, a missing "file" part, an oversize file or a NUL in its name. */
export async function receiveUpload(
  req: FastifyRequest,
  opts: { maxBytes: number; dir: string },
): Promise<ReceivedFile> {
  if (!req.isMultipart()) throw bad('storage.no_file');
  await mkdir(opts.dir, { recursive: true });
  const staged = path.join(opts.dir, randomUUID());
  const discard = () => rm(staged, { force: true });
  const fields: Record<string, string> = {};
  let file: (Omit<ReceivedFile, 'fields' | 'discard' | 'path' | 'mime' | 'name'> & { raw: string }) | null =
    null;
  let head = Buffer.alloc(0);
  try {
    for await (const part of req.parts({
      limits: { fileSize: opts.maxBytes, files: 1, fieldSize: 64 * 1024, fields: 20 },
    })) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const hash = createHash('sha256');
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          size += chunk.length;
          if (head.length < SNIFF_BYTES)
            head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
          done(null, chunk);
        },
      });
      await pipeline(part.file, tap, createWriteStream(staged));
      if (part.file.truncated) throw tooLargeFile(opts.maxBytes);
      file = { size, sha256: hash.digest('hex'), claimed: part.mimetype, raw: part.filename || '' };
    }
  } catch (err) {
    await discard();
    if (err instanceof HttpError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLargeFile(opts.maxBytes);
    throw bad('storage.no_file');
  }
  if (!file) {
    await discard();
    throw bad('storage.no_file');
  }
  // PostgreSQL cannot store a NUL: a name or field holding one is refused, not cleaned.
  const nul = hasNul(file.raw) ? nulItem({ body: { file: file.raw } }) : nulItem({ body: fields });
  if (nul) {
    await discard();
    throw new HttpError(400, 'BadRequest', [nul]);
  }
  const name = safeFileName(file.raw, 'upload');
  return {
    path: staged,
    size: file.size,
    sha256: file.sha256,
    claimed: file.claimed,
    mime: sniffMime(head, name),
    name,
    fields,
    discard,
  };
}

/** Removes staged uploads older than an hour (left by a server stopped mid-upload). */
export async function sweepIncoming(dir: string, now = Date.now(), graceMs = 3600_000): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const s = await stat(path.join(dir, name)).catch(() => null);
    if (s && now - s.mtimeMs > graceMs) {
      await rm(path.join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}

export interface ReceivedForm {
  /** The form's fields; a field named in `lists` is an array, others keep their last value. */
  fields: Record<string, string | string[]>;
  /** The staged files, in the order sent. */
  files: ReceivedFile[];
  /** Removes every staged file not yet moved (harmless after a move). */
  discard(): Promise<void>;
}

/**
 * A multipart form with fields and any number (up to `maxFiles`) of file parts named `fileField`,
 * each streamed to a staging file (hash, size and first bytes taken on the way, as receiveUpload).
 * A file over `maxBytes`, more files than allowed or a NUL in a name is a 400 naming
 * `body.<fileField>`; everything staged so far is removed then.
 */
export async function receiveForm(
  req: FastifyRequest,
  opts: { maxBytes: number; dir: string; fileField: string; maxFiles: number; lists?: readonly string[] },
): Promise<ReceivedForm> {
  const field = `body.${opts.fileField}`;
  const refuse = (code: string, params: Record<string, string | number> = {}) =>
    new HttpError(400, 'BadRequest', [{ code, params: { field, ...params } }]);
  const tooLarge = () =>
    refuse('storage.too_large', { max: Math.round((opts.maxBytes / 1048576) * 10) / 10 });
  await mkdir(opts.dir, { recursive: true });
  const lists = new Set(opts.lists ?? []);
  const fields: Record<string, string | string[]> = {};
  const staged: string[] = [];
  const files: ReceivedFile[] = [];
  const discardAll = async () => {
    await Promise.all(staged.map((p) => rm(p, { force: true })));
  };
  try {
    for await (const part of req.parts({
      limits: { fileSize: opts.maxBytes, files: opts.maxFiles + 1, fieldSize: 64 * 1024, fields: 40 },
    })) {
      if (part.type !== 'file') {
        if (typeof part.value !== 'string') continue;
        if (lists.has(part.fieldname)) {
          // A list field sent once empty is an empty list (a form cannot send "[]" otherwise).
          const cur = fields[part.fieldname];
          const list = Array.isArray(cur) ? cur : [];
          fields[part.fieldname] = part.value === '' ? list : [...list, part.value];
        } else fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== opts.fileField) {
        part.file.resume();
        continue;
      }
      if (files.length >= opts.maxFiles) {
        part.file.resume();
        throw refuse('storage.too_many_files', { max: opts.maxFiles });
      }
      const target = path.join(opts.dir, randomUUID());
      staged.push(target);
      const hash = createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          size += chunk.length;
          if (head.length < SNIFF_BYTES)
            head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
          done(null, chunk);
        },
      });
      await pipeline(part.file, tap, createWriteStream(target));
      if (part.file.truncated) throw tooLarge();
      const raw = part.filename || '';
      // PostgreSQL cannot store a NUL: a name holding one is refused, not cleaned.
      if (hasNul(raw))
        throw new HttpError(400, 'BadRequest', [nulItem({ body: { [opts.fileField]: raw } })!]);
      const name = safeFileName(raw, 'upload');
      files.push({
        path: target,
        size,
        sha256: hash.digest('hex'),
        claimed: part.mimetype,
        mime: sniffMime(head, name),
        name,
        fields: {},
        discard: () => rm(target, { force: true }),
      });
    }
  } catch (err) {
    await discardAll();
    if (err instanceof HttpError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
      throw refuse('storage.too_many_files', { max: opts.maxFiles });
    throw refuse('invalid');
  }
  return { fields, files, discard: discardAll };
}
