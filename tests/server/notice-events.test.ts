// Notice types produced by their events (issue 26): a comment on a row → assignment_comment, a
// calculation moving a row's finish later → assignment_date_delay (once per new finish), an
// assignment saved again → assignment_changed, an
// imported version whose resources stand for members → assignment_created; each to the member
// assigned, linked to the row, never to the user who caused it.
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Notice, Resource } from '../../src/api';
import { serializeEntry } from '../../src/domain/history';
import { writeJson } from '../../src/domain/io/json/write';
import { generateNetwork } from '../fixtures/network-generator';
import { change, newRow } from '../../src/domain/wbs';
import type { WbsDoc } from '../../src/domain/wbs';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';

describe('notices produced by their events', () => {
  let h: Harness;
  type U = Awaited<ReturnType<typeof signUp>>;
  let alice: U, bob: U;
  let space: string;
  let tree: Tree;
  const row = randomUUID();
  const A = () => ({ token: alice.token, space });
  const B = () => ({ token: bob.token, space });
  const bobNotices = async (type: string) =>
    ((await call(h.app, api.notices.list, B())).json() as { notices: Notice[] }).notices.filter(
      (n) => n.type === type,
    );
  const poll = async <T>(read: () => Promise<T[]>, n: number): Promise<T[]> => {
    for (let i = 0; i < 200; i++) {
      const got = await read();
      if (got.length >= n) return got;
      await new Promise((r) => setTimeout(r, 25));
    }
    return read();
  };

  beforeAll(async () => {
    h = await startHarness({ dataDir: await mkdtemp(path.join(os.tmpdir(), 'notice-events-')) });
    alice = await signUp(h.app, 'alice');
    bob = await signUp(h.app, 'bob');
    space = await makeSpace(h.app, alice.token);
    await call(h.app, api.space.invite, {
      token: alice.token,
      params: { space_id: space },
      body: { login: bob.login },
    });
    tree = await makeTree(h.app, alice.token, space);
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const c = change(empty, (d) => {
      d.rows.set(row, newRow(row, 'task', null, 'a0', { name: 'Pour slab', duration: 5 * 480 }));
    });
    const batch = await call(h.app, api.wbsBatch.batch, {
      ...A(),
      params: { id: tree.version },
      body: {
        revision: 0,
        origin: 'do',
        entry: serializeEntry({ kind: 'undo_wbs', labelKey: 'edit', ...c }),
      },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const res = (
      await call(h.app, api.resources.create, { ...A(), body: { name: 'Bob crew', user_id: bob.user.id } })
    ).json() as Resource;
    const save = await call(h.app, api.resources.save, {
      ...A(),
      params: { id: tree.version },
      body: { wbs_id: row, items: [{ resource_id: res.id, units: 40 }] },
    });
    expect(save.statusCode, save.body).toBe(200);
    resourceId = res.id;
    assignmentId = (save.json() as { items: { id: string }[] }).items[0]!.id;
  });
  afterAll(() => h.close());
  let resourceId = '';
  let assignmentId = '';

  it('a comment on a row notifies the member assigned to it (assignment_comment)', async () => {
    const add = await call(h.app, api.gallery.addComment, {
      ...A(),
      params: { id: tree.schedule },
      body: { text: 'Formwork checked', wbs_item_id: row },
    });
    expect(add.statusCode, add.body).toBe(201);
    const got = await bobNotices('assignment_comment');
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      params: { task: 'Pour slab' },
      link: { version_id: tree.version, wbs_id: row, eps_id: tree.schedule },
    });
    // A comment on the node (no row) concerns no assignment; the author hears nothing of her own.
    await call(h.app, api.gallery.addComment, {
      ...A(),
      params: { id: tree.schedule },
      body: { text: 'General' },
    });
    expect(await bobNotices('assignment_comment')).toHaveLength(1);
    const mine = (await call(h.app, api.notices.list, A())).json() as { notices: Notice[] };
    expect(mine.notices.filter((n) => n.type === 'assignment_comment')).toHaveLength(0);
  });

  it('a calculation that moves the finish later notifies a delay once (assignment_date_delay)', async () => {
    const first = await call(h.app, api.wbsBatch.calculateSynchronous, {
      ...A(),
      params: { id: tree.version },
    });
    expect(first.statusCode, first.body).toBe(200);
    const ef = Number(
      (
        await h.database.db
          .selectFrom('wbs_items')
          .select('ef')
          .where('space_id', '=', space)
          .where('id', '=', row)
          .executeTakeFirstOrThrow()
      ).ef,
    );
    // The stored finish was two days earlier than the calculation finds it: a delay.
    await h.database.db
      .updateTable('wbs_items')
      .set({ ef: ef - 2 * 1440 })
      .where('space_id', '=', space)
      .where('id', '=', row)
      .execute();
    const again = await call(h.app, api.wbsBatch.calculateSynchronous, {
      ...A(),
      params: { id: tree.version },
    });
    expect(again.statusCode, again.body).toBe(200);
    const got = await poll(() => bobNotices('assignment_date_delay'), 1);
    expect(got).toHaveLength(1);
    expect(got[0]!.params.task).toBe('Pour slab');
    expect(String(got[0]!.params.date)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(got[0]!.link).toMatchObject({ version_id: tree.version, wbs_id: row });
    // The same result again (no later finish) says nothing new.
    await call(h.app, api.wbsBatch.calculateSynchronous, { ...A(), params: { id: tree.version } });
    await h.database.db
      .updateTable('wbs_items')
      .set({ ef: ef - 2 * 1440 })
      .where('space_id', '=', space)
      .where('id', '=', row)
      .execute();
    await call(h.app, api.wbsBatch.calculateSynchronous, { ...A(), params: { id: tree.version } });
    // The dedup key (row and new finish) keeps it single.
    expect(await bobNotices('assignment_date_delay')).toHaveLength(1);
  });

  it("an import whose resource is the member's notifies each assignment (assignment_created)", async () => {
    const before = (await bobNotices('assignment_created')).length;
    const model = generateNetwork({ activities: 6, seed: 3 });
    model.resources = [
      { id: 'R1', name: 'Bob crew', calendarId: null },
      { id: 'R2', name: 'Crane', calendarId: null },
    ];
    model.assignments = model.activities.map((a, i) => ({
      id: `AS${i}`,
      activityId: a.id,
      resourceId: i < 4 ? 'R1' : 'R2',
      units: 8,
    }));
    const res = await upload(
      h.app,
      { token: alice.token, space },
      `/schedules/${tree.schedule}/versions/upload/synchronous`,
      { name: 'crew.json', data: writeJson(model) },
    );
    expect(res.statusCode, res.body).toBeLessThan(300);
    const got = await bobNotices('assignment_created');
    expect(got.length - before).toBe(4);
    const imported = got.filter((n) => n.link.version_id !== tree.version);
    expect(imported).toHaveLength(4);
    expect(imported[0]!.link).toMatchObject({ eps_id: tree.schedule });
    expect(imported[0]!.params.resource).toBe('Bob crew');
  });

  it('saving an existing assignment again notifies its member of the change (assignment_changed)', async () => {
    expect((await bobNotices('assignment_created')).map((n) => n.link.assignment_id)).toContain(assignmentId);
    const save = await call(h.app, api.resources.save, {
      ...A(),
      params: { id: tree.version },
      body: { wbs_id: row, items: [{ id: assignmentId, resource_id: resourceId, units: 60 }] },
    });
    expect(save.statusCode, save.body).toBe(200);
    const changed = await poll(() => bobNotices('assignment_changed'), 1);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({
      link: { version_id: tree.version, wbs_id: row, assignment_id: assignmentId },
      params: { task: 'Pour slab' },
    });
  });
});
