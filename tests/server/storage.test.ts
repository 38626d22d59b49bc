// Stored files through the API: uploads streamed to disk by content hash (same content kept once,
// deleted with its last row), byte-range downloads (206 / 416), the space's size limit and quota,
// MIME by magic bytes, safe names (traversal, NUL), thumbnails, signed links, the expiry sweep.
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { StoredFile } from '../../src/api/transfer';
import { saveFile, sweepStorage } from '../../src/server/storage/files';
import { storageFor } from '../../src/server/storage/storage';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';
import type { Auth } from './transfer-helpers';

const LIMIT = 64 * 1024;

describe('storage', () => {
  let h: Harness;
  let auth: Auth;
  let schedule: string;
  let dataDir: string;
  const root = () => path.join(dataDir, 'storage');
  const casFiles = () =>
    existsSync(path.join(root(), 'cas'))
      ? (readdirSync(path.join(root(), 'cas'), { recursive: true }) as string[]).filter((f) =>
          /[0-9a-f]{64}(\.thumb)?$/.test(f),
        )
      : [];
  const put = (name: string, data: Uint8Array | string, lang = 'en') =>
    upload(h.app, auth, `/storage/schedule/${schedule}`, { name, data }, {}, lang);
  const download = (id: string, headers: Record<string, string> = {}) =>
    call(h.app, api.transfer.storageDownload, { ...auth, params: { id }, headers });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
    h = await startHarness({ dataDir, storageMaxFileBytes: LIMIT });
    const token = (await signUp(h.app)).token;
    const space = await makeSpace(h.app, token);
    auth = { token, space };
    schedule = (await makeTree(h.app, token, space)).schedule;
  });
  afterAll(() => h.close());

  it('answers byte ranges with 206 and Content-Range, a bad one with 416', async () => {
    const text = 'abcdefghijklmnopqrstuvwxyz'.repeat(100);
    const res = await put('letters.txt', text);
    expect(res.statusCode, res.body).toBe(201);
    const f = res.json() as StoredFile;
    expect(f.mime).toBe('text/plain');
    const whole = await download(f.id);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.body).toBe(text);
    const part = await download(f.id, { range: 'bytes=26-51' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 26-51/${text.length}`);
    expect(part.headers['content-length']).toBe('26');
    expect(part.body).toBe('abcdefghijklmnopqrstuvwxyz');
    const tail = await download(f.id, { range: 'bytes=-3' });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe('xyz');
    const beyond = await download(f.id, { range: `bytes=${text.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${text.length}`);
    // A validator: the same content answers 304 to If-None-Match.
    const again = await download(f.id, { 'if-none-match': String(whole.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('keeps the same content once, and removes it with its last row', async () => {
    const before = casFiles().length;
    const a = (await put('a.csv', 'code;name\n1;Dig')).json() as StoredFile;
    const b = (await put('copy of a.csv', 'code;name\n1;Dig')).json() as StoredFile;
    expect(a.id).not.toBe(b.id);
    expect(a.content_hash).toBe(b.content_hash);
    expect(a.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(casFiles().length).toBe(before + 1);
    expect(
      (await call(h.app, api.transfer.storageDelete, { ...auth, params: { id: a.id } })).statusCode,
    ).toBe(200);
    // The other row still downloads the shared bytes.
    expect((await download(b.id)).body).toBe('code;name\n1;Dig');
    expect(casFiles().length).toBe(before + 1);
    await call(h.app, api.transfer.storageDelete, { ...auth, params: { id: b.id } });
    expect(casFiles().length).toBe(before);
  });

  it('refuses a file over the space’s limit with 400 in en and ru, and keeps nothing of it', async () => {
    const before = casFiles().length;
    const big = new Uint8Array(LIMIT + 1).fill(65);
    const en = await put('big.txt', big);
    expect(en.statusCode).toBe(400);
    expect(en.json().error_message[0]).toMatchObject({
      code: 'storage.too_large',
      params: { field: 'body.file' },
    });
    expect(en.json().error_message[0].error_message).toContain('MB');
    const ru = await put('big.txt', big, 'ru');
    expect(ru.statusCode).toBe(400);
    expect(ru.json().error_message[0].error_message).toMatch(/МБ/);
    expect(casFiles().length).toBe(before);
    const incoming = path.join(root(), '.incoming');
    expect(existsSync(incoming) ? readdirSync(incoming) : []).toEqual([]);
    // Exactly the limit passes.
    expect((await put('exact.txt', new Uint8Array(LIMIT).fill(66))).statusCode).toBe(201);
    const size = await call(h.app, api.transfer.storageMaxSize, { ...auth, query: {} });
    expect(size.json()).toMatchObject({ max_size: LIMIT, quota: null });
    expect(size.json().used).toBeGreaterThanOrEqual(LIMIT);
  });

  it('a space quota refuses what would pass it', async () => {
    await h.database.db
      .updateTable('spaces')
      .set({ storage_quota_bytes: 1 })
      .where('id', '=', auth.space)
      .execute();
    const res = await put('one-more.txt', 'x');
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message[0].code).toBe('storage.quota');
    await h.database.db
      .updateTable('spaces')
      .set({ storage_quota_bytes: null })
      .where('id', '=', auth.space)
      .execute();
  });

  it('cleans names that walk up directories, refuses a NUL, and types files by their bytes', async () => {
    const trav = await put('../../../etc/passwd', 'root:x:0:0');
    expect(trav.statusCode, trav.body).toBe(201);
    expect(trav.json().name).toBe('passwd');
    const win = await put('..\\..\\boot.ini', '[boot]');
    expect(win.json().name).toBe('boot.ini');
    const dots = await put('..', 'dots');
    expect(dots.json().name).toBe('upload');
    const nul = await put('evil\u0000.png', 'x');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error_message[0]).toMatchObject({ code: 'prohibited_characters' });
    // HTML named .png is text, never served as an image or HTML.
    const html = await put('photo.png', '<html><script>alert(1)</script></html>');
    expect(html.json().mime).toBe('text/plain');
    const dl = await download(html.json().id);
    expect(dl.headers['content-type']).toMatch(/^text\/plain/);
    expect(dl.headers['content-disposition']).toMatch(/^attachment/);
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    // Nothing was written outside the storage.
    expect(existsSync(path.join(dataDir, 'etc'))).toBe(false);
  });

  it('makes a thumbnail of an image whatever its name says', async () => {
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const res = await put('drawing.bin', png);
    const f = res.json() as StoredFile;
    expect(f.mime).toBe('image/png');
    expect(f.thumbnail_url).toContain(`/storage/thumbnail/${f.id}`);
    const t = await call(h.app, api.transfer.storageThumbnail, { ...auth, params: { id: f.id } });
    expect(t.statusCode).toBe(200);
    expect(t.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(t.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([320, 160]);
    const text = (await put('t.txt', 'no image')).json() as StoredFile;
    expect(
      (await call(h.app, api.transfer.storageThumbnail, { ...auth, params: { id: text.id } })).statusCode,
    ).toBe(404);
  });

  it('the sweep removes expired temp files and bytes no row refers to, not the rest', async () => {
    const storage = storageFor(dataDir);
    const db = h.database.db;
    const temp = await saveFile(db, storage, {
      spaceId: auth.space,
      kind: 'temp',
      name: 'export.csv',
      mime: 'text/csv',
      data: Buffer.from('temp file content'),
    });
    const kept = (await put('kept.txt', 'kept content')).json() as StoredFile;
    // An orphan: bytes whose row went away by cascade (written an hour and more ago).
    const orphan = await saveFile(db, storage, {
      spaceId: auth.space,
      kind: 'documents',
      name: 'orphan.txt',
      mime: 'text/plain',
      data: Buffer.from('orphan content'),
    });
    await db.deleteFrom('stored_files').where('id', '=', orphan.id).execute();
    const old = new Date(Date.now() - 2 * 3600_000);
    await utimes(path.join(root(), orphan.storage_key), old, old);
    // Not yet expired: nothing goes but the orphan.
    let r = await sweepStorage(db, storage);
    expect(r).toEqual({ expired: 0, unreferenced: 1 });
    expect((await download(temp.id)).statusCode).toBe(200);
    // A day and a bit later the temp file is gone, row and bytes; the document stays.
    r = await sweepStorage(db, storage, new Date(Date.now() + 25 * 3600_000));
    expect(r.expired).toBeGreaterThanOrEqual(1);
    expect((await download(temp.id)).statusCode).toBe(404);
    expect(existsSync(path.join(root(), temp.storage_key))).toBe(false);
    expect((await download(kept.id)).body).toBe('kept content');
  });

  it('a signed link loads without a token, answers ranges, and fails when tampered with', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const f = (await put('sq.png', png)).json() as StoredFile;
    const { signedLink } = await import('../../src/server/storage/links');
    const { url } = signedLink(dataDir, auth.space, f.id, 'file');
    const ok = await h.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-7' } });
    expect(ok.statusCode).toBe(206);
    expect(ok.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // Flip the signature's first character to a different one (a fixed '0' left it unchanged 1 time in 16).
    const tampered = url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    expect(tampered).not.toBe(url);
    const bad = await h.app.inject({ method: 'GET', url: tampered });
    expect(bad.statusCode === 403 || bad.statusCode === 400).toBe(true);
    const other = await h.app.inject({ method: 'GET', url: url.replace('variant=file', 'variant=download') });
    expect(other.statusCode).toBe(403);
  });
});
