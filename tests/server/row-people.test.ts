// A row's executor and curator (issues 26 and 21): a planner names them; the executor must be a
// member flagged executor (PATCH users/{id}/set-executor), the curator a member; each newly named
// one gets executor_assigned_to_task / curator_assigned_to_task live (site) and by email
// (corporate, a local SMTP server), linking the row; another space's member gets 403 and no event.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api } from '../../src/api';
import type { LiveEvent, Notice, RowPeople } from '../../src/api';
import { change, newRow } from '../../src/domain/wbs';
import type { WbsDoc } from '../../src/domain/wbs';
import type { Tree } from './support/fixtures';
import { makeSpace, makeTree, sendChange, signUp } from './support/fixtures';
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
const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('row executor and curator', () => {
  let h: Harness;
  let app: FastifyInstance;
  let base: string;
  let smtp: SMTPServer;
  const mails: { to: string; body: string }[] = [];
  type U = Awaited<ReturnType<typeof signUp>>;
  let owner: U, worker: U, curator: U, outsider: U;
  let space: string;
  let tree: Tree;
  let rowId: string;
  const O = () => ({ token: owner.token, space });

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
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    h = await startHarness({ smtpUrl: `smtp://127.0.0.1:${smtpPort}` });
    app = h.app;
    base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    owner = await signUp(app, 'rp-owner');
    worker = await signUp(app, 'rp-worker');
    curator = await signUp(app, 'rp-curator');
    outsider = await signUp(app, 'rp-outsider');
    space = await makeSpace(app, owner.token, 'Row people');
    tree = await makeTree(app, owner.token, space);
    for (const u of [worker, curator]) {
      const inv = await call(app, api.space.invite, {
        token: owner.token,
        params: { space_id: space },
        body: { login: u.login },
      });
      expect(inv.statusCode, inv.body).toBe(201);
    }
    // The worker hears on every channel, the curator on the site only.
    const upd = await call(app, api.users.update, {
      token: worker.token,
      body: {
        email: worker.user.email,
        first_name: 'Wendy',
        last_name: 'Worker',
        notification_channels: ['site', 'corporate'],
      },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    await makeSpace(app, outsider.token, 'Elsewhere');
    const doc: WbsDoc = { rows: new Map(), relations: new Map() };
    rowId = randomUUID();
    const add = change(doc, (d) => {
      d.rows.set(rowId, newRow(rowId, 'task', null, 'a0', { name: 'Pour slab', duration: 480 }));
    });
    expect((await sendChange(app, O(), tree.version, 0, add)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await h?.close();
    if (smtp) await new Promise<void>((r) => smtp.close(() => r()));
  });

  it('refuses a member who is not an executor, then names executor and curator with notices', async () => {
    const notExecutor = await call(app, api.executors.setRowPeople, {
      ...O(),
      headers: { language: 'ru' },
      params: { id: tree.version },
      body: { wbs_id: rowId, executor_id: worker.user.id },
    });
    expect(notExecutor.statusCode).toBe(400);
    expect(notExecutor.body).toContain('body.executor_id');
    expect(notExecutor.body).toContain('исполнител');

    const flag = await call(app, api.executors.setExecutor, {
      ...O(),
      params: { id: worker.user.id },
      body: { executor: true },
    });
    expect(flag.statusCode, flag.body).toBe(200);
    const users = (
      await call(app, api.executors.versionUsers, { ...O(), params: { id: tree.version } })
    ).json() as {
      executors: { user_id: string }[];
    };
    expect(users.executors.map((m) => m.user_id)).toEqual([worker.user.id]);

    const workerWs = await connect(base, worker.token);
    const curatorWs = await connect(base, curator.token);
    const outsiderWs = await connect(base, outsider.token);
    const set = await call(app, api.executors.setRowPeople, {
      ...O(),
      params: { id: tree.version },
      body: { wbs_id: rowId, executor_id: worker.user.id, curator_id: curator.user.id },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      wbs_id: rowId,
      executor_id: worker.user.id,
      curator_id: curator.user.id,
      previous: { executor_id: null, curator_id: null },
    });
    const noticeOf = (events: LiveEvent[]) => events.find((e) => e.event === 'notice_created');
    await until(() => !!noticeOf(workerWs.events) && !!noticeOf(curatorWs.events));
    expect(noticeOf(workerWs.events)!.payload).toMatchObject({
      type: 'executor_assigned_to_task',
      params: { task: 'Pour slab' },
      link: { version_id: tree.version, wbs_id: rowId, eps_id: tree.schedule },
    });
    expect(noticeOf(curatorWs.events)!.payload).toMatchObject({ type: 'curator_assigned_to_task' });
    expect(curatorWs.events.some((e) => e.event === 'row_people_updated')).toBe(true);
    await until(() => mails.some((m) => m.to === worker.user.email));
    const mail = mails.find((m) => m.to === worker.user.email)!;
    expect(mail.body).toContain('Pour slab');
    // The curator chose the site only: no email.
    expect(mails.some((m) => m.to === curator.user.email)).toBe(false);
    const list = (await call(app, api.notices.list, { token: worker.token, space })).json() as {
      notices: Notice[];
    };
    expect(list.notices.map((n) => n.type)).toEqual(['executor_assigned_to_task']);

    // Naming the same executor again is no news; clearing the curator sends nothing.
    const again = await call(app, api.executors.setRowPeople, {
      ...O(),
      params: { id: tree.version },
      body: { wbs_id: rowId, executor_id: worker.user.id, curator_id: null },
    });
    expect(again.json()).toMatchObject({ executor_id: worker.user.id, curator_id: null });
    const people = (
      await call(app, api.executors.rowPeople, { ...O(), params: { id: tree.version } })
    ).json() as { rows: RowPeople[] };
    expect(people.rows).toEqual([{ wbs_id: rowId, executor_id: worker.user.id, curator_id: null }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(workerWs.events.filter((e) => e.event === 'notice_created')).toHaveLength(1);
    expect(outsiderWs.events).toEqual([]);
    for (const c of [workerWs, curatorWs, outsiderWs]) c.ws.close();
  });

  it("new dates wait for the curator's acceptance (task_need_accept_expert_data), once per dates", async () => {
    const named = await call(app, api.executors.setRowPeople, {
      ...O(),
      params: { id: tree.version },
      body: { wbs_id: rowId, curator_id: curator.user.id },
    });
    expect(named.statusCode, named.body).toBe(200);
    const expertNotices = async () =>
      (
        (await call(app, api.notices.list, { token: curator.token, space })).json() as { notices: Notice[] }
      ).notices.filter((n) => n.type === 'task_need_accept_expert_data');
    const calc = await call(app, api.wbsBatch.calculateSynchronous, { ...O(), params: { id: tree.version } });
    expect(calc.statusCode, calc.body).toBe(200);
    let got = await expertNotices();
    for (let i = 0; i < 50 && got.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      got = await expertNotices();
    }
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      params: { task: 'Pour slab' },
      link: { version_id: tree.version, wbs_id: rowId },
    });
    // Accepted (by a planner; the curator here has a read-only role): the next calculation with
    // the same dates asks nothing.
    const accept = await call(app, api.curatorDates.acceptCuratorDates, {
      ...O(),
      params: { id: tree.version },
      body: { wbs_ids: [rowId] },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    await call(app, api.wbsBatch.calculateSynchronous, { ...O(), params: { id: tree.version } });
    await new Promise((r) => setTimeout(r, 500));
    expect(await expertNotices()).toHaveLength(1);
  });

  it('a comment or photo added to a node reaches the space live (gallery_updated), not another space', async () => {
    const curatorWs = await connect(base, curator.token);
    const outsiderWs = await connect(base, outsider.token);
    const added = await call(app, api.gallery.addComment, {
      ...O(),
      params: { id: tree.schedule },
      body: { text: 'Formwork checked', wbs_item_id: rowId },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    await until(() => curatorWs.events.some((e) => e.event === 'gallery_updated'));
    const ev = curatorWs.events.find((e) => e.event === 'gallery_updated')!;
    expect(ev.ids).toEqual([tree.schedule]);
    expect(ev.payload).toMatchObject({ kind: 'comment', action: 'added', wbs_item_id: rowId });
    await new Promise((r) => setTimeout(r, 100));
    expect(outsiderWs.events).toEqual([]);
    for (const c of [curatorWs, outsiderWs]) c.ws.close();
  });

  it("the grid's Executor column: naming and clearing keep the version's revision, a former executor stays shown", async () => {
    const revision = async () =>
      (
        (await call(app, api.versions.get, { ...O(), params: { id: tree.version } })).json() as {
          revision: number;
        }
      ).revision;
    const before = await revision();
    const curatorWs = await connect(base, curator.token);
    // What the column's picker does: name the executor (undo: put back whoever was there).
    const named = await call(app, api.executors.setRowPeople, {
      ...O(),
      params: { id: tree.version },
      body: { wbs_id: rowId, executor_id: null },
    });
    expect(named.statusCode, named.body).toBe(200);
    const back = await call(app, api.executors.setRowPeople, {
      ...O(),
      params: { id: tree.version },
      body: { wbs_id: rowId, executor_id: worker.user.id },
    });
    expect(back.json()).toMatchObject({ executor_id: worker.user.id, previous: { executor_id: null } });
    // Another editor's grid hears each step with the row and the people it now has.
    await until(() => curatorWs.events.filter((e) => e.event === 'row_people_updated').length >= 2);
    const steps = curatorWs.events.filter((e) => e.event === 'row_people_updated');
    expect(steps.map((e) => (e.payload as RowPeople).executor_id)).toEqual([null, worker.user.id]);
    expect(
      steps.every((e) => e.ids.includes(tree.version) && (e.payload as RowPeople).wbs_id === rowId),
    ).toBe(true);
    // Not an edit of the rows: the revision stays, so a batch made at it still applies.
    expect(await revision()).toBe(before);
    const other = randomUUID();
    const doc: WbsDoc = { rows: new Map(), relations: new Map() };
    const add = change(doc, (d) => {
      d.rows.set(other, newRow(other, 'task', null, 'b0', { name: 'Cure slab', duration: 480 }));
    });
    expect((await sendChange(app, O(), tree.version, before, add)).statusCode).toBe(200);
    // The executor flag taken away: the row keeps its executor (the column still shows them) and
    // the version's users list them as a member, no longer an executor.
    await call(app, api.executors.setExecutor, {
      ...O(),
      params: { id: worker.user.id },
      body: { executor: false },
    });
    const people = (
      await call(app, api.executors.rowPeople, { ...O(), params: { id: tree.version } })
    ).json() as { rows: RowPeople[] };
    expect(people.rows.find((r) => r.wbs_id === rowId)?.executor_id).toBe(worker.user.id);
    const users = (
      await call(app, api.executors.versionUsers, { ...O(), params: { id: tree.version } })
    ).json() as {
      members: { user_id: string; executor: boolean }[];
      executors: unknown[];
    };
    expect(users.members.find((m) => m.user_id === worker.user.id)?.executor).toBe(false);
    expect(users.executors).toEqual([]);
    curatorWs.ws.close();
  });

  it('400 for an unknown row or a curator from outside (en), 403 for another space', async () => {
    const unknown = await call(app, api.executors.setRowPeople, {
      ...O(),
      headers: { language: 'en' },
      params: { id: tree.version },
      body: { wbs_id: tree.version, curator_id: curator.user.id },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('body.wbs_id');
    const stranger = await call(app, api.executors.setRowPeople, {
      ...O(),
      headers: { language: 'en' },
      params: { id: tree.version },
      body: { wbs_id: rowId, curator_id: outsider.user.id },
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.body).toContain('curator must be a member');
    const extra = await call(app, api.executors.setRowPeople, {
      ...O(),
      params: { id: tree.version },
      body: { wbs_id: rowId, boss: 1 },
    });
    expect(extra.statusCode).toBe(400);
    const other = await call(app, api.executors.rowPeople, {
      token: outsider.token,
      space,
      params: { id: tree.version },
    });
    expect(other.statusCode).toBe(403);
  });
});
