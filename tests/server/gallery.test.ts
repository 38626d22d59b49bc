// Comments and photos of EPS nodes: a photo of a WBS row with its thumbnail and the date taken from
// EXIF, found again from another version of the schedule; not an image → 400 (en, ru); comments
// added, edited and deleted by their author only; an empty comment → 400; other spaces → 403.
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { EpsComment, EpsPhoto } from '../../src/api/gallery';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';
import type { Auth } from './transfer-helpers';

describe('gallery: comments and photos of EPS nodes', () => {
  let h: Harness;
  let auth: Auth;
  let other: Auth;
  let tree: Tree;
  const rowId = randomUUID();
  let jpeg: Buffer;

  const addPhoto = (data: Uint8Array | string, fields: Record<string, string> = {}, as = auth, lang = 'en') =>
    upload(h.app, as, `/eps/${tree.schedule}/photos`, { name: 'IMG_0001.JPG', data }, fields, lang);

  beforeAll(async () => {
    h = await startHarness({ dataDir: await mkdtemp(path.join(os.tmpdir(), 'gallery-')) });
    const token = (await signUp(h.app)).token;
    const space = await makeSpace(h.app, token);
    auth = { token, space };
    tree = await makeTree(h.app, token, space);
    await h.database.db
      .insertInto('wbs_items')
      .values({
        space_id: space,
        version_id: tree.version,
        id: rowId,
        parent_id: null,
        order_key: 'a0',
        node_type: 'task',
        code: 'A100',
        name: 'Pour slab level 2',
      } as never)
      .execute();
    const stranger = await signUp(h.app, 'stranger');
    other = { token: stranger.token, space: await makeSpace(h.app, stranger.token, 'Other') };
    jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8a7' } })
      .jpeg()
      .withExif({ IFD2: { DateTimeOriginal: '2024:05:17 10:31:00' } })
      .toBuffer();
  });
  afterAll(() => h.close());

  it('adds a photo of a row with its thumbnail, size and the date it was taken', async () => {
    const res = await addPhoto(jpeg, { wbs_item_id: rowId, version_id: tree.version });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json() as EpsPhoto;
    expect(p).toMatchObject({
      mime: 'image/jpeg',
      width: 1200,
      height: 900,
      taken_at: '2024-05-17T10:31:00.000Z',
      wbs_item_id: rowId,
      wbs_code: 'A100',
      wbs_name: 'Pour slab level 2',
      mine: true,
    });
    // The thumbnail loads by its signed link, without the token.
    const thumb = await h.app.inject({ method: 'GET', url: p.thumb_url });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([320, 240]);
    const full = await h.app.inject({ method: 'GET', url: p.url });
    expect(full.rawPayload.length).toBe(jpeg.length);
    expect(full.headers['content-disposition']).toMatch(/^inline/);
    // Listed for the node and for the row; photos do not appear among the schedule's documents.
    const list = await call(h.app, api.gallery.photos, {
      ...auth,
      params: { id: tree.schedule },
      query: { wbs_item_id: rowId },
    });
    expect(list.json().items.map((x: EpsPhoto) => x.id)).toEqual([p.id]);
    const none = await call(h.app, api.gallery.photos, {
      ...auth,
      params: { id: tree.schedule },
      query: { wbs_item_id: randomUUID() },
    });
    expect(none.json().items).toEqual([]);
    const docs = await call(h.app, api.transfer.storageList, { ...auth, params: { id: tree.schedule } });
    expect(docs.json()).toEqual([]);
  });

  it('a photo of a row is found from another version of the schedule (row ids are kept)', async () => {
    const copy = await call(h.app, api.versions.create, {
      ...auth,
      params: { id: tree.schedule },
      body: { label: 'V2', kind: 'version', copy_from_version_id: tree.version },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const res = await addPhoto(jpeg, { wbs_item_id: rowId, version_id: copy.json().id });
    expect(res.statusCode).toBe(201);
    expect(res.json().version_id).toBe(copy.json().id);
    const list = await call(h.app, api.gallery.photos, {
      ...auth,
      params: { id: tree.schedule },
      query: { wbs_item_id: rowId },
    });
    expect(list.json().items).toHaveLength(2);
    // The same bytes twice: one stored copy.
    const keys = await h.database.db
      .selectFrom('stored_files')
      .select('storage_key')
      .distinct()
      .where('space_id', '=', auth.space)
      .where('purpose', '=', 'photo')
      .execute();
    expect(keys).toHaveLength(1);
  });

  it('refuses what is not an image, and a row of another schedule, with 400 in en and ru', async () => {
    const en = await addPhoto('just text, named IMG_0001.JPG');
    expect(en.statusCode).toBe(400);
    expect(en.json().error_message[0]).toMatchObject({
      code: 'gallery.not_image',
      params: { field: 'body.file' },
    });
    expect(en.json().error_message[0].error_message).toContain('PNG, JPEG');
    const ru = await addPhoto('просто текст', {}, auth, 'ru');
    expect(ru.statusCode).toBe(400);
    expect(ru.json().error_message[0].error_message).toContain('фотографию');
    // A JPEG signature with nothing readable after it.
    const broken = await addPhoto(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    expect(broken.statusCode).toBe(400);
    const row = await addPhoto(jpeg, { wbs_item_id: randomUUID() });
    expect(row.statusCode).toBe(400);
    expect(row.json().error_message[0].code).toBe('gallery.unknown_row');
    const bad = await addPhoto(jpeg, { wbs_item_id: 'not-an-id' });
    expect(bad.statusCode).toBe(400);
  });

  it('comments: added with author and date, edited and deleted by the author only', async () => {
    const add = await call(h.app, api.gallery.addComment, {
      ...auth,
      params: { id: tree.schedule },
      body: { text: '  Formwork checked  ', wbs_item_id: rowId },
    });
    expect(add.statusCode, add.body).toBe(201);
    const c = add.json() as EpsComment;
    expect(c).toMatchObject({ text: 'Formwork checked', wbs_item_id: rowId, mine: true });
    expect(c.author.name).not.toBe('');
    expect(Date.parse(c.created_at)).toBeGreaterThan(Date.now() - 60_000);
    const edit = await call(h.app, api.gallery.editComment, {
      ...auth,
      params: { id: tree.schedule, commentId: c.id },
      body: { text: 'Formwork checked, rebar too' },
    });
    expect(edit.json()).toMatchObject({ text: 'Formwork checked, rebar too' });
    expect(edit.json().updated_at).not.toBeNull();
    // Another member of the space may read but not change it.
    const member = await signUp(h.app, 'member');
    const roles = (await call(h.app, api.roles.list, auth)).json() as { id: string; value: string }[];
    await call(h.app, api.space.invite, {
      ...auth,
      params: { space_id: auth.space },
      body: { login: member.login, role_id: roles.find((r) => r.value === 'planning_and_control')!.id },
    });
    const as2 = { token: member.token, space: auth.space };
    const read = await call(h.app, api.gallery.comments, {
      ...as2,
      params: { id: tree.schedule },
      query: {},
    });
    expect(read.json().items).toHaveLength(1);
    expect(read.json().items[0].mine).toBe(false);
    const steal = await call(h.app, api.gallery.deleteComment, {
      ...as2,
      params: { id: tree.schedule, commentId: c.id },
    });
    expect(steal.statusCode).toBe(403);
    const del = await call(h.app, api.gallery.deleteComment, {
      ...auth,
      params: { id: tree.schedule, commentId: c.id },
    });
    expect(del.statusCode).toBe(200);
    const after = await call(h.app, api.gallery.comments, {
      ...auth,
      params: { id: tree.schedule },
      query: {},
    });
    expect(after.json().items).toEqual([]);
  });

  it('an empty comment is 400 naming body.text, in en and ru', async () => {
    for (const [lang, text] of [
      ['en', ''],
      ['ru', '   '],
    ]) {
      const res = await call(h.app, api.gallery.addComment, {
        ...auth,
        params: { id: tree.schedule },
        body: { text },
        headers: { language: lang! },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('body.text');
    }
  });

  it('another space’s member gets 403, and a photo of theirs cannot be read by id', async () => {
    const res = await call(h.app, api.gallery.photos, {
      token: other.token,
      space: auth.space,
      params: { id: tree.schedule },
      query: {},
    });
    expect(res.statusCode).toBe(403);
    const up = await upload(
      h.app,
      { token: other.token, space: auth.space },
      `/eps/${tree.schedule}/photos`,
      {
        name: 'a.jpg',
        data: jpeg,
      },
    );
    expect(up.statusCode).toBe(403);
    // Their own space does not know this node.
    const mine = await call(h.app, api.gallery.comments, {
      ...other,
      params: { id: tree.schedule },
      query: {},
    });
    expect(mine.statusCode).toBe(404);
  });

  it('deleting a photo removes its file; the shared bytes stay for the other photo', async () => {
    const list = (
      await call(h.app, api.gallery.photos, { ...auth, params: { id: tree.schedule }, query: {} })
    ).json().items as EpsPhoto[];
    expect(list.length).toBe(2);
    const del = await call(h.app, api.gallery.deletePhoto, {
      ...auth,
      params: { id: tree.schedule, photoId: list[0]!.id },
    });
    expect(del.statusCode).toBe(200);
    const rest = (
      await call(h.app, api.gallery.photos, { ...auth, params: { id: tree.schedule }, query: {} })
    ).json().items as EpsPhoto[];
    expect(rest.map((p) => p.id)).toEqual([list[1]!.id]);
    expect((await h.app.inject({ method: 'GET', url: rest[0]!.url })).statusCode).toBe(200);
  });
});
