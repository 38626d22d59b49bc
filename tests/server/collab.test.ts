// Chat, notices and delegation (issue 26): live messages to the right members only, paging both
// ways, edits, reactions, deletes, the last-read marker; notices on the site and by email (a local
// SMTP server); the look-ahead job; delegation in the permission check until its end.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api } from '../../src/api';
import type { Chat, ChatMessage, LiveEvent, MessagePage, Notice, Resource } from '../../src/api';
import { change, newRow } from '../../src/domain/wbs';
import type { WbsDoc } from '../../src/domain/wbs';
import { serializeEntry } from '../../src/domain/history';
import { testConfig } from '../../src/server/config';
import { EventHub } from '../../src/server/events/hub';
import { sweepNotices } from '../../src/server/services/notice-sweep';
import type { Tree } from './support/fixtures';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

function connect(base: string, token: string): Promise<{ ws: WebSocket; events: LiveEvent[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/api/v1/events?token=${encodeURIComponent(token)}`);
    const events: LiveEvent[] = [];
    ws.on('message', (data) => events.push(JSON.parse(String(data))));
    ws.on('open', () => resolve({ ws, events }));
    ws.on('error', reject);
  });
}
const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('collab', () => {
  let h: Harness;
  let app: FastifyInstance;
  let base: string;
  let smtp: SMTPServer;
  const mails: { to: string; body: string }[] = [];
  type U = Awaited<ReturnType<typeof signUp>>;
  let alice: U, bob: U, dave: U, carol: U;
  let space: string;
  let tree: Tree;
  const A = () => ({ token: alice.token, space });
  const B = () => ({ token: bob.token, space });

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, cb) {
        let body = '';
        stream.on('data', (c: Buffer) => (body += c.toString('utf8')));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
          cb();
        });
      },
    });
    // A port of the system's choosing: the PGlite and PostgreSQL runs of this file may overlap.
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    h = await startHarness({ smtpUrl: `smtp://127.0.0.1:${smtpPort}` });
    app = h.app;
    base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    alice = await signUp(app, 'alice');
    bob = await signUp(app, 'bob');
    dave = await signUp(app, 'dave');
    carol = await signUp(app, 'carol');
    space = await makeSpace(app, alice.token);
    tree = await makeTree(app, alice.token, space);
    for (const u of [bob, dave])
      expect(
        (
          await call(app, api.space.invite, {
            token: alice.token,
            params: { space_id: space },
            body: { login: u.login },
          })
        ).statusCode,
      ).toBe(201);
    await makeSpace(app, carol.token, 'Elsewhere');
  });
  afterAll(async () => {
    await h?.close();
    if (smtp) await new Promise<void>((r) => smtp.close(() => r()));
  });

  it('delivers a project chat message live to members only, pages, edits, reacts and deletes', async () => {
    const bobWs = await connect(base, bob.token);
    const carolWs = await connect(base, carol.token);
    const chat = (await call(app, api.chat.eps, { ...A(), params: { id: tree.project } })).json() as Chat;
    expect(chat).toMatchObject({ kind: 'eps', eps_id: tree.project, title: 'Project', unread: 0 });
    const text = 'Concrete delivery moved to Thursday morning, please confirm the crane slot';
    const sent = await call(app, api.chat.createMessage, { ...A(), body: { chat_id: chat.id, text } });
    expect(sent.statusCode, sent.body).toBe(201);
    const msg = sent.json() as ChatMessage;
    await until(() => bobWs.events.some((e) => e.event === 'chat_message_created'));
    const ev = bobWs.events.find((e) => e.event === 'chat_message_created')!;
    expect(ev.payload).toMatchObject({ author_id: alice.user.id, chat_id: chat.id, text: text.slice(0, 40) });
    expect(ev).not.toHaveProperty('to');
    await new Promise((r) => setTimeout(r, 100));
    expect(carolWs.events).toEqual([]);

    // Bob sees it unread, then reads it.
    const bobChat = (await call(app, api.chat.one, { ...B(), params: { id: chat.id } })).json() as Chat;
    expect(bobChat.unread).toBe(1);
    const read = await call(app, api.chat.lastRead, {
      ...B(),
      body: { chat_id: chat.id, message_id: msg.id },
    });
    expect(read.json()).toEqual({ last_read_id: msg.id, unread: 0 });

    // Paging both ways from a message.
    const ids: number[] = [msg.id];
    for (let i = 1; i < 30; i++)
      ids.push(
        (
          (
            await call(app, api.chat.createMessage, { ...A(), body: { chat_id: chat.id, text: `m${i}` } })
          ).json() as ChatMessage
        ).id,
      );
    const around = (
      await call(app, api.chat.messages, {
        ...B(),
        params: { id: chat.id },
        query: { from: String(ids[10]), before: '5', after: '5' },
      })
    ).json() as MessagePage;
    expect(around.messages.map((m) => m.id)).toEqual(ids.slice(5, 16));
    expect(around).toMatchObject({ has_before: true, has_after: true });
    const newest = (
      await call(app, api.chat.messages, { ...B(), params: { id: chat.id }, query: { before: '10' } })
    ).json() as MessagePage;
    expect(newest.messages.map((m) => m.id)).toEqual(ids.slice(20));
    expect(newest.has_after).toBe(false);
    const list = (await call(app, api.chat.list, B())).json() as { chats: Chat[]; unread: number };
    expect(list.unread).toBe(29);

    // Reaction toggles; edit by the author only; delete; no reaction on a deleted message.
    const r1 = await call(app, api.chat.reaction, {
      ...B(),
      params: { id: chat.id, messageId: String(msg.id) },
      query: { emoji: '👍' },
    });
    expect((r1.json() as ChatMessage).reactions).toEqual([{ emoji: '👍', count: 1, mine: true }]);
    const edited = await call(app, api.chat.updateMessage, {
      ...A(),
      body: { chat_id: chat.id, message_id: msg.id, text: 'Delivery on Friday' },
    });
    expect(edited.json()).toMatchObject({
      text: 'Delivery on Friday',
      reactions: [{ emoji: '👍', count: 1, mine: false }],
    });
    expect(
      (
        await call(app, api.chat.updateMessage, {
          ...B(),
          body: { chat_id: chat.id, message_id: msg.id, text: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(app, api.chat.deleteMessage, {
          ...A(),
          params: { id: chat.id, messageId: String(msg.id) },
        })
      ).statusCode,
    ).toBe(200);
    for (const language of ['en', 'ru']) {
      const bad = await call(app, api.chat.reaction, {
        ...B(),
        params: { id: chat.id, messageId: String(msg.id) },
        query: { emoji: '👍' },
        headers: { language },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error_message[0]).toMatchObject({
        code: 'chat.deleted_message',
        params: { field: 'messageId' },
      });
      const empty = await call(app, api.chat.createMessage, {
        ...B(),
        body: { chat_id: chat.id, text: '   ' },
        headers: { language },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error_message[0].error_message).toMatch(
        language === 'ru' ? /пустое: text/ : /empty: text/,
      );
    }
    const one = (
      await call(app, api.chat.message, {
        ...B(),
        params: { id: chat.id },
        query: { message_id: String(msg.id) },
      })
    ).json() as ChatMessage;
    expect(one).toMatchObject({ deleted: true, text: '', reactions: [] });
    bobWs.ws.close();
    carolWs.ws.close();
  });

  it('keeps a direct chat between its two members', async () => {
    const daveWs = await connect(base, dave.token);
    const bobWs = await connect(base, bob.token);
    const sent = await call(app, api.chat.createMessage, {
      ...A(),
      body: { user_id: bob.user.id, text: 'Just us' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const chatId = (sent.json() as ChatMessage).chat_id;
    await until(() => bobWs.events.some((e) => e.event === 'chat_message_created'));
    await new Promise((r) => setTimeout(r, 100));
    expect(daveWs.events.filter((e) => e.event === 'chat_message_created')).toEqual([]);
    expect(
      (await call(app, api.chat.messages, { token: dave.token, space, params: { id: chatId } })).statusCode,
    ).toBe(404);
    const users = (await call(app, api.chat.users, { ...B(), params: { id: chatId } })).json() as {
      id: string;
    }[];
    expect(users.map((u) => u.id).sort()).toEqual([alice.user.id, bob.user.id].sort());
    const self = await call(app, api.chat.createMessage, {
      ...A(),
      body: { user_id: alice.user.id, text: 'me' },
    });
    expect(self.statusCode).toBe(400);
    daveWs.ws.close();
    bobWs.ws.close();
  });

  it('notifies a mentioned member live and lists the notice', async () => {
    const daveWs = await connect(base, dave.token);
    const chat = (await call(app, api.chat.eps, { ...A(), params: { id: tree.schedule } })).json() as Chat;
    await call(app, api.chat.createMessage, {
      ...A(),
      body: { chat_id: chat.id, text: `@${dave.login} check the slab` },
    });
    await until(() => daveWs.events.some((e) => e.event === 'notice_created'));
    expect(daveWs.events.find((e) => e.event === 'notice_created')!.payload).toMatchObject({
      type: 'chat_mention',
    });
    const notices = (await call(app, api.notices.list, { token: dave.token, space })).json() as {
      notices: Notice[];
    };
    expect(notices.notices[0]).toMatchObject({ type: 'chat_mention', link: { chat_id: chat.id } });
    const status = (await call(app, api.notices.status, { token: dave.token, space })).json();
    expect(status).toEqual({ unread: 1, total: 1, open: 1 });
    // Bob was not mentioned.
    expect((await call(app, api.notices.status, B())).json()).toMatchObject({ total: 0 });
    const checked = await call(app, api.notices.setChecked, {
      token: dave.token,
      space,
      params: { id: notices.notices[0]!.id },
    });
    expect(checked.json()).toMatchObject({ chat_id: chat.id });
    expect((await call(app, api.notices.status, { token: dave.token, space })).json()).toEqual({
      unread: 0,
      total: 1,
      open: 0,
    });
    await call(app, api.notices.removeAll, { token: dave.token, space });
    await call(app, api.notices.removeAllArea, { token: dave.token, space });
    expect((await call(app, api.notices.status, { token: dave.token, space })).json()).toEqual({
      unread: 0,
      total: 0,
      open: 0,
    });
    daveWs.ws.close();
  });

  it("a chat's own channels replace the profile's for its mentions", async () => {
    const D = () => ({ token: dave.token, space });
    const chat = (await call(app, api.chat.eps, { ...D(), params: { id: tree.project } })).json() as Chat;
    expect(chat.channels).toBeNull();
    const set = (channels: unknown) =>
      call(app, api.chat.setSettings, { ...D(), body: { chat_id: chat.id, channels } });
    const bad = await set(['sms']);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('channels');
    expect((await set(['corporate'])).statusCode).toBe(200);
    // Mute and channels are kept apart: a change of one leaves the other.
    await call(app, api.chat.setSettings, { ...D(), body: { chat_id: chat.id, muted: true } });
    const settings = (await call(app, api.chat.settings, D())).json() as {
      chat_id: string;
      muted: boolean;
      channels: string[] | null;
    }[];
    expect(settings.find((x) => x.chat_id === chat.id)).toEqual({
      chat_id: chat.id,
      muted: true,
      channels: ['corporate'],
    });
    const daveWs = await connect(base, dave.token);
    const mention = async (text: string) => {
      const r = await call(app, api.chat.createMessage, { ...A(), body: { chat_id: chat.id, text } });
      expect(r.statusCode, r.body).toBe(201);
    };
    // Dave's profile says site only; this chat says corporate mail only.
    await mention(`@${dave.login} the crane arrives at 7`);
    await until(() => mails.some((m) => m.to === dave.user.email && m.body.includes('crane')), 5000);
    expect(mails.some((m) => m.to === dave.user.email && m.body.includes('crane'))).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(daveWs.events.filter((e) => e.event === 'notice_created')).toEqual([]);
    // Nowhere: listed in the notices only.
    expect((await set([])).statusCode).toBe(200);
    const before = mails.length;
    await mention(`@${dave.login} formwork check`);
    await new Promise((r) => setTimeout(r, 300));
    expect(daveWs.events.filter((e) => e.event === 'notice_created')).toEqual([]);
    expect(mails.length).toBe(before);
    const listed = (await call(app, api.notices.list, D())).json() as { notices: Notice[] };
    expect(listed.notices.filter((n) => n.type === 'chat_mention').length).toBeGreaterThanOrEqual(2);
    // Back to the profile's channels: live on the site again.
    expect((await set(null)).statusCode).toBe(200);
    await mention(`@${dave.login} rebar delivered`);
    await until(() => daveWs.events.some((e) => e.event === 'notice_created'));
    expect(daveWs.events.filter((e) => e.event === 'notice_created')).toHaveLength(1);
    expect(
      ((await call(app, api.chat.one, { ...D(), params: { id: chat.id } })).json() as Chat).channels,
    ).toBeNull();
    await call(app, api.notices.removeAll, D());
    await call(app, api.notices.removeAllArea, D());
    daveWs.ws.close();
    mails.splice(0); // the next test reads the mails it causes from the first
  });

  it("the product's channel: test notices reach the member's own Notices chat, read-only and private", async () => {
    const put = await call(app, api.users.update, {
      token: bob.token,
      body: {
        email: bob.user.email,
        first_name: 'Bob',
        last_name: 'Builder',
        notification_channels: ['product'],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const bobWs = await connect(base, bob.token);
    const sent = await call(app, api.notices.test, {
      ...B(),
      params: { id: tree.project },
      body: { types: ['task_will_start', 'assignment_created'] },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    expect(sent.json()).toEqual({ created: 2 });
    // Kept in the list as any notice; delivered in the messenger, not on the site's bell.
    const listed = ((await call(app, api.notices.list, B())).json() as { notices: Notice[] }).notices;
    const tests = listed.filter((n) => n.params.test === 1);
    expect(tests.map((n) => n.type).sort()).toEqual(['assignment_created', 'task_will_start']);
    expect(tests.every((n) => n.link.eps_id === tree.project)).toBe(true);
    await until(() => bobWs.events.some((e) => e.event === 'chat_message_created'));
    expect(bobWs.events.filter((e) => e.event === 'notice_created')).toEqual([]);
    const chats = ((await call(app, api.chat.list, B())).json() as { chats: Chat[] }).chats;
    const own = chats.find((c) => c.kind === 'notices');
    expect(own).toMatchObject({ unread: 2, peer_id: null, eps_id: null });
    const page = (
      await call(app, api.chat.messages, { ...B(), params: { id: own!.id }, query: { before: '10' } })
    ).json() as MessagePage;
    expect(page.messages.map((m) => m.author_id)).toEqual([null, null]);
    // Each message names its notice (the client opens it from there), in Bob's language.
    expect(page.messages.map((m) => m.tag).sort()).toEqual(tests.map((n) => `notice:${n.id}`).sort());
    expect(page.messages.map((m) => m.text)).toContain(
      '"Project" starts on ' + new Date().toISOString().slice(0, 10),
    );
    const live = bobWs.events.find((e) => e.event === 'chat_message_created')!;
    expect(live.payload).toMatchObject({ chat_id: own!.id, author_id: null });
    // Nobody writes there, and nobody else sees it.
    const write = await call(app, api.chat.createMessage, { ...B(), body: { chat_id: own!.id, text: 'hi' } });
    expect(write.statusCode).toBe(400);
    expect(write.body).toContain('chat.read_only');
    expect((await call(app, api.chat.one, { ...A(), params: { id: own!.id } })).statusCode).toBe(404);
    expect(
      ((await call(app, api.chat.list, A())).json() as { chats: Chat[] }).chats.some((c) => c.id === own!.id),
    ).toBe(false);
    // A second delivery goes to the same chat.
    await call(app, api.notices.test, {
      ...B(),
      params: { id: tree.project },
      body: { types: ['assignment_changed'] },
    });
    const again = ((await call(app, api.chat.list, B())).json() as { chats: Chat[] }).chats;
    expect(again.filter((c) => c.kind === 'notices')).toHaveLength(1);
    expect(again.find((c) => c.kind === 'notices')!.unread).toBe(3);
    // Bad input: an unknown type, another space's node.
    const bad = await call(app, api.notices.test, {
      ...B(),
      params: { id: tree.project },
      body: { types: ['sms'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call(app, api.notices.test, { ...B(), params: { id: randomUUID() }, body: {} })).statusCode,
    ).toBe(404);
    bobWs.ws.close();
    await call(app, api.notices.removeAll, B());
    await call(app, api.notices.removeAllArea, B());
  });

  it('notifies an assigned member on the site and by email, and looks ahead for starts', async () => {
    const put = await call(app, api.users.update, {
      token: bob.token,
      body: {
        email: bob.user.email,
        first_name: 'Bob',
        last_name: 'Builder',
        notification_channels: ['site', 'corporate'],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const row = randomUUID();
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const c = change(empty, (d) => {
      d.rows.set(row, newRow(row, 'task', null, 'a0', { name: 'Pour slab', duration: 5 * 480 }));
    });
    const batch = await call(app, api.wbsBatch.batch, {
      ...A(),
      params: { id: tree.version },
      body: {
        revision: 0,
        origin: 'do',
        entry: serializeEntry({ kind: 'undo_wbs', labelKey: 'edit', ...c }),
      },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const res = await call(app, api.resources.create, {
      ...A(),
      body: { name: 'Bob crew', user_id: bob.user.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const resource = res.json() as Resource;
    const save = await call(app, api.resources.save, {
      ...A(),
      params: { id: tree.version },
      body: { wbs_id: row, items: [{ resource_id: resource.id, units: 40 }] },
    });
    expect(save.statusCode, save.body).toBe(200);
    await until(() => mails.length > 0);
    expect(mails[0]!.to).toBe(bob.user.email);
    expect(mails[0]!.body).toContain('Pour slab');
    const notices = (await call(app, api.notices.list, B())).json() as { notices: Notice[] };
    expect(notices.notices[0]).toMatchObject({
      type: 'assignment_created',
      link: { version_id: tree.version, wbs_id: row },
    });

    // The row starts in two days: the look-ahead job notices it once.
    const inTwoDays = Math.floor((Date.now() - Date.UTC(2000, 0, 1)) / 60_000) + 2 * 1440;
    await h.database.db
      .updateTable('wbs_items')
      .set({ es: inTwoDays, ef: inTwoDays + 10 * 1440 })
      .where('space_id', '=', space)
      .where('id', '=', row)
      .execute();
    const ctx = { db: h.database.db, config: testConfig(), events: new EventHub(h.database.db) };
    expect(await sweepNotices(ctx)).toBe(1);
    await sweepNotices(ctx);
    const after = (await call(app, api.notices.personalArea, B())).json() as { notices: Notice[] };
    expect(after.notices.filter((n) => n.type === 'task_will_start')).toHaveLength(1);

    // Planned work tomorrow on Bob's assignment: assignment_date_approaching, once. Dave, named
    // executor of the row, hears of its start too (task_will_start).
    await h.database.db
      .insertInto('wdp_days')
      .values({
        space_id: space,
        version_id: tree.version,
        item_id: row,
        day: Math.floor(inTwoDays / 1440) - 1,
        plan: 5,
      })
      .execute();
    const flag = await call(app, api.executors.setExecutor, {
      ...A(),
      params: { id: dave.user.id },
      body: { executor: true },
    });
    expect(flag.statusCode, flag.body).toBe(200);
    const named = await call(app, api.executors.setRowPeople, {
      ...A(),
      params: { id: tree.version },
      body: { wbs_id: row, executor_id: dave.user.id },
    });
    expect(named.statusCode, named.body).toBe(200);
    await sweepNotices(ctx);
    await sweepNotices(ctx);
    const bobs = (await call(app, api.notices.personalArea, B())).json() as { notices: Notice[] };
    const approaching = bobs.notices.filter((n) => n.type === 'assignment_date_approaching');
    expect(approaching).toHaveLength(1);
    expect(approaching[0]!.link).toMatchObject({ version_id: tree.version, wbs_id: row });
    expect(approaching[0]!.link.assignment_id).toBeTruthy();
    const daves = (await call(app, api.notices.personalArea, { token: dave.token, space })).json() as {
      notices: Notice[];
    };
    expect(daves.notices.filter((n) => n.type === 'task_will_start')).toHaveLength(1);
    expect(daves.notices.filter((n) => n.type === 'executor_assigned_to_task')).toHaveLength(1);

    // Started five days ago, it finishes tomorrow: task_will_finish, once.
    const now = Math.floor((Date.now() - Date.UTC(2000, 0, 1)) / 60_000);
    await h.database.db
      .updateTable('wbs_items')
      .set({ es: now - 5 * 1440, ef: now + 1440 })
      .where('space_id', '=', space)
      .where('id', '=', row)
      .execute();
    await sweepNotices(ctx);
    await sweepNotices(ctx);
    const finishing = (await call(app, api.notices.personalArea, B())).json() as { notices: Notice[] };
    expect(finishing.notices.filter((n) => n.type === 'task_will_finish')).toHaveLength(1);

    // A planner enters a fact and changes the plan of a day of Bob's row: assignment_date_add_fact
    // and assignment_date_change_plan reach Bob.
    const day = Math.floor(now / 1440);
    const edit = await call(app, api.wdp.reportEdit, {
      ...A(),
      params: { id: tree.version },
      body: { day, rows: [{ item_id: row, plan: 8, fact: 3 }] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const bobNow = async () =>
      ((await call(app, api.notices.list, B())).json() as { notices: Notice[] }).notices.map((n) => n.type);
    let types = await bobNow();
    for (let i = 0; i < 50 && !types.includes('assignment_date_change_plan'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      types = await bobNow();
    }
    expect(types).toContain('assignment_date_add_fact');
    expect(types).toContain('assignment_date_change_plan');
  });

  it('honours a delegation in the permission check until its end, and refuses bad ones', async () => {
    const facility = () =>
      call(app, api.facilities.create, { ...B(), body: { name: `F${Date.now() % 10000}` } });
    expect((await facility()).statusCode).toBe(403); // bob is a student
    for (const language of ['en', 'ru']) {
      const self = await call(app, api.delegation.create, {
        ...A(),
        headers: { language },
        body: { user_id: alice.user.id, starts_at: '2026-01-01T00:00:00Z', ends_at: '2026-02-01T00:00:00Z' },
      });
      expect(self.statusCode).toBe(400);
      expect(self.json().error_message[0].error_message).toMatch(
        language === 'ru' ? /другому.*user_id/ : /another member: user_id/,
      );
      const backwards = await call(app, api.delegation.create, {
        ...A(),
        headers: { language },
        body: { user_id: bob.user.id, starts_at: '2026-02-01T00:00:00Z', ends_at: '2026-01-01T00:00:00Z' },
      });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().error_message[0].params.field).toBe('ends_at');
    }
    // A node delegation: rights under the project only.
    const node = await call(app, api.delegation.create, {
      ...A(),
      body: {
        user_id: bob.user.id,
        eps_id: tree.project,
        starts_at: new Date(Date.now() - 1000).toISOString(),
        ends_at: new Date(Date.now() + 60_000).toISOString(),
      },
    });
    expect(node.statusCode, node.body).toBe(201);
    expect(
      (
        await call(app, api.scheduleGroups.create, {
          ...B(),
          body: { project_id: tree.project, name: 'Delegated' },
        })
      ).statusCode,
    ).toBe(201);
    expect((await facility()).statusCode).toBe(403);
    // A space delegation ending in 1.5 s.
    const d = await call(app, api.delegation.create, {
      ...A(),
      body: {
        user_id: bob.user.id,
        starts_at: new Date(Date.now() - 1000).toISOString(),
        ends_at: new Date(Date.now() + 1500).toISOString(),
      },
    });
    expect(d.statusCode, d.body).toBe(201);
    expect((await facility()).statusCode).toBe(201);
    const given = (await call(app, api.delegation.given, A())).json() as { id: string; active: boolean }[];
    const received = (await call(app, api.delegation.received, B())).json() as { id: string }[];
    expect(given.map((g) => g.id).sort()).toEqual(received.map((r) => r.id).sort());
    expect(given).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 1600));
    expect((await facility()).statusCode).toBe(403);
    // The receiver may end it; a third member may not.
    expect(
      (await call(app, api.delegation.remove, { token: dave.token, space, params: { id: node.json().id } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(app, api.delegation.remove, { ...B(), params: { id: node.json().id } })).statusCode,
    ).toBe(200);
    expect(
      (
        await call(app, api.scheduleGroups.create, {
          ...B(),
          body: { project_id: tree.project, name: 'Again' },
        })
      ).statusCode,
    ).toBe(403);
  });
});
