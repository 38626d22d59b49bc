// A directory moved to another EPS node (its values and the rows linked to them stay) and copied
// to one (attributes, values and their tree under new ids; no links), each to a node or to the
// whole space; a copy takes the directory's lists along (under the same names, holding the
// copies of their values); a node of another space or none is a 404; a reading role may neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Directory, DirectoryList, DirectorySummary, Role, VersionContent } from '../../src/api';
import { makeSpace, makeTree, signUp, type Tree } from './support/fixtures';
import { call, startHarness, type Harness } from './support/harness';
import { upload } from './transfer-helpers';

const CSV =
  'code;name;parent;Unit\n01;Earthworks;;\n01.1;Excavation;01;m3\n01.1.1;Trenches;01.1;m\n02;Concrete;;m3\n';

describe('directory move-to and copy-to', () => {
  let h: Harness;
  let auth: { token: string; space: string };
  let tree: Tree;
  let dir: Directory;
  let row: string;
  let version: string;

  beforeAll(async () => {
    h = await startHarness();
    const owner = await signUp(h.app, 'dirmove');
    const space = await makeSpace(h.app, owner.token, 'Directories');
    auth = { token: owner.token, space };
    tree = await makeTree(h.app, owner.token, space);
    const v = await upload(h.app, auth, `/schedules/${tree.schedule}/versions/upload/synchronous`, {
      name: 'site.csv',
      data: 'Code,Name,Duration (d)\nA10,Dig,2\n',
    });
    expect(v.statusCode, v.body).toBe(201);
    version = v.json().id;
    const content = (
      await call(h.app, api.versions.content, { ...auth, params: { id: version } })
    ).json() as VersionContent;
    row = content.items.find((i) => i.code === 'A10')!.id;
    const res = await upload(h.app, auth, `/eps/${tree.facility}/directory/upload`, {
      name: 'Work types.csv',
      data: CSV,
    });
    expect(res.statusCode, res.body).toBe(201);
    dir = res.json() as Directory;
    const link = await call(h.app, api.directories.setWbsLink, {
      ...auth,
      params: { id: version, wbsId: row },
      body: { directory_id: dir.id, value_id: dir.values.find((x) => x.code === '01.1')!.id },
    });
    expect(link.statusCode, link.body).toBe(200);
  });
  afterAll(() => h.close());

  it('moves a directory to a project and to the whole space, keeping values and links', async () => {
    const move = (epsId: string, targetId: string) =>
      call(h.app, api.directories.moveTo, { ...auth, params: { epsId, id: dir.id, targetId } });
    const res = await move(tree.facility, tree.project);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as DirectorySummary).toMatchObject({
      id: dir.id,
      eps_id: tree.project,
      value_count: 4,
    });
    // The old owner no longer answers for it; the new one does, with the linked row.
    expect(
      (await call(h.app, api.directories.get, { ...auth, params: { epsId: tree.facility, id: dir.id } }))
        .statusCode,
    ).toBe(404);
    const got = (
      await call(h.app, api.directories.get, { ...auth, params: { epsId: tree.project, id: dir.id } })
    ).json() as Directory;
    expect(got.values.find((x) => x.code === '01.1')!.linked_rows).toBe(1);
    const toSpace = await move(tree.project, auth.space);
    expect(toSpace.statusCode, toSpace.body).toBe(200);
    expect((toSpace.json() as DirectorySummary).eps_id).toBeNull();
    dir = { ...dir, eps_id: null };
  });

  it('copies a directory with its tree and attributes under new ids, without links', async () => {
    const res = await call(h.app, api.directories.copyTo, {
      ...auth,
      params: { epsId: auth.space, id: dir.id, targetId: tree.facility },
    });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as Directory;
    expect(copy.id).not.toBe(dir.id);
    expect(copy).toMatchObject({ name: 'Work types', eps_id: tree.facility, value_count: 4 });
    expect(copy.attributes).toEqual(dir.attributes);
    const unit = dir.attributes[0]!.key;
    const by = (code: string) => copy.values.find((x) => x.code === code)!;
    expect(by('01.1.1').parent_id).toBe(by('01.1').id);
    expect(by('01.1').parent_id).toBe(by('01').id);
    expect(by('01.1').attribute_values).toEqual({ [unit]: 'm3' });
    expect(copy.values.every((x) => x.linked_rows === 0)).toBe(true);
    expect(new Set(copy.values.map((x) => x.id)).size).toBe(4);
    for (const x of copy.values) expect(dir.values.map((o) => o.id)).not.toContain(x.id);
    // The original is untouched.
    const original = (
      await call(h.app, api.directories.get, { ...auth, params: { epsId: auth.space, id: dir.id } })
    ).json() as Directory;
    expect(original.values.find((x) => x.code === '01.1')!.linked_rows).toBe(1);
  });

  it("copies the directory's lists: same names, the copies of their values", async () => {
    const idOf = (code: string) => dir.values.find((x) => x.code === code)!.id;
    for (const [name, codes] of [
      ['Stage 1', ['01.1', '01.1.1']],
      ['Concrete only', ['02']],
      ['Empty', []],
    ] as const) {
      const made = await call(h.app, api.directories.listCreate, {
        ...auth,
        params: { epsId: auth.space, id: dir.id },
        body: { name, value_ids: codes.map(idOf) },
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const res = await call(h.app, api.directories.copyTo, {
      ...auth,
      params: { epsId: auth.space, id: dir.id, targetId: tree.project },
    });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as Directory;
    const lists = (
      await call(h.app, api.directories.lists, { ...auth, params: { epsId: tree.project, id: copy.id } })
    ).json() as DirectoryList[];
    const codeOf = new Map(copy.values.map((x) => [x.id, x.code]));
    expect(
      lists
        .map((l) => [l.name, l.value_ids.map((id) => codeOf.get(id))])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['Concrete only', ['02']],
      ['Empty', []],
      ['Stage 1', ['01.1', '01.1.1']],
    ]);
    // The copy's lists are its own: the source keeps its three, and taking a value out of the
    // copy's list leaves the source's list as it was.
    const stage = lists.find((l) => l.name === 'Stage 1')!;
    const out = await call(h.app, api.directories.listValueRemove, {
      ...auth,
      params: { epsId: tree.project, id: copy.id, listId: stage.id, valueId: stage.value_ids[0]! },
    });
    expect(out.statusCode, out.body).toBe(200);
    const source = (
      await call(h.app, api.directories.lists, { ...auth, params: { epsId: auth.space, id: dir.id } })
    ).json() as DirectoryList[];
    expect(source).toHaveLength(3);
    expect(source.find((l) => l.name === 'Stage 1')!.value_ids).toEqual([idOf('01.1'), idOf('01.1.1')]);
  });

  it('answers 404 for a target that is not a node of the space, 403 for a reading role', async () => {
    const other = await signUp(h.app, 'dirother');
    const otherSpace = await makeSpace(h.app, other.token, 'Other');
    const otherTree = await makeTree(h.app, other.token, otherSpace);
    for (const route of [api.directories.moveTo, api.directories.copyTo]) {
      const res = await call(h.app, route, {
        ...auth,
        params: { epsId: auth.space, id: dir.id, targetId: otherTree.facility },
      });
      expect(res.statusCode).toBe(404);
    }
    const reader = await signUp(h.app, 'dirreader');
    await call(h.app, api.space.invite, {
      ...auth,
      params: { space_id: auth.space },
      body: { login: reader.login },
    });
    const roles = (await call(h.app, api.roles.list, auth)).json() as Role[];
    await call(h.app, api.space.setRole, {
      ...auth,
      params: { space_id: auth.space },
      body: { user_id: reader.user.id, role_id: roles.find((r) => r.value === 'student')!.id },
    });
    const res = await call(h.app, api.directories.copyTo, {
      token: reader.token,
      space: auth.space,
      params: { epsId: auth.space, id: dir.id, targetId: tree.facility },
    });
    expect(res.statusCode).toBe(403);
  });
});
