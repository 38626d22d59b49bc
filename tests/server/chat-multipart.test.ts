// The multipart form of chat create-message / update-message (spec §7: "POST chat/create-message
// (multipart)", "PATCH chat/update-message (multipart)"): the message's fields and its files in
// one request. Files are stored (content hash, sniffed type, safe name) and sent with the message;
// bad fields, too many files, a file over the space's limit → 400 in en and ru, nothing kept;
// another space → 403; the live event carries the files.
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api } from '../../src/api';
import type { Chat, ChatMessage } from '../../src/api/collab';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import type { Auth } from './transfer-helpers';
import { formBody } from './support/form';
import type { FormPart } from './support/form';

type Part = FormPart;
const form = formBody;

describe('chat create/update-message as multipart', () => {
  let h: Harness;
  let dataDir: string;
  let alice: Auth;
  let bob: Auth;
  let stranger: Auth;
  let chat: Chat;

  const send = (as: Auth, method: 'POST' | 'PATCH', parts: Part[], lang = 'en') => {
    const f = form(parts);
    return h.app.inject({
      method,
      url: method === 'POST' ? '/api/v1/chat/create-message' : '/api/v1/chat/update-message',
      headers: { authorization: `Bearer ${as.token}`, 'space-id': as.space, language: lang, ...f.headers },
      payload: f.payload,
    });
  };
  // Staged files left on disk, once the request's onResponse hook (which removes them) has run.
  const staged = async () => {
    const count = async () =>
      (await readdir(path.join(dataDir, 'storage', '.incoming')).catch(() => [])).length;
    for (let i = 0; i < 50 && (await count()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    return count();
  };
  const fileCount = async () =>
    (
      await h.database.db
        .selectFrom('stored_files')
        .select('id')
        .where('space_id', '=', alice.space)
        .execute()
    ).length;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'chat-form-'));
    h = await startHarness({ dataDir });
    const a = await signUp(h.app, 'alice');
    const b = await signUp(h.app, 'bob');
    const space = await makeSpace(h.app, a.token);
    await call(h.app, api.space.invite, {
      token: a.token,
      params: { space_id: space },
      body: { login: b.login },
    });
    alice = { token: a.token, space };
    bob = { token: b.token, space };
    const s = await signUp(h.app, 'stranger');
    stranger = { token: s.token, space: await makeSpace(h.app, s.token, 'Other') };
    const tree = await makeTree(h.app, a.token, space);
    chat = (await call(h.app, api.chat.eps, { ...alice, params: { id: tree.schedule } })).json() as Chat;
  });
  afterAll(() => h.close());

  it('posts text and two files in one request; the live event and the history carry them', async () => {
    const base = (await h.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    const ws = new WebSocket(`${base}/api/v1/events`, ['bearer', bob.token]);
    const got: ChatMessage[] = [];
    ws.on('message', (d) => {
      const e = JSON.parse(String(d));
      if (e.event === 'chat_message_created') got.push(e.payload.message);
    });
    await new Promise((r) => ws.on('open', r));
    const pdf = `%PDF-1.4\n${'x'.repeat(2000)}\n%%EOF\n`;
    const res = await send(alice, 'POST', [
      { name: 'chat_id', value: chat.id },
      { name: 'text', value: 'Drawings for the slab' },
      { name: 'files', file: '../../etc/slab.pdf', data: pdf },
      { name: 'files', file: 'notes.txt', data: 'pour on Thursday' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const msg = res.json() as ChatMessage;
    expect(msg.text).toBe('Drawings for the slab');
    expect(msg.attachments.map((f) => [f.name, f.mime, f.size])).toEqual([
      ['slab.pdf', 'application/pdf', pdf.length],
      ['notes.txt', 'text/plain', 16],
    ]);
    const dl = await h.app.inject({ method: 'GET', url: msg.attachments[0]!.download_url });
    expect(dl.body).toBe(pdf);
    const kinds = await h.database.db
      .selectFrom('stored_files')
      .select(['kind', 'purpose'])
      .where(
        'id',
        'in',
        msg.attachments.map((f) => f.id),
      )
      .execute();
    expect(kinds).toEqual([
      { kind: 'documents', purpose: 'chat' },
      { kind: 'documents', purpose: 'chat' },
    ]);
    for (let i = 0; i < 100 && !got.some((m) => m.id === msg.id); i++)
      await new Promise((r) => setTimeout(r, 20));
    ws.close();
    expect(got.find((m) => m.id === msg.id)?.attachments.map((f) => f.name)).toEqual([
      'slab.pdf',
      'notes.txt',
    ]);
    expect(await staged()).toBe(0);
  });

  it('a file alone is a message; the same JSON fields still work', async () => {
    const res = await send(alice, 'POST', [
      { name: 'chat_id', value: chat.id },
      { name: 'text', value: '' },
      { name: 'files', file: 'photo.png', data: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as ChatMessage).attachments[0]).toMatchObject({
      name: 'photo.png',
      mime: 'image/png',
    });
    const json = await call(h.app, api.chat.createMessage, {
      ...alice,
      body: { chat_id: chat.id, text: 'plain' },
    });
    expect(json.statusCode).toBe(201);
  });

  it('edits a message in one request: keeps one file, drops one, adds a new one', async () => {
    const first = (
      await send(alice, 'POST', [
        { name: 'chat_id', value: chat.id },
        { name: 'text', value: 'two files' },
        { name: 'files', file: 'a.txt', data: 'file a' },
        { name: 'files', file: 'b.txt', data: 'file b' },
      ])
    ).json() as ChatMessage;
    const [a, b] = first.attachments;
    const res = await send(alice, 'PATCH', [
      { name: 'chat_id', value: chat.id },
      { name: 'message_id', value: String(first.id) },
      { name: 'text', value: 'b and c' },
      { name: 'attachment_ids', value: b!.id },
      { name: 'files', file: 'c.txt', data: 'file c' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as ChatMessage;
    expect(after.text).toBe('b and c');
    expect(after.attachments.map((f) => f.name)).toEqual(['b.txt', 'c.txt']);
    expect(
      await h.database.db.selectFrom('stored_files').select('id').where('id', '=', a!.id).execute(),
    ).toEqual([]);
    // Without attachment_ids a new file is added after the kept ones; an empty attachment_ids
    // field is an empty list (all files off, the text remains).
    const more = await send(alice, 'PATCH', [
      { name: 'chat_id', value: chat.id },
      { name: 'message_id', value: String(first.id) },
      { name: 'text', value: 'three' },
      { name: 'files', file: 'd.txt', data: 'file d' },
    ]);
    expect((more.json() as ChatMessage).attachments.map((f) => f.name)).toEqual(['b.txt', 'c.txt', 'd.txt']);
    const none = await send(alice, 'PATCH', [
      { name: 'chat_id', value: chat.id },
      { name: 'message_id', value: String(first.id) },
      { name: 'text', value: 'no files' },
      { name: 'attachment_ids', value: '' },
    ]);
    expect((none.json() as ChatMessage).attachments).toEqual([]);
    // Bob cannot edit Alice's message, files or not; nothing of his request is kept.
    const before = await fileCount();
    const bobs = await send(bob, 'PATCH', [
      { name: 'chat_id', value: chat.id },
      { name: 'message_id', value: String(first.id) },
      { name: 'text', value: 'mine' },
      { name: 'files', file: 'e.txt', data: 'file e' },
    ]);
    expect(bobs.statusCode).toBe(403);
    expect(await fileCount()).toBe(before);
    expect(await staged()).toBe(0);
  });

  it('bad input is a 400 naming the field in en and ru, and keeps nothing', async () => {
    const before = await fileCount();
    const empty = await send(alice, 'POST', [
      { name: 'chat_id', value: chat.id },
      { name: 'text', value: '   ' },
    ]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error_message[0]).toMatchObject({
      code: 'chat.empty_message',
      params: { field: 'text' },
    });
    const ru = await send(
      alice,
      'POST',
      [
        { name: 'chat_id', value: chat.id },
        { name: 'text', value: '' },
      ],
      'ru',
    );
    expect(ru.json().error_message[0].error_message).toBe('Сообщение пустое: text');
    // A form field the schema does not know, a bad id, a bad reply: refused by the same schema.
    const unknown = await send(alice, 'POST', [
      { name: 'chat_id', value: chat.id },
      { name: 'text', value: 'hi' },
      { name: 'colour', value: 'red' },
    ]);
    expect(unknown.statusCode).toBe(400);
    const badReply = await send(alice, 'POST', [
      { name: 'chat_id', value: chat.id },
      { name: 'text', value: 'hi' },
      { name: 'reply_to', value: 'abc' },
      { name: 'files', file: 'x.txt', data: 'x' },
    ]);
    expect(badReply.statusCode).toBe(400);
    expect(badReply.json().error_message[0].params.field).toBe('body.reply_to');
    // Eleven files: too many (en, ru).
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      name: 'files',
      file: `f${i}.txt`,
      data: `f${i}`,
    }));
    const many = await send(alice, 'POST', [
      { name: 'chat_id', value: chat.id },
      { name: 'text', value: 'x' },
      ...eleven,
    ]);
    expect(many.statusCode).toBe(400);
    expect(many.json().error_message[0]).toMatchObject({
      code: 'storage.too_many_files',
      params: { field: 'body.files', max: 10 },
    });
    const manyRu = await send(
      alice,
      'POST',
      [{ name: 'chat_id', value: chat.id }, { name: 'text', value: 'x' }, ...eleven],
      'ru',
    );
    expect(manyRu.json().error_message[0].error_message).toContain('не более 10 файлов');
    // Over the space's file limit (en, ru).
    await h.database.db
      .updateTable('spaces')
      .set({ storage_max_file_bytes: 1024 })
      .where('id', '=', alice.space)
      .execute();
    const big = [
      { name: 'chat_id', value: chat.id },
      { name: 'text', value: 'big' },
      { name: 'files', file: 'small.txt', data: 'ok' },
      { name: 'files', file: 'big.txt', data: 'y'.repeat(1025) },
    ];
    const over = await send(alice, 'POST', big);
    expect(over.statusCode).toBe(400);
    expect(over.json().error_message[0]).toMatchObject({
      code: 'storage.too_large',
      params: { field: 'body.files' },
    });
    expect(over.json().error_message[0].error_message).toContain('MB');
    expect((await send(alice, 'POST', big, 'ru')).json().error_message[0].error_message).toContain('МБ');
    await h.database.db
      .updateTable('spaces')
      .set({ storage_max_file_bytes: null })
      .where('id', '=', alice.space)
      .execute();
    // The quota counts the request's files together.
    await h.database.db
      .updateTable('spaces')
      .set({ storage_quota_bytes: 1 })
      .where('id', '=', alice.space)
      .execute();
    const full = await send(alice, 'POST', [
      { name: 'chat_id', value: chat.id },
      { name: 'text', value: 'full' },
      { name: 'files', file: 'q.txt', data: 'quota' },
    ]);
    expect(full.statusCode).toBe(400);
    expect(full.json().error_message[0]).toMatchObject({
      code: 'storage.quota',
      params: { field: 'body.files' },
    });
    await h.database.db
      .updateTable('spaces')
      .set({ storage_quota_bytes: null })
      .where('id', '=', alice.space)
      .execute();
    expect(await fileCount()).toBe(before);
    expect(await staged()).toBe(0);
  });

  it("another space's member gets 403 and nothing is kept", async () => {
    const before = await fileCount();
    const res = await send({ ...stranger, space: alice.space }, 'POST', [
      { name: 'chat_id', value: chat.id },
      { name: 'text', value: 'hello' },
      { name: 'files', file: 'x.txt', data: 'intruder' },
    ]);
    expect(res.statusCode).toBe(403);
    expect(await fileCount()).toBe(before);
    expect(await staged()).toBe(0);
  });
});
