// A resource-dependent row's duration following its assignment edits (issue 17): save, update and
// delete bring the row's duration / remaining in the same transaction and the same logged step,
// so the undo and redo sent back through the batch path restore both; rows that are not resource
// dependent keep their duration (P6's Fixed Duration types).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Resource, ResourceAssignment } from '../../src/api';
import { deserializeEntry, serializeEntry } from '../../src/domain/history';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, sendChange, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

interface Step {
  revision: number;
  entry: Record<string, unknown>;
}

describe('resource-dependent durations follow assignment edits', () => {
  let h: Harness;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let tree: Tree;
  let mason: Resource;
  let day = 480;
  const rdep = randomUUID();
  const fixed = randomUUID();
  const started = randomUUID();

  const rowOf = async (id: string) => {
    const r = (
      await sql<{ duration: number; remaining: number }>`SELECT duration, remaining FROM wbs_items
        WHERE space_id = ${as.space} AND version_id = ${tree.version} AND id = ${id}`.execute(h.database.db)
    ).rows[0]!;
    return { duration: Number(r.duration), remaining: Number(r.remaining) };
  };
  const assignmentsOf = async (id: string) =>
    (
      (
        await call(app, api.resources.assignments, { ...as, query: { version_id: tree.version, wbs_id: id } })
      ).json() as { items: ResourceAssignment[] }
    ).items;

  const replay = async (step: Step, origin: 'undo' | 'redo', revision: number) => {
    const e = deserializeEntry(step.entry);
    const entry = origin === 'undo' ? { ...e, patches: e.inversePatches, inversePatches: e.patches } : e;
    const res = await call(app, api.wbsBatch.batch, {
      ...as,
      params: { id: tree.version },
      body: { revision, origin, entry: serializeEntry(entry) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { revision: number }).revision;
  };
  const save = async (wbs: string, units: number, perDay: number) => {
    const res = await call(app, api.resources.save, {
      ...as,
      params: { id: tree.version },
      body: { wbs_id: wbs, items: [{ resource_id: mason.id, units, units_per_day: perDay }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: ResourceAssignment[]; undo_step: Step };
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'asgdur');
    const space = await makeSpace(app, u.token);
    as = { token: u.token, space };
    tree = await makeTree(app, u.token, space);
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const c = change(empty, (d) => {
      d.rows.set(rdep, newRow(rdep, 'task', null, 'a0', { name: 'Walls', duration: 2400 }));
      d.rows.set(fixed, newRow(fixed, 'task', null, 'a1', { name: 'Roof', duration: 2400 }));
      d.rows.set(started, newRow(started, 'task', null, 'a2', { name: 'Floor', duration: 2400 }));
    });
    expect((await sendChange(app, as, tree.version, 0, c, 'edit')).statusCode).toBe(200);
    const db = h.database.db;
    const where = sql`space_id = ${space} AND version_id = ${tree.version}`;
    // Walls and Floor are P6 Resource Dependent (as an import stores it); Floor half done.
    await sql`UPDATE wbs_items SET actual_start = 0, percent = 50, remaining = 1200
      WHERE ${where} AND id = ${started}`.execute(db);
    const extras = JSON.stringify({ [rdep]: { kind: 'resource' }, [started]: { kind: 'resource' } });
    await sql`INSERT INTO version_models (space_id, version_id, source, project_name, options, item_extras,
        relation_extras, calendar_ids, attribute_defs)
      VALUES (${space}, ${tree.version}, 'product', '', 'null'::jsonb, ${extras}::jsonb, '{}', '{}', '{}')
      ON CONFLICT (space_id, version_id) DO UPDATE SET item_extras = version_models.item_extras || ${extras}::jsonb`.execute(
      db,
    );
    const cal = await sql<{ hours_per_day: number }>`SELECT hours_per_day FROM calendars
      WHERE space_id = ${space} AND is_default`.execute(db);
    day = Number(cal.rows[0]?.hours_per_day ?? 8) * 60;
    mason = (
      await call(app, api.resources.create, { ...as, body: { name: 'Bricklayer', default_limit: 2 } })
    ).json() as Resource;
  });
  afterAll(() => h.close());

  it('save, update and delete move the duration in the same step; undo and redo move it back', async () => {
    // 40 units at 4 a day: 10 days.
    const saved = await save(rdep, 40, 4);
    expect(await rowOf(rdep)).toEqual({ duration: 10 * day, remaining: 10 * day });
    const e = deserializeEntry(saved.undo_step.entry);
    expect(e.patches).toContainEqual({ op: 'replace', path: ['rows', rdep, 'duration'], value: 10 * day });
    let revision = await replay(saved.undo_step, 'undo', saved.undo_step.revision);
    expect(await rowOf(rdep)).toEqual({ duration: 2400, remaining: 2400 });
    expect(await assignmentsOf(rdep)).toEqual([]);
    revision = await replay(saved.undo_step, 'redo', revision);
    expect(await rowOf(rdep)).toEqual({ duration: 10 * day, remaining: 10 * day });
    const [a] = await assignmentsOf(rdep);

    // Doubling the rate halves it.
    const upd = await call(app, api.resources.updateOne, {
      ...as,
      params: { id: tree.schedule, aid: a!.id },
      body: { version_id: tree.version, units_per_day: 8 },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const changed = upd.json() as ResourceAssignment & { undo_step: Step };
    expect(changed.undo_step.revision).toBe(revision + 1);
    expect(await rowOf(rdep)).toEqual({ duration: 5 * day, remaining: 5 * day });
    revision = await replay(changed.undo_step, 'undo', changed.undo_step.revision);
    expect(await rowOf(rdep)).toEqual({ duration: 10 * day, remaining: 10 * day });
    expect((await assignmentsOf(rdep))[0]!.units_per_day).toBe(4);
    await replay(changed.undo_step, 'redo', revision);
    expect(await rowOf(rdep)).toEqual({ duration: 5 * day, remaining: 5 * day });

    // A second, slower assignment drives it; deleting it gives the first one back.
    const slow = await save(rdep, 30, 1);
    expect(await rowOf(rdep)).toEqual({ duration: 30 * day, remaining: 30 * day });
    const del = await call(app, api.resources.removeOne, {
      ...as,
      params: { id: tree.schedule, aid: slow.items[0]!.id },
      query: { version_id: tree.version },
    });
    expect(del.statusCode, del.body).toBe(200);
    const gone = del.json() as { undo_step: Step };
    expect(await rowOf(rdep)).toEqual({ duration: 5 * day, remaining: 5 * day });
    revision = await replay(gone.undo_step, 'undo', gone.undo_step.revision);
    expect(await rowOf(rdep)).toEqual({ duration: 30 * day, remaining: 30 * day });
    expect(await assignmentsOf(rdep)).toHaveLength(2);
    await replay(gone.undo_step, 'redo', revision);
    expect(await rowOf(rdep)).toEqual({ duration: 5 * day, remaining: 5 * day });
  });

  it('leaves a row that is not resource dependent its duration (its units change)', async () => {
    const saved = await save(fixed, 40, 4);
    expect(await rowOf(fixed)).toEqual({ duration: 2400, remaining: 2400 });
    const e = deserializeEntry(saved.undo_step.entry);
    expect(e.patches.every((p) => p.path[0] === 'assignments')).toBe(true);
  });

  it('gives a started row a remaining duration and keeps its duration', async () => {
    const saved = await save(started, 40, 2);
    expect(await rowOf(started)).toEqual({ duration: 2400, remaining: 10 * day });
    await replay(saved.undo_step, 'undo', saved.undo_step.revision);
    expect(await rowOf(started)).toEqual({ duration: 2400, remaining: 1200 });
  });

  it('marks a row resource dependent with a sched patch (the node panel), undoable', async () => {
    const marked = randomUUID();
    const revisionOf = async () =>
      (
        (await call(app, api.versions.get, { ...as, params: { id: tree.version } })).json() as {
          revision: number;
        }
      ).revision;
    const row = newRow(marked, 'work', null, 'a3', { name: 'Plaster', duration: 2400 });
    const doc: WbsDoc = { rows: new Map([[marked, row]]), relations: new Map() };
    const add = change({ rows: new Map(), relations: new Map() }, (d) => void d.rows.set(marked, row));
    expect((await sendChange(app, as, tree.version, await revisionOf(), add)).statusCode).toBe(200);
    const mark = change(doc, (d) => {
      d.rows.get(marked)!.sched = { kind: 'resource' };
    });
    expect(mark.patches).toEqual([
      { op: 'add', path: ['rows', marked, 'sched'], value: { kind: 'resource' } },
    ]);
    const res = await sendChange(app, as, tree.version, await revisionOf(), mark);
    expect(res.statusCode, res.body).toBe(200);
    await save(marked, 12, 3);
    expect(await rowOf(marked)).toEqual({ duration: 4 * day, remaining: 4 * day });
    // Unmarked (the inverse: remove), the next edit leaves its duration.
    const unmark = { patches: mark.inversePatches, inversePatches: mark.patches };
    expect((await sendChange(app, as, tree.version, await revisionOf(), unmark)).statusCode).toBe(200);
    await save(marked, 24, 3);
    expect(await rowOf(marked)).toEqual({ duration: 4 * day, remaining: 4 * day });
    // A bad sched is refused naming it.
    const bad = await sendChange(app, as, tree.version, await revisionOf(), {
      patches: [{ op: 'replace', path: ['rows', marked, 'sched'], value: { kind: 'nonsense' } }],
      inversePatches: [{ op: 'remove', path: ['rows', marked, 'sched'] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('sched');
  });
});
