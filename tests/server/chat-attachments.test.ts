// Chat attachments (issue 26): a file uploaded through the storage, sent with a message, shown
// with its name and size, downloaded by its signed link; over the space's limit → 400 in en and
// ru; only the uploader's unsent uploads of that chat can be sent; a deleted message's file goes.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Chat, ChatAttachment, ChatMessage, MessagePage } from '../../src/api/collab';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';
import type { Auth } from './transfer-helpers';

describe('chat attachments', () => {
  let h: Harness;
  let alice: Auth;
  let bob: Auth;
  let stranger: Auth;
  let tree: Tree;
  let chat: Chat;

  const attach = (as: Auth, data: Uint8Array | string, name = 'rebar-schedule.pdf', lang = 'en') =>
    upload(h.app, as, `/chat/${chat.id}/attachments`, { name, data }, {}, lang);

  beforeAll(async () => {
    h = await startHarness({ dataDir: await mkdtemp(path.join(os.tmpdir(), 'chat-files-')) });
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
    tree = await makeTree(h.app, a.token, space);
    chat = (await call(h.app, api.chat.eps, { ...alice, params: { id: tree.schedule } })).json() as Chat;
  });
  afterAll(() => h.close());

  it('uploads a file, sends it with a message, shows name and size, and downloads it', async () => {
    const pdf = `%PDF-1.4\n${'x'.repeat(3000)}\n%%EOF\n`;
    const up = await attach(alice, pdf);
    expect(up.statusCode, up.body).toBe(201);
    const file = up.json() as ChatAttachment;
    expect(file).toMatchObject({ name: 'rebar-schedule.pdf', mime: 'application/pdf', size: pdf.length });
    // A file with no text is a message too.
    const sent = await call(h.app, api.chat.createMessage, {
      ...alice,
      body: { chat_id: chat.id, text: '', attachment_ids: [file.id] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const msg = sent.json() as ChatMessage;
    expect(msg.attachments).toEqual([
      expect.objectContaining({ id: file.id, name: file.name, size: pdf.length }),
    ]);
    // Bob sees it in the history and downloads it by its link (no token needed).
    const page = (
      await call(h.app, api.chat.messages, { ...bob, params: { id: chat.id }, query: { before: '50' } })
    ).json() as MessagePage;
    const seen = page.messages.find((m) => m.id === msg.id)!;
    expect(seen.attachments[0]!.name).toBe('rebar-schedule.pdf');
    const dl = await h.app.inject({ method: 'GET', url: seen.attachments[0]!.download_url });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toContain('attachment');
    expect(dl.body).toBe(pdf);
    // Sent files are documents (no expiry) of purpose chat; the same id cannot be sent twice.
    const row = await h.database.db
      .selectFrom('stored_files')
      .select(['kind', 'purpose', 'expires_at'])
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: 'documents', purpose: 'chat', expires_at: null });
    const again = await call(h.app, api.chat.createMessage, {
      ...alice,
      body: { chat_id: chat.id, text: 'again', attachment_ids: [file.id] },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error_message[0]).toMatchObject({ code: 'chat.bad_attachment' });
  });

  it("refuses another member's upload, a file over the space's limit (en, ru) and another space", async () => {
    const mine = (await attach(alice, 'notes')).json() as ChatAttachment;
    const byBob = await call(h.app, api.chat.createMessage, {
      ...bob,
      body: { chat_id: chat.id, text: 'mine now', attachment_ids: [mine.id] },
    });
    expect(byBob.statusCode).toBe(400);
    expect(byBob.json().error_message[0].params.field).toBe('attachment_ids');

    await h.database.db
      .updateTable('spaces')
      .set({ storage_max_file_bytes: 1024 })
      .where('id', '=', alice.space)
      .execute();
    const big = await attach(alice, 'y'.repeat(1025), 'big.txt');
    expect(big.statusCode).toBe(400);
    expect(big.json().error_message[0]).toMatchObject({
      code: 'storage.too_large',
      params: { field: 'body.file' },
    });
    expect(big.json().error_message[0].error_message).toContain('MB');
    const ru = await attach(alice, 'y'.repeat(1025), 'big.txt', 'ru');
    expect(ru.statusCode).toBe(400);
    expect(ru.json().error_message[0].error_message).toContain('МБ');
    const exact = await attach(alice, 'y'.repeat(1024), 'exact.txt');
    expect(exact.statusCode).toBe(201);
    await h.database.db
      .updateTable('spaces')
      .set({ storage_max_file_bytes: null })
      .where('id', '=', alice.space)
      .execute();

    const foreign = await upload(h.app, { ...stranger, space: alice.space }, `/chat/${chat.id}/attachments`, {
      name: 'x.txt',
      data: 'x',
    });
    expect(foreign.statusCode).toBe(403);
  });

  it("a deleted message's file is gone", async () => {
    const file = (await attach(alice, 'temporary', 'draft.txt')).json() as ChatAttachment;
    const msg = (
      await call(h.app, api.chat.createMessage, {
        ...alice,
        body: { chat_id: chat.id, text: 'draft', attachment_ids: [file.id] },
      })
    ).json() as ChatMessage;
    const del = await call(h.app, api.chat.deleteMessage, {
      ...alice,
      params: { id: chat.id, messageId: String(msg.id) },
    });
    expect(del.statusCode).toBe(200);
    const left = await h.database.db
      .selectFrom('stored_files')
      .select('id')
      .where('id', '=', file.id)
      .execute();
    expect(left).toEqual([]);
    const one = (
      await call(h.app, api.chat.message, {
        ...alice,
        params: { id: chat.id },
        query: { message_id: String(msg.id) },
      })
    ).json() as ChatMessage;
    expect(one.attachments).toEqual([]);
  });

  it('editing a message changes its files: one kept, one added, one removed (its bytes gone)', async () => {
    const a = (await attach(alice, 'first file', 'a.txt')).json() as ChatAttachment;
    const b = (await attach(alice, 'second file', 'b.txt')).json() as ChatAttachment;
    const msg = (
      await call(h.app, api.chat.createMessage, {
        ...alice,
        body: { chat_id: chat.id, text: 'two files', attachment_ids: [a.id, b.id] },
      })
    ).json() as ChatMessage;
    const c = (await attach(alice, 'third file', 'c.txt')).json() as ChatAttachment;
    // Bob's upload cannot be put on Alice's message.
    const bobs = (await attach(bob, 'bob file', 'bob.txt')).json() as ChatAttachment;
    const refused = await call(h.app, api.chat.updateMessage, {
      ...alice,
      headers: { language: 'ru' },
      body: { chat_id: chat.id, message_id: msg.id, text: 'x', attachment_ids: [bobs.id] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_message[0].params.field).toBe('attachment_ids');
    const edited = await call(h.app, api.chat.updateMessage, {
      ...alice,
      body: { chat_id: chat.id, message_id: msg.id, text: '', attachment_ids: [b.id, c.id] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json() as ChatMessage;
    expect(after.attachments.map((f) => f.name)).toEqual(['b.txt', 'c.txt']);
    expect(after.edited_at).toBeTruthy();
    const gone = await h.database.db.selectFrom('stored_files').select('id').where('id', '=', a.id).execute();
    expect(gone).toEqual([]);
    const sent = await h.database.db
      .selectFrom('stored_files')
      .select('kind')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(sent.kind).toBe('documents');
    // Without attachment_ids the files stay; with none left the text may not be empty.
    const textOnly = await call(h.app, api.chat.updateMessage, {
      ...alice,
      body: { chat_id: chat.id, message_id: msg.id, text: 'renamed' },
    });
    expect((textOnly.json() as ChatMessage).attachments).toHaveLength(2);
    const empty = await call(h.app, api.chat.updateMessage, {
      ...alice,
      body: { chat_id: chat.id, message_id: msg.id, text: ' ', attachment_ids: [] },
    });
    expect(empty.statusCode).toBe(400);
  });
});
