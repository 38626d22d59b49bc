// Donor attributes: a directory attribute made a donor to a space attribute pushes its values into
// the WBS rows linked to the directory's values — counted first (dry run), then written as one
// undoable change per version (restoring it takes the values back), only rows that differ, never
// into a locked version; the receiving attribute must be one the caller may write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type {
  AttributeWithRoles,
  Directory,
  DirectorySummary,
  DonorPush,
  Role,
  VersionContent,
} from '../../src/api';
import type { UndoAction } from '../../src/api/wbs-batch';
import { makeSpace, makeTree, signUp, type Tree } from './support/fixtures';
import { call, startHarness, type Harness } from './support/harness';
import { upload } from './transfer-helpers';

const CSV = 'code;name;parent;Norm\n01;Earthworks;;\n01.1;Excavation;01;2.5\n02;Concrete;;4\n';

describe('donor attributes of a directory', () => {
  let h: Harness;
  let auth: { token: string; space: string };
  let tree: Tree;
  let dir: Directory;
  let version: string;
  let rows: Record<string, string>;
  let norm: AttributeWithRoles;
  let donorKey: string;
  const dp = () => ({ epsId: tree.facility, id: dir.id });
  const push = (dryRun: boolean, as = auth) =>
    call(h.app, api.directories.donorUpdateValue, {
      ...as,
      params: { ...dp(), key: donorKey },
      query: { dry_run: dryRun ? 'true' : 'false' },
    });
  const values = async () => {
    const content = (
      await call(h.app, api.versions.content, { ...auth, params: { id: version } })
    ).json() as VersionContent;
    return Object.fromEntries(
      content.items.filter((i) => i.code.startsWith('A')).map((i) => [i.code, i.attributes[norm.key]]),
    );
  };

  beforeAll(async () => {
    h = await startHarness();
    const owner = await signUp(h.app, 'donor');
    const space = await makeSpace(h.app, owner.token, 'Donors');
    auth = { token: owner.token, space };
    tree = await makeTree(h.app, owner.token, space);
    const res = await upload(h.app, auth, `/schedules/${tree.schedule}/versions/upload/synchronous`, {
      name: 'site.csv',
      data: 'Code,Name,Duration (d)\nA10,Dig,2\nA20,Pour,3\nA30,Other,1\n',
    });
    expect(res.statusCode, res.body).toBe(201);
    version = res.json().id;
    const content = (
      await call(h.app, api.versions.content, { ...auth, params: { id: version } })
    ).json() as VersionContent;
    rows = Object.fromEntries(content.items.map((i) => [i.code, i.id]));
    const d = await upload(h.app, auth, `/eps/${tree.facility}/directory/upload`, {
      name: 'Work types.csv',
      data: CSV,
    });
    expect(d.statusCode, d.body).toBe(201);
    dir = d.json() as Directory;
    donorKey = dir.attributes.find((a) => a.name === 'Norm')!.key;
    const code = (c: string) => dir.values.find((v) => v.code === c)!.id;
    for (const [row, value] of [
      ['A10', '01.1'],
      ['A20', '02'],
    ] as const) {
      const link = await call(h.app, api.directories.setWbsLink, {
        ...auth,
        params: { id: version, wbsId: rows[row]! },
        body: { directory_id: dir.id, value_id: code(value) },
      });
      expect(link.statusCode, link.body).toBe(200);
    }
    const a = await call(h.app, api.attributes.create, {
      ...auth,
      body: { name: 'Norm per unit', type: 'number', scope: 'space', node_id: null },
    });
    expect(a.statusCode, a.body).toBe(201);
    norm = a.json() as AttributeWithRoles;
  });
  afterAll(() => h.close());

  it('makes an attribute a donor; a missing key or target is a 400 naming the field', async () => {
    const make = (key: string, target: string) =>
      call(h.app, api.directories.donorCreate, { ...auth, params: dp(), body: { key, target } });
    const badKey = await make('a_nothing', norm.key);
    expect(badKey.statusCode).toBe(400);
    expect(badKey.body).toContain('body.key');
    const badTarget = await make(donorKey, 'a_nothing');
    expect(badTarget.statusCode).toBe(400);
    expect(badTarget.body).toContain('body.target');
    const notDonor = await push(true);
    expect(notDonor.statusCode).toBe(400);
    expect(notDonor.body).toContain('directory.not_donor');
    const res = await make(donorKey, norm.key);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as DirectorySummary).attributes.find((x) => x.key === donorKey)).toMatchObject({
      donor_to: norm.key,
    });
  });

  it('counts, then writes the linked rows as one undoable change, which a restore takes back', async () => {
    const dry = await push(true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json() as DonorPush).toMatchObject({
      rows: 2,
      versions: [{ version_id: version, rows: 2 }],
      locked: 0,
    });
    expect(await values()).toEqual({ A10: undefined, A20: undefined, A30: undefined });
    const done = await push(false);
    expect(done.statusCode, done.body).toBe(200);
    // Numbers for a number attribute; the unlinked row untouched.
    expect(await values()).toEqual({ A10: 2.5, A20: 4, A30: undefined });
    expect((await push(true)).json()).toMatchObject({ rows: 0, versions: [] });
    const log = (
      await call(h.app, api.wbsBatch.undoActions, { ...auth, params: { id: version }, query: {} })
    ).json() as { items: UndoAction[] };
    const entry = log.items[0]!;
    expect(entry.label).toBe('cmd.directory_donor');
    const restore = await call(h.app, api.wbsBatch.restore, {
      ...auth,
      params: { id: version, actionId: entry.id },
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await values()).toEqual({ A10: undefined, A20: undefined, A30: undefined });
  });

  it('a changed directory value reaches only the rows that differ; a locked version is left out', async () => {
    await push(false);
    const d = (await call(h.app, api.directories.get, { ...auth, params: dp() })).json() as Directory;
    const concrete = d.values.find((v) => v.code === '02')!;
    const upd = await call(h.app, api.directories.valueUpdate, {
      ...auth,
      params: { ...dp(), valueId: concrete.id },
      body: {
        parent_id: null,
        code: '02',
        name: 'Concrete',
        attribute_values: { [donorKey]: '4.75' },
      },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect((await push(true)).json()).toMatchObject({ rows: 1, versions: [{ rows: 1 }] });
    const lock = await call(h.app, api.versions.setLocked, {
      ...auth,
      params: { id: version },
      body: { locked: true },
    });
    expect(lock.statusCode, lock.body).toBeLessThan(300);
    expect((await push(false)).json()).toMatchObject({ rows: 0, versions: [], locked: 1 });
    expect(await values()).toMatchObject({ A20: 4 });
    await call(h.app, api.versions.setLocked, { ...auth, params: { id: version }, body: { locked: false } });
    await push(false);
    expect(await values()).toMatchObject({ A10: 2.5, A20: 4.75 });
  });

  it('a role that may only read the receiving attribute cannot push; nor can a reading role', async () => {
    const planner = await signUp(h.app, 'donorplanner');
    await call(h.app, api.space.invite, {
      ...auth,
      params: { space_id: auth.space },
      body: { login: planner.login },
    });
    const roles = (await call(h.app, api.roles.list, auth)).json() as Role[];
    const role = roles.find((r) => r.value === 'planning_and_control')!;
    await call(h.app, api.space.setRole, {
      ...auth,
      params: { space_id: auth.space },
      body: { user_id: planner.user.id, role_id: role.id },
    });
    const as = { token: planner.token, space: auth.space };
    expect((await push(true, as)).statusCode).toBe(200);
    await call(h.app, api.attributes.setAccess, {
      ...auth,
      params: { id: norm.id },
      body: { role_id: role.id, access: 'read' },
    });
    const refused = await push(false, as);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('attribute.read_only');
    const student = roles.find((r) => r.value === 'student')!;
    await call(h.app, api.space.setRole, {
      ...auth,
      params: { space_id: auth.space },
      body: { user_id: planner.user.id, role_id: student.id },
    });
    expect((await push(true, as)).statusCode).toBe(403);
    // Removing the donor mark: the rows keep their values, pushing is refused.
    const del = await call(h.app, api.directories.donorDelete, {
      ...auth,
      params: { ...dp(), key: donorKey },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await push(true)).statusCode).toBe(400);
  });
});
