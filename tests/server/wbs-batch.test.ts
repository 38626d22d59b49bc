// The workbench's batches end to end: commands made by the domain (as the client makes them),
// serialized by domain/history, stored in one transaction with the revision check, logged,
// restored from the undo log, and announced over the live socket.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api } from '../../src/api';
import type { LiveEvent, VersionContent } from '../../src/api';
import { deserializeEntry, serializeEntry, undoKindOf } from '../../src/domain/history';
import { change, wbsState } from '../../src/domain/wbs/change';
import type { WbsChange } from '../../src/domain/wbs/change';
import { addRelations } from '../../src/domain/wbs/relations';
import { createRows, deleteRows } from '../../src/domain/wbs/rows';
import { indent } from '../../src/domain/wbs/structure';
import { newRow } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, readVersionDoc, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const ids = { newId: () => randomUUID() };

describe('wbs batch', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  let version: string;
  let revision = 0;

  const as = {
    get token() {
      return token;
    },
    get space() {
      return space;
    },
  };
  const read = () => readVersionDoc(app, as, version);
  const send = (c: WbsChange<unknown>, labelKey: string, rev = revision, origin = 'do') =>
    call(app, api.wbsBatch.batch, {
      ...as,
      params: { id: version },
      body: {
        revision: rev,
        origin,
        entry: serializeEntry({
          kind: undoKindOf(c.patches),
          labelKey,
          patches: c.patches,
          inversePatches: c.inversePatches,
        }),
      },
    });
  const ok = async (c: WbsChange<unknown>, labelKey: string) => {
    const res = await send(c, labelKey);
    expect(res.statusCode, res.body).toBe(200);
    revision = (res.json() as { revision: number }).revision;
    return res.json() as { revision: number; action_id: string };
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'wbs');
    token = u.token;
    space = await makeSpace(app, token);
    version = (await makeTree(app, token, space)).version;
  });
  afterAll(() => h.close());

  it('creates, edits, indents, links and deletes rows, bumping the revision and logging each', async () => {
    let { doc } = await read();
    const created = createRows(
      doc,
      wbsState(doc).index,
      { at: { atEnd: true }, nodeType: 'task', count: 4 },
      ids,
    );
    await ok(created, 'cmd.create');
    expect(revision).toBe(1);
    const [a, b, c, d] = created.result;
    ({ doc } = await read());
    expect([...doc.rows.keys()].sort()).toEqual([...created.result].sort());

    await ok(
      change(doc, (x) => void (x.rows.get(a!)!.name = 'Excavation')),
      'cmd.edit',
    );
    await ok(
      change(doc, (x) => void (x.rows.get(b!)!.duration = 960)),
      'cmd.edit',
    );
    ({ doc } = await read());
    expect(doc.rows.get(a!)!.name).toBe('Excavation');
    expect(doc.rows.get(b!)!.duration).toBe(960);

    // Indent b under a: parent_id and order_key replaced, a becomes a sum.
    const ind = indent(doc, wbsState(doc).index, [b!]);
    expect(ind.patches.length).toBeGreaterThan(0);
    await ok(ind, 'cmd.indent');
    ({ doc } = await read());
    expect(doc.rows.get(b!)!.parentId).toBe(a);
    expect(doc.rows.get(a!)!.nodeType).toBe('sum');

    const rel = addRelations(doc, [{ predId: b!, succId: c!, type: 'fs', lag: 0 }], ids);
    await ok(rel, 'cmd.link');
    ({ doc } = await read());
    expect([...doc.relations.values()].map((r) => [r.predId, r.succId])).toEqual([[b, c]]);

    const del = deleteRows(doc, wbsState(doc).index, [d!]);
    await ok(del, 'cmd.delete');
    ({ doc } = await read());
    expect(doc.rows.has(d!)).toBe(false);

    const v = (await call(app, api.versions.get, { ...as, params: { id: version } })).json();
    expect(v).toMatchObject({ revision, timetable_state: 'not_calculated' });
    const log = await call(app, api.wbsBatch.undoActions, {
      ...as,
      params: { id: version },
      query: { limit: '3' },
    });
    expect(log.statusCode, log.body).toBe(200);
    const page = log.json() as {
      items: { label: string; revision: number; origin: string; kind: string }[];
      next_offset: number;
    };
    expect(page.items.map((i) => i.label)).toEqual(['cmd.delete', 'cmd.link', 'cmd.indent']);
    expect(page.items[1]).toMatchObject({ kind: 'undo_relation', origin: 'do', revision: revision - 1 });
    expect(page.next_offset).toBe(3);
  });

  it('stores single-attribute edits (set, overwrite, remove) and their undo', async () => {
    let { doc } = await read();
    const created = createRows(doc, wbsState(doc).index, { at: { atEnd: true }, nodeType: 'task' }, ids);
    await ok(created, 'cmd.create');
    const id = created.result[0]!;
    ({ doc } = await read());
    const set = change(doc, (x) => {
      const row = x.rows.get(id)!;
      row.attributes['zone'] = 'A';
      row.attributes['crew'] = 4;
    });
    expect(set.patches.some((p) => p.path.length === 4)).toBe(true);
    await ok(set, 'cmd.edit');
    ({ doc } = await read());
    expect(doc.rows.get(id)!.attributes).toMatchObject({ zone: 'A', crew: 4 });
    // Keys without an import's definition are the version's attributes too, labelled by key.
    const attrs = await call(app, api.versionResources.attributes, { ...as, params: { id: version } });
    expect(attrs.statusCode, attrs.body).toBe(200);
    expect(attrs.json().items).toEqual([
      { key: 'crew', label: 'crew' },
      { key: 'zone', label: 'zone' },
    ]);

    const edit = change(doc, (x) => {
      const row = x.rows.get(id)!;
      row.attributes['zone'] = 'B';
      delete row.attributes['crew'];
    });
    await ok(edit, 'cmd.edit');
    ({ doc } = await read());
    expect(doc.rows.get(id)!.attributes).toEqual({ zone: 'B' });

    // The inverse (what undo sends) brings both keys back as they were.
    await ok({ ...edit, patches: edit.inversePatches, inversePatches: edit.patches }, 'cmd.edit');
    ({ doc } = await read());
    expect(doc.rows.get(id)!.attributes).toEqual({ zone: 'A', crew: 4 });

    const bad = await send(
      change(doc, (x) => void (x.rows.get(id)!.attributes['zone'] = { nested: 1 } as unknown as string)),
      'cmd.edit',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_message[0]).toMatchObject({
      code: 'wbs.bad_patch',
      params: { reason: 'attributes' },
    });
  });

  it('refuses a stale batch that overlaps a change since, with both values, and writes nothing', async () => {
    const { doc } = await read();
    const id = [...doc.rows.keys()][0]!;
    const base = revision;
    await ok(
      change(doc, (x) => void (x.rows.get(id)!.name = 'Theirs')),
      'cmd.edit',
    );
    const res = await send(
      change(doc, (x) => void (x.rows.get(id)!.name = 'Mine')),
      'cmd.edit',
      base,
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      error_message: [{ code: 'wbs.edit_conflict', params: { count: 1 } }],
      revision,
      conflicts: [{ target: 'rows', id, field: 'name', mine: 'Mine', theirs: 'Theirs' }],
      changes: [{ revision, origin: 'do', entry: { labelKey: 'cmd.edit' } }],
    });
    expect((await read()).doc.rows.get(id)!.name).toBe('Theirs');
  });

  it('applies a stale batch on other rows and answers the changes it has not seen', async () => {
    const { doc } = await read();
    const [a, b] = [...doc.rows.keys()];
    const base = revision;
    await ok(
      change(doc, (x) => void (x.rows.get(a!)!.name = 'First planner')),
      'cmd.edit',
    );
    const seen = revision;
    const res = await send(
      change(doc, (x) => void (x.rows.get(b!)!.name = 'Second planner')),
      'cmd.edit',
      base,
    );
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json() as { revision: number; changes: { revision: number; entry: unknown }[] };
    expect(out.revision).toBe(seen + 1);
    expect(out.changes.map((c) => c.revision)).toEqual([seen]);
    expect(deserializeEntry(out.changes[0]!.entry).patches).toEqual([
      { op: 'replace', path: ['rows', a, 'name'], value: 'First planner' },
    ]);
    revision = out.revision;
    const after = (await read()).doc;
    expect([after.rows.get(a!)!.name, after.rows.get(b!)!.name]).toEqual(['First planner', 'Second planner']);
  });

  it('refuses a revision the version has not reached with 409', async () => {
    const { doc } = await read();
    const id = [...doc.rows.keys()][0]!;
    const res = await send(
      change(doc, (x) => void (x.rows.get(id)!.name = 'Future')),
      'cmd.edit',
      revision + 5,
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      error_message: [{ code: 'version.stale_revision', params: { revision } }],
    });
  });

  it('refuses a relation that closes a cycle with 400 and the path', async () => {
    const { doc } = await read();
    const [r] = [...doc.relations.values()];
    const back = change(
      doc,
      (x) =>
        void x.relations.set('3e0f5a9c-0000-4000-8000-000000000001', {
          id: '3e0f5a9c-0000-4000-8000-000000000001',
          predId: r!.succId,
          succId: r!.predId,
          type: 'fs',
          lag: 0,
        }),
    );
    const res = await send(back, 'cmd.link');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error_message: [{ code: 'wbs.relation_cycle' }] });
    expect((await read()).doc.relations.size).toBe(1);
  });

  it('refuses bad patch paths and values with 400 and the list', async () => {
    const { doc } = await read();
    const id = [...doc.rows.keys()][0]!;
    const body = (patches: unknown[]) => ({
      revision,
      origin: 'do',
      entry: { v: 1, kind: 'undo_wbs', labelKey: 'x', patches, inversePatches: [] },
    });
    const cases = [
      [{ op: 'replace', path: ['rows', id, 'es'], value: 5 }],
      [{ op: 'replace', path: ['calendars', id], value: {} }],
      [{ op: 'add', path: ['rows', id, 'name'], value: 'x' }],
      [{ op: 'replace', path: ['rows', 'not-an-id', 'name'], value: 'x' }],
      [{ op: 'replace', path: ['rows', id, 'duration'], value: -5 }],
      [{ op: 'add', path: ['rows', id], value: { id, name: 'half a row' } }],
      [{ op: 'replace', path: ['rows', id, 'color'], value: '#ff0000' }],
    ];
    for (const patches of cases) {
      const res = await call(app, api.wbsBatch.batch, {
        ...as,
        params: { id: version },
        body: body(patches),
      });
      expect(res.statusCode, JSON.stringify(patches) + res.body).toBe(400);
      expect(res.json().error_message[0]).toHaveProperty('code');
    }
    // A parent that does not exist fails the deferred key at commit: 400, not 500.
    const orphan = createRows(doc, wbsState(doc).index, { at: { atEnd: true }, nodeType: 'task' }, ids);
    const lost = change(orphan.doc, (x) => void (x.rows.get(orphan.result[0]!)!.parentId = randomUUID()));
    const res = await send({ ...orphan, patches: [...orphan.patches, ...lost.patches] }, 'cmd.create');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error_message: [{ code: 'wbs.missing_reference' }] });
    const v = (await call(app, api.versions.get, { ...as, params: { id: version } })).json();
    expect(v.revision).toBe(revision);
  });

  it('restores an undo action and the later ones: the previous state comes back', async () => {
    const before = await read();
    const first = await ok(
      change(before.doc, (x) => void (x.rows.get([...before.doc.rows.keys()][0]!)!.name = 'Changed')),
      'cmd.edit',
    );
    const mid = await read();
    // The sum with its child and the child's link: removing the sum alone would orphan them.
    const sum = [...mid.doc.rows.values()].find((r) => r.nodeType === 'sum')!;
    const alone = await send(
      change(mid.doc, (x) => void x.rows.delete(sum.id)),
      'cmd.delete',
    );
    expect(alone.statusCode, alone.body).toBe(400);
    expect(alone.json()).toMatchObject({ error_message: [{ code: 'wbs.remove_leaves_orphans' }] });
    await ok(deleteRows(mid.doc, wbsState(mid.doc).index, [sum.id]), 'cmd.delete');
    expect((await read()).doc.relations.size).toBe(0);
    const res = await call(app, api.wbsBatch.restore, {
      ...as,
      params: { id: version, actionId: first.action_id },
    });
    expect(res.statusCode, res.body).toBe(200);
    revision = res.json().revision;
    const after = await read();
    const shape = (c: VersionContent) => ({
      items: c.items.map((i) => [i.id, i.name, i.parent_id, i.order_key, i.node_type, i.duration]).sort(),
      relations: c.relations.map((r) => [r.id, r.pred_id, r.succ_id]).sort(),
    });
    expect(shape(after.content)).toEqual(shape(before.content));
    const log = (await call(app, api.wbsBatch.undoActions, { ...as, params: { id: version } })).json();
    expect(log.items.slice(0, 2).map((i: { origin: string }) => i.origin)).toEqual(['restore', 'restore']);
  });

  it('refuses a restore that no longer applies with 409 and changes nothing', async () => {
    const { doc } = await read();
    const row = [...doc.rows.values()][0]!;
    const edit = await ok(
      change(doc, (x) => void (x.rows.get(row.id)!.name = 'Renamed')),
      'cmd.edit',
    );
    // A write outside the log (as a broken import could make) removes the row under the log.
    await h.database.db.deleteFrom('wbs_relations').where('version_id', '=', version).execute();
    await h.database.db
      .deleteFrom('wbs_items')
      .where('version_id', '=', version)
      .where('id', '=', row.id)
      .execute();
    const before = await read();
    const res = await call(app, api.wbsBatch.restore, {
      ...as,
      params: { id: version, actionId: edit.action_id },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error_message: [{ code: 'wbs.conflict' }] });
    expect((await read()).content).toEqual(before.content);
  });

  it('refuses writes to a locked version', async () => {
    await call(app, api.versions.setLocked, { ...as, params: { id: version }, body: { locked: true } });
    const { doc } = await read();
    const res = await send(
      change(doc, (x) => void (x.rows.get([...doc.rows.keys()][0]!)!.name = 'Locked')),
      'cmd.edit',
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error_message: [{ code: 'version_locked' }] });
    await call(app, api.versions.setLocked, { ...as, params: { id: version }, body: { locked: false } });
  });

  it('announces version_updated with the revision on the live socket', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(
      `${address.replace(/^http/, 'ws')}/api/v1/events?token=${encodeURIComponent(token)}`,
    );
    const events: LiveEvent[] = [];
    ws.on('message', (data) => events.push(JSON.parse(String(data)) as LiveEvent));
    await new Promise((r) => ws.on('open', r));
    const { doc } = await read();
    await ok(
      change(doc, (x) => void (x.rows.get([...doc.rows.keys()][0]!)!.name = 'Live')),
      'cmd.edit',
    );
    const end = Date.now() + 3000;
    while (!events.some((e) => e.event === 'version_updated') && Date.now() < end)
      await new Promise((r) => setTimeout(r, 20));
    const small = events.find((e) => e.event === 'version_updated')!;
    expect(small).toMatchObject({ space_id: space, ids: [version], payload: { revision } });
    // A small change travels with its event (open pages apply it as it is)…
    const renamed = deserializeEntry(small.payload.entry).patches;
    expect(renamed).toEqual([
      expect.objectContaining({ path: expect.arrayContaining(['name']), value: 'Live' }),
    ]);
    // …a big one does not (PostgreSQL's NOTIFY takes under 8,000 bytes): pages read the version.
    events.length = 0;
    const next = (await read()).doc;
    await ok(
      change(next, (x) => {
        // Forty new rows: their patches are far over the size that travels.
        for (let i = 0; i < 40; i++) {
          const id = randomUUID();
          x.rows.set(id, newRow(id, 'task', null, `z${String(i).padStart(3, '0')}`, { name: `New ${i}` }));
        }
      }),
      'cmd.edit',
    );
    const end2 = Date.now() + 3000;
    while (!events.some((e) => e.event === 'version_updated') && Date.now() < end2)
      await new Promise((r) => setTimeout(r, 20));
    const big = events.find((e) => e.event === 'version_updated')!;
    expect(big.payload.revision).toBe(revision);
    expect(big.payload.entry).toBeUndefined();
    ws.close();
  });

  it('keeps a layout per user', async () => {
    const layout = {
      columns: [
        { id: 'name', width: 300, visible: true },
        // An attribute's key is the import's: a CSV header may hold spaces.
        { id: 'attr:Zone A', width: 80, visible: false },
      ],
      frozen: 1,
    };
    const put = await call(app, api.wbsBatch.saveLayout, { ...as, params: { id: version }, body: layout });
    expect(put.statusCode, put.body).toBe(200);
    const got = await call(app, api.wbsBatch.layout, { ...as, params: { id: version } });
    expect(got.json()).toEqual({ layout });
    const bad = await call(app, api.wbsBatch.saveLayout, {
      ...as,
      params: { id: version },
      body: { columns: [{ id: 'a\u0007b', width: 80, visible: true }], frozen: 1 },
    });
    expect(bad.statusCode).toBe(400);
    const narrow = await call(app, api.wbsBatch.saveLayout, {
      ...as,
      params: { id: version },
      body: { columns: [{ id: 'name', width: 1, visible: true }], frozen: 1 },
    });
    expect(narrow.statusCode).toBe(400);
  });
  it("takes a command bigger than the server's default body limit (a 10k-row paste is ~16 MB)", async () => {
    const fresh = (await makeTree(app, token, space)).version;
    const { doc } = await readVersionDoc(app, as, fresh);
    const created = createRows(
      doc,
      wbsState(doc).index,
      { at: { atEnd: true }, nodeType: 'task', count: 11_000 },
      ids,
    );
    const named = change(created.doc, (x) => {
      for (const id of created.result) x.rows.get(id)!.name = `${id} `.repeat(27);
    });
    const entry = serializeEntry({
      kind: 'undo_wbs',
      labelKey: 'cmd.paste',
      patches: [...created.patches, ...named.patches],
      inversePatches: [...named.inversePatches, ...created.inversePatches],
    });
    expect(JSON.stringify(entry).length).toBeGreaterThan(10 * 1024 * 1024);
    const v = (await call(app, api.versions.get, { ...as, params: { id: fresh } })).json() as {
      revision: number;
    };
    const res = await call(app, api.wbsBatch.batch, {
      ...as,
      params: { id: fresh },
      body: { revision: v.revision, origin: 'do', entry },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect((await readVersionDoc(app, as, fresh)).doc.rows.size).toBe(doc.rows.size + 11_000);
  }, 60_000);
});
