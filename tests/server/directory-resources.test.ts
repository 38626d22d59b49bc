// Resource directories: a version's resources from a directory (copy-resources) or a list
// (sync-resources-with-list: add, rename, report what left; dry run), and a space resource's
// links to directory values with the value's attributes (resources/{id}/directory).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Directory, DirectoryList, ResourceDirectoryLink, ResourceSync } from '../../src/api';
import type { Resource } from '../../src/api/resources';
import { makeSpace, makeTree, signUp, type Tree } from './support/fixtures';
import { call, startHarness, type Harness } from './support/harness';
import { upload } from './transfer-helpers';

const CSV =
  'code;name;parent;unit\nLAB;Labour;;\nLAB.C;Carpenters;LAB;h\nLAB.M;Masons;LAB;h\nEQ;Equipment;;\nEQ.CR;Crane;EQ;mh\n';

describe('resource directories', () => {
  let h: Harness;
  let auth: { token: string; space: string };
  let tree: Tree;
  let dir: Directory;
  let version: string;
  let list: DirectoryList;
  const valueId = (code: string) => dir.values.find((v) => v.code === code)!.id;
  const resources = async () =>
    ((await call(h.app, api.resources.list, { ...auth })).json() as { items: Resource[] }).items;
  const versionCopies = async () =>
    (
      await h.database.db
        .selectFrom('version_resources')
        .select(['resource_id', 'name'])
        .where('version_id', '=', version)
        .execute()
    )
      .map((r) => r.name)
      .sort();

  beforeAll(async () => {
    h = await startHarness();
    const owner = await signUp(h.app, 'dirres');
    const space = await makeSpace(h.app, owner.token, 'Resource directories');
    auth = { token: owner.token, space };
    tree = await makeTree(h.app, owner.token, space);
    const v = await upload(h.app, auth, `/schedules/${tree.schedule}/versions/upload/synchronous`, {
      name: 'site.csv',
      data: 'Code,Name,Duration (d)\nA10,Dig,2\n',
    });
    expect(v.statusCode, v.body).toBe(201);
    version = v.json().id;
    const d = await upload(h.app, auth, `/eps/${auth.space}/directory/upload`, {
      name: 'Crews.csv',
      data: CSV,
    });
    expect(d.statusCode, d.body).toBe(201);
    dir = d.json() as Directory;
    // A resource the space has already, with a value's code: linked, not doubled.
    const crane = await call(h.app, api.resources.create, {
      ...auth,
      body: { name: 'Tower crane', code: 'EQ.CR' },
    });
    expect(crane.statusCode, crane.body).toBe(201);
  });
  afterAll(() => h.close());

  it("copies a list: its values become linked resources (the code match linked), the leaves the version's", async () => {
    const created = await call(h.app, api.directories.listCreate, {
      ...auth,
      params: { epsId: auth.space, id: dir.id },
      body: { name: 'Stage 1', value_ids: [valueId('LAB.C'), valueId('EQ.CR')] },
    });
    list = created.json() as DirectoryList;
    const res = await call(h.app, api.directories.copyResources, {
      ...auth,
      params: { id: version, directoryId: dir.id },
      body: { list_id: list.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 3, linked: 1, added: 2, renamed: 0, left: [] });
    const all = await resources();
    expect(all.map((r) => r.code).sort()).toEqual(['EQ', 'EQ.CR', 'LAB', 'LAB.C']);
    const lab = all.find((r) => r.code === 'LAB')!;
    expect(all.find((r) => r.code === 'LAB.C')!.parent_id).toBe(lab.id);
    expect(await versionCopies()).toEqual(['Carpenters', 'Tower crane']);
    // Again: nothing new.
    const again = await call(h.app, api.directories.copyResources, {
      ...auth,
      params: { id: version, directoryId: dir.id },
      body: {},
    });
    expect(again.json()).toMatchObject({ created: 1, linked: 0, added: 1 });
    expect(await versionCopies()).toEqual(['Carpenters', 'Masons', 'Tower crane']);
  });

  it('syncs with a list: counts first, renames linked resources, reports what left and keeps it', async () => {
    await call(h.app, api.directories.listValueRemove, {
      ...auth,
      params: { epsId: auth.space, id: dir.id, listId: list.id, valueId: valueId('EQ.CR') },
    });
    const sync = (dry: boolean) =>
      call(h.app, api.directories.syncResourcesWithList, {
        ...auth,
        params: { id: version, directoryId: dir.id, listId: list.id },
        query: { dry_run: dry ? 'true' : 'false' },
      });
    const carpenters = dir.values.find((v) => v.code === 'LAB.C')!;
    const renamed = await call(h.app, api.directories.valueUpdate, {
      ...auth,
      params: { epsId: auth.space, id: dir.id, valueId: carpenters.id },
      body: { parent_id: carpenters.parent_id, code: 'LAB.C', name: 'Carpenters crew' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const plan = (await sync(true)).json() as ResourceSync;
    expect(plan.created).toBe(0);
    // Carpenters take the value's new name; the crane (its own name kept) left the list.
    expect(plan.renamed).toBe(1);
    expect(plan.left.map((l) => [l.code, l.value_code]).sort()).toEqual([
      ['EQ.CR', 'EQ.CR'],
      ['LAB.M', 'LAB.M'],
    ]);
    expect(await versionCopies()).toContain('Tower crane');
    const done = await sync(false);
    expect(done.statusCode, done.body).toBe(200);
    expect((await resources()).find((r) => r.code === 'EQ.CR')!.name).toBe('Tower crane');
    expect(await versionCopies()).toEqual(['Carpenters crew', 'Masons', 'Tower crane']);
  });

  it("links a resource to a value and shows the value's attributes; bad input names the field", async () => {
    const r = (await resources()).find((x) => x.code === 'LAB.C')!;
    const links = (
      await call(h.app, api.directories.resourceLinks, { ...auth, params: { resourceId: r.id } })
    ).json() as ResourceDirectoryLink[];
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({
      value_id: valueId('LAB.C'),
      path: 'LAB / LAB.C',
      name: 'Carpenters crew',
    });
    expect(links[0]!.attributes).toEqual([expect.objectContaining({ name: 'unit', value: 'h' })]);
    const moved = await call(h.app, api.directories.setResourceLink, {
      ...auth,
      params: { resourceId: r.id },
      body: { directory_id: dir.id, value_id: valueId('LAB.M') },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as ResourceDirectoryLink[])[0]!.name).toBe('Masons');
    const bad = await call(h.app, api.directories.setResourceLink, {
      ...auth,
      params: { resourceId: r.id },
      body: { directory_id: dir.id, value_id: tree.facility },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('body.value_id');
    const extra = await call(h.app, api.directories.copyResources, {
      ...auth,
      params: { id: version, directoryId: dir.id },
      body: { list_id: tree.facility },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.body).toContain('body.list_id');
    const off = await call(h.app, api.directories.setResourceLink, {
      ...auth,
      params: { resourceId: r.id },
      body: { directory_id: dir.id, value_id: null },
    });
    expect(off.json()).toEqual([]);
  });

  it('refuses a locked version', async () => {
    const lock = await call(h.app, api.versions.setLocked, {
      ...auth,
      params: { id: version },
      body: { locked: true },
    });
    expect(lock.statusCode, lock.body).toBeLessThan(300);
    const res = await call(h.app, api.directories.copyResources, {
      ...auth,
      params: { id: version, directoryId: dir.id },
      body: {},
    });
    expect(res.statusCode).toBe(409);
  });
});
