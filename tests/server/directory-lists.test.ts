// Directory lists (create, get, add/remove a value, values, delete) and the version directory
// calls built on them: copy-wbs (the WBS from a list: its values and the values above them, as
// linked summaries and tasks, one undoable change) and sync-with-list (add what is missing,
// rename what differs, report rows whose value left the list; dry run; undoable).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type {
  Directory,
  DirectoryGraph,
  DirectoryList,
  InvalidValues,
  ListSync,
  VersionContent,
} from '../../src/api';
import type { UndoAction } from '../../src/api/wbs-batch';
import { makeSpace, makeTree, signUp, type Tree } from './support/fixtures';
import { call, startHarness, type Harness } from './support/harness';
import { upload } from './transfer-helpers';

const CSV = 'code;name;parent\nL1;Level 1;\nL1.W;Walls;L1\nL1.S;Slab;L1\nL2;Level 2;\nL2.W;Walls 2;L2\n';

describe('directory lists, copy-wbs and sync-with-list', () => {
  let h: Harness;
  let auth: { token: string; space: string };
  let tree: Tree;
  let dir: Directory;
  let version: string;
  let list: DirectoryList;
  const ref = () => ({ epsId: auth.space, id: dir.id });
  const valueId = (code: string) => dir.values.find((v) => v.code === code)!.id;
  const content = async () =>
    (await call(h.app, api.versions.content, { ...auth, params: { id: version } })).json() as VersionContent;
  const sync = (dryRun: boolean) =>
    call(h.app, api.directories.syncWithList, {
      ...auth,
      params: { id: version, directoryId: dir.id, listId: list.id },
      query: { dry_run: dryRun ? 'true' : 'false' },
    });

  beforeAll(async () => {
    h = await startHarness();
    const owner = await signUp(h.app, 'dirlists');
    const space = await makeSpace(h.app, owner.token, 'Lists');
    auth = { token: owner.token, space };
    tree = await makeTree(h.app, owner.token, space);
    const v = await upload(h.app, auth, `/schedules/${tree.schedule}/versions/upload/synchronous`, {
      name: 'site.csv',
      data: 'Code,Name,Duration (d)\nA10,Dig,2\n',
    });
    expect(v.statusCode, v.body).toBe(201);
    version = v.json().id;
    const d = await upload(h.app, auth, `/eps/${auth.space}/directory/upload`, {
      name: 'Locations.csv',
      data: CSV,
    });
    expect(d.statusCode, d.body).toBe(201);
    dir = d.json() as Directory;
  });
  afterAll(() => h.close());

  it('creates a list, adds and removes values, reads it and its values in the directory order', async () => {
    const created = await call(h.app, api.directories.listCreate, {
      ...auth,
      params: ref(),
      body: { name: 'Stage 1', value_ids: [valueId('L1.S'), valueId('L1.W')] },
    });
    expect(created.statusCode, created.body).toBe(201);
    list = created.json() as DirectoryList;
    expect(list.value_ids).toEqual([valueId('L1.W'), valueId('L1.S')]);
    const added = await call(h.app, api.directories.listValueAdd, {
      ...auth,
      params: { ...ref(), listId: list.id, valueId: valueId('L2.W') },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as DirectoryList).value_ids).toHaveLength(3);
    const removed = await call(h.app, api.directories.listValueRemove, {
      ...auth,
      params: { ...ref(), listId: list.id, valueId: valueId('L2.W') },
    });
    expect((removed.json() as DirectoryList).value_ids).toHaveLength(2);
    const values = await call(h.app, api.directories.listValues, {
      ...auth,
      params: { ...ref(), listId: list.id },
    });
    expect((values.json() as { code: string }[]).map((x) => x.code)).toEqual(['L1.W', 'L1.S']);
    const all = await call(h.app, api.directories.lists, { ...auth, params: ref() });
    expect(all.json()).toEqual([list]);
    const got = await call(h.app, api.directories.listGet, {
      ...auth,
      params: { ...ref(), listId: list.id },
    });
    expect(got.json()).toEqual(list);
  });

  it('answers 400 naming the field, 409 on a taken name', async () => {
    const other = '00000000-0000-4000-8000-00000000beef';
    const bad = await call(h.app, api.directories.listCreate, {
      ...auth,
      params: ref(),
      body: { name: 'Bad', value_ids: [valueId('L1'), other] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_message[0]).toMatchObject({
      code: 'directory.list_wrong_value',
      params: { field: 'body.value_ids.1' },
    });
    expect(bad.body).toContain('body.value_ids.1');
    const ru = await call(h.app, api.directories.listCreate, {
      ...auth,
      params: ref(),
      body: { name: 'Bad', value_ids: [other] },
      headers: { 'accept-language': 'ru' },
    });
    expect(ru.statusCode).toBe(400);
    expect(ru.json().error_message[0].error_message).toBe(
      `Значение ${other} не относится к этому справочнику: body.value_ids.0`,
    );
    const empty = await call(h.app, api.directories.listCreate, {
      ...auth,
      params: ref(),
      body: { name: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('body.name');
    const taken = await call(h.app, api.directories.listCreate, {
      ...auth,
      params: ref(),
      body: { name: 'Stage 1' },
    });
    expect(taken.statusCode).toBe(409);
    const notValue = await call(h.app, api.directories.listValueAdd, {
      ...auth,
      params: { ...ref(), listId: list.id, valueId: other },
    });
    expect(notValue.statusCode).toBe(400);
    expect(notValue.body).toContain('params.valueId');
    const unknownList = await call(h.app, api.directories.copyWbs, {
      ...auth,
      params: { id: version, directoryId: dir.id },
      body: { list_id: other },
    });
    expect(unknownList.statusCode).toBe(400);
    expect(unknownList.body).toContain('body.list_id');
  });

  it('copy-wbs builds the WBS from the list: its values and their parents, linked, one undoable change', async () => {
    const res = await call(h.app, api.directories.copyWbs, {
      ...auth,
      params: { id: version, directoryId: dir.id },
      body: { list_id: list.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ added: 3, linked: 0 });
    const items = (await content()).items;
    const by = (code: string) => items.find((i) => i.code === code);
    expect(by('L1')).toMatchObject({ node_type: 'sum', name: 'Level 1' });
    expect(by('L1.W')!.parent_id).toBe(by('L1')!.id);
    expect(by('L2')).toBeUndefined();
    const log = (
      await call(h.app, api.wbsBatch.undoActions, { ...auth, params: { id: version }, query: {} })
    ).json() as { items: UndoAction[] };
    expect(log.items[0]!.label).toBe('cmd.directory_copy_wbs');
  });

  it('sync-with-list adds, renames and reports, counts first, and is undone in one step', async () => {
    // The list changes: Slab leaves, Level 2 / Walls 2 comes in; Walls is renamed in the directory.
    await call(h.app, api.directories.listValueRemove, {
      ...auth,
      params: { ...ref(), listId: list.id, valueId: valueId('L1.S') },
    });
    await call(h.app, api.directories.listValueAdd, {
      ...auth,
      params: { ...ref(), listId: list.id, valueId: valueId('L2.W') },
    });
    const walls = dir.values.find((v) => v.code === 'L1.W')!;
    const renamed = await call(h.app, api.directories.valueUpdate, {
      ...auth,
      params: { ...ref(), valueId: walls.id },
      body: { parent_id: walls.parent_id, code: 'L1.W', name: 'Walls, level 1' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const before = (await content()).items.length;
    const dry = await sync(true);
    expect(dry.statusCode, dry.body).toBe(200);
    const counts = dry.json() as ListSync;
    expect(counts).toMatchObject({
      added: 2,
      renamed: 1,
      left: [{ code: 'L1.S', name: 'Slab', value_code: 'L1.S' }],
    });
    expect((await content()).items.length).toBe(before);
    const done = await sync(false);
    expect(done.json()).toMatchObject({ added: 2, renamed: 1 });
    let items = (await content()).items;
    expect(items.find((i) => i.code === 'L1.W')!.name).toBe('Walls, level 1');
    expect(items.find((i) => i.code === 'L2.W')!.parent_id).toBe(items.find((i) => i.code === 'L2')!.id);
    expect(items.some((i) => i.code === 'L1.S')).toBe(true);
    // Again: nothing to do.
    expect((await sync(true)).json()).toMatchObject({ added: 0, renamed: 0 });
    const log = (
      await call(h.app, api.wbsBatch.undoActions, { ...auth, params: { id: version }, query: {} })
    ).json() as { items: UndoAction[] };
    expect(log.items[0]!.label).toBe('cmd.directory_sync_list');
    const restore = await call(h.app, api.wbsBatch.restore, {
      ...auth,
      params: { id: version, actionId: log.items[0]!.id },
    });
    expect(restore.statusCode, restore.body).toBe(200);
    items = (await content()).items;
    expect(items.find((i) => i.code === 'L1.W')!.name).toBe('Walls');
    expect(items.some((i) => i.code === 'L2.W')).toBe(false);
  });

  it('a locked version refuses; deleting a list leaves the rows', async () => {
    await call(h.app, api.versions.setLocked, { ...auth, params: { id: version }, body: { locked: true } });
    expect((await sync(false)).statusCode).toBe(409);
    await call(h.app, api.versions.setLocked, { ...auth, params: { id: version }, body: { locked: false } });
    const del = await call(h.app, api.directories.listDelete, {
      ...auth,
      params: { ...ref(), listId: list.id },
    });
    expect(del.statusCode).toBe(200);
    expect((await call(h.app, api.directories.lists, { ...auth, params: ref() })).json()).toEqual([]);
    expect((await content()).items.some((i) => i.code === 'L1.W')).toBe(true);
  });
  it('graph: relations, linked attributes and the work-type directory as nodes and edges', async () => {
    const other = await call(h.app, api.directories.create, {
      ...auth,
      params: { epsId: auth.space },
      body: { name: 'Resources' },
    });
    expect(other.statusCode, other.body).toBe(201);
    const otherId = (other.json() as Directory).id;
    const rel = await call(h.app, api.directoryRelations.create, {
      ...auth,
      body: { source_directory_id: dir.id, target_directory_id: otherId },
    });
    expect(rel.statusCode, rel.body).toBe(201);
    const attr = await call(h.app, api.directories.attributeCreate, {
      ...auth,
      params: ref(),
      body: { name: 'Area', type: 'number' },
    });
    const key = (attr.json() as Directory).attributes[0]!.key;
    const linked = await call(h.app, api.directories.linkedCreate, { ...auth, params: ref(), body: { key } });
    expect(linked.statusCode, linked.body).toBe(201);

    const bad = await call(h.app, api.directories.worktypesSet, {
      ...auth,
      body: { directory_id: '00000000-0000-4000-8000-00000000beef' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('body.directory_id');
    expect((await call(h.app, api.directories.worktypesGet, auth)).json()).toEqual({ directory_id: null });
    const set = await call(h.app, api.directories.worktypesSet, { ...auth, body: { directory_id: dir.id } });
    expect(set.json()).toEqual({ directory_id: dir.id });
    expect((await call(h.app, api.directories.worktypesGet, auth)).json()).toEqual({ directory_id: dir.id });

    const graph = (
      await call(h.app, api.directories.graph, { ...auth, params: ref() })
    ).json() as DirectoryGraph;
    expect(graph.nodes).toEqual(
      expect.arrayContaining([
        { id: dir.id, kind: 'directory', name: 'Locations', worktypes: true },
        { id: otherId, kind: 'directory', name: 'Resources', worktypes: false },
        expect.objectContaining({ kind: 'attribute', name: 'Area (Locations)' }),
      ]),
    );
    expect(graph.edges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: dir.id, to: otherId, kind: 'relation' }),
        expect.objectContaining({ from: dir.id, kind: 'linked', label: 'Area' }),
      ]),
    );
    // The other directory's graph shows the relation from its side.
    const back = (
      await call(h.app, api.directories.graph, { ...auth, params: { epsId: auth.space, id: otherId } })
    ).json() as DirectoryGraph;
    expect(back.edges).toEqual([expect.objectContaining({ from: dir.id, to: otherId, kind: 'relation' })]);
    // None chosen again.
    expect(
      (await call(h.app, api.directories.worktypesSet, { ...auth, body: { directory_id: null } })).json(),
    ).toEqual({
      directory_id: null,
    });
  });
  it('invalid values: a directory-type attribute holding a code the directory lacks, fixed undoably', async () => {
    const a = await call(h.app, api.attributes.create, {
      ...auth,
      body: { name: 'Location', type: 'directory', scope: 'space', node_id: null, directory_id: dir.id },
    });
    expect(a.statusCode, a.body).toBe(201);
    const key = (a.json() as { key: string }).key;
    // The cell takes a code of the directory (a batch refuses any other); the value is then
    // deleted from the directory, which leaves the cell holding a code it lacks.
    const l9 = await call(h.app, api.directories.valueCreate, {
      ...auth,
      params: ref(),
      body: { parent_id: null, code: 'L9', name: 'Level 9' },
    });
    expect(l9.statusCode, l9.body).toBe(201);
    const c = await content();
    const dig = c.items.find((i) => i.code === 'A10')!;
    const write = await call(h.app, api.wbsBatch.batch, {
      ...auth,
      params: { id: version },
      body: {
        revision: c.version.revision,
        origin: 'do',
        entry: {
          v: 1,
          kind: 'undo_wbs',
          labelKey: 'cmd.edit',
          patches: [{ op: 'add', path: ['rows', dig.id, 'attributes', key], value: 'L9' }],
          inversePatches: [{ op: 'remove', path: ['rows', dig.id, 'attributes', key] }],
        },
      },
    });
    expect(write.statusCode, write.body).toBe(200);
    const gone = await call(h.app, api.directories.valueDelete, {
      ...auth,
      params: { ...ref(), valueId: (l9.json() as { id: string }).id },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const invalid = await call(h.app, api.directories.invalidValues, { ...auth, params: ref() });
    expect(invalid.statusCode, invalid.body).toBe(200);
    const found = invalid.json() as InvalidValues;
    expect(found.unknown).toEqual([
      expect.objectContaining({
        version_id: version,
        wbs_id: dig.id,
        code: 'A10',
        attribute_key: key,
        value: 'L9',
      }),
    ]);
    const fix = (code: string | null) =>
      call(h.app, api.directories.invalidValueFix, {
        ...auth,
        params: ref(),
        body: { version_id: version, wbs_id: dig.id, attribute_key: key, code },
      });
    const bad = await fix('NOPE');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('body.code');
    const done = await fix('L1');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ rows: 1 });
    expect(
      ((await call(h.app, api.directories.invalidValues, { ...auth, params: ref() })).json() as InvalidValues)
        .unknown,
    ).toEqual([]);
    const log = (
      await call(h.app, api.wbsBatch.undoActions, { ...auth, params: { id: version }, query: {} })
    ).json() as { items: UndoAction[] };
    expect(log.items[0]!.label).toBe('cmd.directory_fix_value');
  });
});
