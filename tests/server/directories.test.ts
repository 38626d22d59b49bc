// Directories end to end on the server: upload, read, edit the value tree, export, link WBS rows,
// role checks; and the calendar usage that saving a calendar recalculates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Calendar, CalendarUse, Directory, DirectoryValue, Role, VersionContent } from '../../src/api';
import { makeSpace, makeTree, signUp, type Tree } from './support/fixtures';
import { call, startHarness, type Harness } from './support/harness';
import { upload } from './transfer-helpers';

const CSV =
  'code;name;parent;Unit\n01;Earthworks;;\n01.1;Excavation;01;m3\n02;Concrete;;m3\n01.2;Backfill;01;m3\n';

describe('directories', () => {
  let h: Harness;
  let auth: { token: string; space: string };
  let tree: Tree;
  let dir: Directory;
  let version: string;
  let rows: string[];
  let rowCalendar: string | null;
  const dp = () => ({ epsId: tree.facility, id: dir.id });
  const read = async () =>
    (await call(h.app, api.directories.get, { ...auth, params: dp() })).json() as Directory;
  const byCode = (d: Directory, code: string) => d.values.find((v) => v.code === code)!;

  beforeAll(async () => {
    h = await startHarness();
    const owner = await signUp(h.app, 'dirs');
    const space = await makeSpace(h.app, owner.token, 'Directories');
    auth = { token: owner.token, space };
    tree = await makeTree(h.app, owner.token, space);
    const res = await upload(h.app, auth, `/schedules/${tree.schedule}/versions/upload/synchronous`, {
      name: 'site.csv',
      data: 'Code,Name,Duration (d)\nA10,Dig,2\nA20,Pour,3\n',
    });
    expect(res.statusCode, res.body).toBe(201);
    version = res.json().id;
    const content = (
      await call(h.app, api.versions.content, { ...auth, params: { id: version } })
    ).json() as VersionContent;
    rowCalendar = content.items[0]!.calendar_id;
    rows = content.items
      .filter((i) => i.code.startsWith('A'))
      .sort((a, b) => a.code.localeCompare(b.code))
      .map((i) => i.id);
  });
  afterAll(() => h.close());

  it('uploads a CSV as a directory tree with an attribute column', async () => {
    const res = await upload(h.app, auth, `/eps/${tree.facility}/directory/upload`, {
      name: 'Work types.csv',
      data: CSV,
    });
    expect(res.statusCode, res.body).toBe(201);
    dir = res.json() as Directory;
    expect(dir).toMatchObject({ name: 'Work types', eps_id: tree.facility, value_count: 4 });
    expect(dir.attributes.map((a) => a.name)).toEqual(['Unit']);
    const unit = dir.attributes[0]!.key;
    expect(byCode(dir, '01.1')).toMatchObject({
      parent_id: byCode(dir, '01').id,
      attribute_values: { [unit]: 'm3' },
    });
    const list = (await call(h.app, api.directories.list, auth)).json();
    expect(list).toEqual([expect.objectContaining({ id: dir.id, value_count: 4 })]);
  });

  it('refuses a file with problems, naming the rows', async () => {
    const res = await upload(h.app, auth, `/eps/${tree.facility}/directory/upload`, {
      name: 'bad.csv',
      data: 'code,name,parent\n1,a,\n1,b,\n2,c,9\n',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message.map((e: { code: string }) => e.code)).toEqual([
      'directory.duplicate_code',
      'directory.unknown_parent',
    ]);
    expect(res.json().error_message[0].error_message).toContain('Row 3');
  });

  it('adds, edits, moves and deletes values', async () => {
    const created = await call(h.app, api.directories.valueCreate, {
      ...auth,
      params: dp(),
      body: { parent_id: byCode(dir, '02').id, code: '02.1', name: 'Formwork' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const v = created.json() as DirectoryValue;
    const taken = await call(h.app, api.directories.valueCreate, {
      ...auth,
      params: dp(),
      body: { parent_id: null, code: '01', name: 'Again' },
    });
    expect(taken.statusCode).toBe(409);
    // Moving a value under its own child is refused; a move under another top value works.
    const d = await read();
    const cycle = await call(h.app, api.directories.valueUpdate, {
      ...auth,
      params: { ...dp(), valueId: byCode(d, '01').id },
      body: { parent_id: byCode(d, '01.1').id, code: '01', name: 'Earthworks' },
    });
    expect(cycle.statusCode).toBe(400);
    const moved = await call(h.app, api.directories.valueUpdate, {
      ...auth,
      params: { ...dp(), valueId: v.id },
      body: { parent_id: byCode(d, '01').id, code: '01.3', name: 'Formwork' },
    });
    expect(moved.json()).toMatchObject({ code: '01.3', parent_id: byCode(d, '01').id, sort_order: 2 });
    const bad = await call(h.app, api.directories.valueCreate, {
      ...auth,
      params: dp(),
      body: { parent_id: null, code: '', name: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('body.code');
  });

  it('links WBS rows to values and unlinks them when a value goes', async () => {
    const d = await read();
    const link = (wbsId: string, value_id: string | null) =>
      call(h.app, api.directories.setWbsLink, {
        ...auth,
        params: { id: version, wbsId },
        body: { directory_id: dir.id, value_id },
      });
    const res = await link(rows[0]!, byCode(d, '01.1').id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { directory_id: dir.id, value_id: byCode(d, '01.1').id, path: '01 / 01.1', name: 'Excavation' },
    ]);
    await link(rows[1]!, byCode(d, '01.2').id);
    // A rename shows on the linked row at once: the link names the value, not a copy of it.
    await call(h.app, api.directories.valueUpdate, {
      ...auth,
      params: { ...dp(), valueId: byCode(d, '01.1').id },
      body: { parent_id: byCode(d, '01').id, code: '01.1', name: 'Trenching' },
    });
    const got = await call(h.app, api.directories.wbsLinks, {
      ...auth,
      params: { id: version, wbsId: rows[0]! },
    });
    expect(got.json()[0].name).toBe('Trenching');
    expect(byCode(await read(), '01.1').linked_rows).toBe(1);
    const removed = await call(h.app, api.directories.valueDelete, {
      ...auth,
      params: { ...dp(), valueId: byCode(d, '01').id },
    });
    expect(removed.json()).toEqual({ success: true, removed: 4, unlinked: 2 });
    expect(
      (
        await call(h.app, api.directories.wbsLinks, { ...auth, params: { id: version, wbsId: rows[0]! } })
      ).json(),
    ).toEqual([]);
    expect((await link(rows[0]!, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('exports what it can upload again, and manages attributes', async () => {
    const exp = await call(h.app, api.directories.export, {
      ...auth,
      params: dp(),
      query: { format: 'csv' },
    });
    expect(exp.statusCode).toBe(200);
    expect(exp.body).toContain('code,name,parent,Unit');
    const again = await upload(h.app, auth, `/eps/${auth.space}/directory/upload`, {
      name: 'again.csv',
      data: exp.rawPayload,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ eps_id: null, value_count: 1 });
    const xlsx = await call(h.app, api.directories.export, {
      ...auth,
      params: dp(),
      query: { format: 'xlsx' },
    });
    const fromXlsx = await upload(h.app, auth, `/eps/${auth.space}/directory/upload`, {
      name: 'again.xlsx',
      data: xlsx.rawPayload,
    });
    expect(fromXlsx.json()).toMatchObject({ value_count: 1, attributes: [{ name: 'Unit' }] });

    const added = await call(h.app, api.directories.attributeCreate, {
      ...auth,
      params: dp(),
      body: { name: 'Norm', type: 'number' },
    });
    expect(added.json().attributes.map((a: { name: string }) => a.name)).toEqual(['Unit', 'Norm']);
    const key = added.json().attributes[1].key as string;
    expect(
      (
        await call(h.app, api.directories.attributeCreate, {
          ...auth,
          params: dp(),
          body: { name: 'unit', type: 'text' },
        })
      ).statusCode,
    ).toBe(409);
    const removed = await call(h.app, api.directories.attributeDelete, { ...auth, params: { ...dp(), key } });
    expect(removed.json().attributes).toHaveLength(1);
    const renamed = await call(h.app, api.directories.rename, {
      ...auth,
      params: dp(),
      body: { name: 'Types' },
    });
    expect(renamed.json().name).toBe('Types');
    // The path must name the directory's owner.
    expect(
      (await call(h.app, api.directories.get, { ...auth, params: { ...dp(), epsId: tree.project } }))
        .statusCode,
    ).toBe(404);
  });

  it('uploads with assignment: links the listed rows of a version and names codes it lacks', async () => {
    const res = await upload(
      h.app,
      auth,
      `/eps/${auth.space}/directory/upload`,
      { name: 'zones.csv', data: 'code,name,wbs\nZ1,Zone 1,A10; ZZ9\nZ2,Zone 2,A20\n' },
      { version_id: version },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ assigned: 2, unmatched: ['ZZ9'], attributes: [] });
    const zones = res.json() as Directory;
    const links = await call(h.app, api.directories.wbsLinks, {
      ...auth,
      params: { id: version, wbsId: rows[1]! },
    });
    expect(links.json()).toContainEqual(
      expect.objectContaining({ directory_id: zones.id, path: 'Z2', name: 'Zone 2' }),
    );
    const bad = await upload(
      h.app,
      auth,
      `/eps/${auth.space}/directory/upload`,
      { name: 'zones.csv', data: 'code,name\nZ1,Zone 1\n' },
      { version_id: 'nope' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('body.version_id');
  });

  it('lets a read-only role read but not edit', async () => {
    const student = await signUp(h.app, 'student');
    const roles = (await call(h.app, api.roles.list, auth)).json() as Role[];
    await call(h.app, api.space.invite, {
      token: auth.token,
      params: { space_id: auth.space },
      body: { login: student.login, role_id: roles.find((r) => r.value === 'student')!.id },
    });
    const as = { token: student.token, space: auth.space };
    expect((await call(h.app, api.directories.get, { ...as, params: dp() })).statusCode).toBe(200);
    expect(
      (await call(h.app, api.directories.rename, { ...as, params: dp(), body: { name: 'X' } })).statusCode,
    ).toBe(403);
    expect((await call(h.app, api.directories.remove, { ...as, params: dp() })).statusCode).toBe(403);
    expect((await call(h.app, api.directories.remove, { ...auth, params: dp() })).statusCode).toBe(200);
    expect((await call(h.app, api.directories.get, { ...auth, params: dp() })).statusCode).toBe(404);
  });

  it('names the versions a calendar change recalculates, and queues them', async () => {
    const cals = (await call(h.app, api.calendars.list, auth)).json() as Calendar[];
    // The import gave the rows their calendar (or none: the space default).
    const def = cals.find((c) => (rowCalendar ? c.id === rowCalendar : c.is_default))!;
    const users = (
      await call(h.app, api.calendars.usage, { ...auth, params: { id: def.id } })
    ).json() as CalendarUse[];
    expect(users.map((u) => u.version_id)).toEqual([version]);
    const { id: _id, is_default: _d, ...input } = def;
    const saved = await call(h.app, api.calendars.update, { ...auth, params: { id: def.id }, body: input });
    expect(saved.json().recalculating).toEqual([version]);
    const other = await call(h.app, api.calendars.create, { ...auth, body: { ...input, name: 'Unused' } });
    expect(
      (await call(h.app, api.calendars.usage, { ...auth, params: { id: other.json().id } })).json(),
    ).toEqual([]);
  });
});
