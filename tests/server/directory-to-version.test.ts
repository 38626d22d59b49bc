// A directory's values added to a version's WBS (add-values-to-version): a summary per value
// with values under it, a task per leaf, in the directory's tree and order, each linked to its
// value; a row that already has a value's code is linked instead of doubled; running it again adds
// only new values; the addition is one undoable change; a locked version refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Directory, VersionContent } from '../../src/api';
import type { UndoAction } from '../../src/api/wbs-batch';
import { makeSpace, makeTree, signUp, type Tree } from './support/fixtures';
import { call, startHarness, type Harness } from './support/harness';
import { upload } from './transfer-helpers';

const CSV = 'code;name;parent\nL1;Level 1;\nL1.W;Walls;L1\nL1.S;Slab;L1\nA10;Dig;\n';

describe('add-values-to-version', () => {
  let h: Harness;
  let auth: { token: string; space: string };
  let tree: Tree;
  let dir: Directory;
  let version: string;
  const add = () =>
    call(h.app, api.directories.addValuesToVersion, {
      ...auth,
      params: { id: version, directoryId: dir.id },
    });
  const content = async () =>
    (await call(h.app, api.versions.content, { ...auth, params: { id: version } })).json() as VersionContent;

  beforeAll(async () => {
    h = await startHarness();
    const owner = await signUp(h.app, 'dir2ver');
    const space = await makeSpace(h.app, owner.token, 'Versions');
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

  it('adds the value tree as rows linked to the values, linking a row that has a code', async () => {
    const res = await add();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ added: 3, linked: 1 });
    const items = (await content()).items;
    const by = (code: string) => items.find((i) => i.code === code)!;
    expect(items.filter((i) => i.code === 'A10')).toHaveLength(1);
    expect(by('L1')).toMatchObject({ name: 'Level 1', node_type: 'sum', parent_id: null });
    expect(by('L1.W')).toMatchObject({ name: 'Walls', node_type: 'task', parent_id: by('L1').id });
    expect(by('L1.S').parent_id).toBe(by('L1').id);
    // In the directory's order: Walls before Slab, Level 1 after the row that was there.
    expect(by('L1.W').order_key < by('L1.S').order_key).toBe(true);
    expect(by('A10').order_key < by('L1').order_key).toBe(true);
    const d = (
      await call(h.app, api.directories.get, { ...auth, params: { epsId: auth.space, id: dir.id } })
    ).json() as Directory;
    expect(d.values.every((v) => v.linked_rows === 1)).toBe(true);
    const links = (
      await call(h.app, api.directories.wbsLinks, { ...auth, params: { id: version, wbsId: by('L1.W').id } })
    ).json();
    expect(links).toMatchObject([{ directory_id: dir.id, path: 'L1 / L1.W', name: 'Walls' }]);
  });

  it('adds only new values when run again, as one undoable change', async () => {
    expect((await add()).json()).toMatchObject({ added: 0, linked: 0 });
    const d = (
      await call(h.app, api.directories.get, { ...auth, params: { epsId: auth.space, id: dir.id } })
    ).json() as Directory;
    const created = await call(h.app, api.directories.valueCreate, {
      ...auth,
      params: { epsId: auth.space, id: dir.id },
      body: { parent_id: d.values.find((v) => v.code === 'L1')!.id, code: 'L1.R', name: 'Roof' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await add()).json()).toMatchObject({ added: 1, linked: 0 });
    const items = (await content()).items;
    expect(items.find((i) => i.code === 'L1.R')!.parent_id).toBe(items.find((i) => i.code === 'L1')!.id);
    const log = (
      await call(h.app, api.wbsBatch.undoActions, { ...auth, params: { id: version }, query: {} })
    ).json() as { items: UndoAction[] };
    expect(log.items[0]!.label).toBe('cmd.directory_add_values');
    const restore = await call(h.app, api.wbsBatch.restore, {
      ...auth,
      params: { id: version, actionId: log.items[0]!.id },
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect((await content()).items.some((i) => i.code === 'L1.R')).toBe(false);
  });

  it('refuses a locked version and an unknown directory', async () => {
    await call(h.app, api.versions.setLocked, { ...auth, params: { id: version }, body: { locked: true } });
    expect((await add()).statusCode).toBe(409);
    await call(h.app, api.versions.setLocked, { ...auth, params: { id: version }, body: { locked: false } });
    const unknown = await call(h.app, api.directories.addValuesToVersion, {
      ...auth,
      params: { id: version, directoryId: '00000000-0000-4000-8000-00000000dddd' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
