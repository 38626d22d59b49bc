// The server-kept undo history of a directory's values (src/server/services/directory-undo.ts):
// a typed cell, a paste batch (changes and additions as one step), an indent and a delete each
// undone and redone, a delete's undo putting back the WBS rows' links and the linked attribute
// refreshed on those rows, a new edit clearing the redo stack, each member's own history, a step
// another member's edit overtook refused with 409 (en and ru) and dropped, and another space 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Directory, DirectorySummary, Role, VersionContent } from '../../src/api';
import { makeSpace, makeTree, signUp, type Tree } from './support/fixtures';
import { call, startHarness, type Harness } from './support/harness';
import { upload } from './transfer-helpers';

const CSV = 'code;name;parent;Unit\n01;Earthworks;;\n01.1;Excavation;01;m3\n02;Concrete;;m3\n';

describe('directory undo kept by the server', () => {
  let h: Harness;
  let as: { token: string; space: string };
  let other: { token: string; space: string };
  let tree: Tree;
  let dir: Directory;
  let unit: string;
  let version: string;
  let row: string;
  const dp = () => ({ epsId: tree.facility, id: dir.id });
  const read = async () =>
    (await call(h.app, api.directories.get, { ...as, params: dp() })).json() as Directory;
  const byCode = async (code: string) => (await read()).values.find((v) => v.code === code);
  const undo = (who = as) => call(h.app, api.directoryUndo.undo, { ...who, params: dp() });
  const redo = (who = as) => call(h.app, api.directoryUndo.redo, { ...who, params: dp() });
  const state = async (who = as) =>
    (await call(h.app, api.directoryUndo.undoState, { ...who, params: dp() })).json();
  const edit = async (code: string, patch: { name?: string; code?: string; unit?: string }, who = as) => {
    const v = (await byCode(code))!;
    const res = await call(h.app, api.directories.valueUpdate, {
      ...who,
      params: { ...dp(), valueId: v.id },
      body: {
        parent_id: v.parent_id,
        code: patch.code ?? v.code,
        name: patch.name ?? v.name,
        attribute_values: {
          ...v.attribute_values,
          ...(patch.unit === undefined ? {} : { [unit]: patch.unit }),
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const rowUnit = async (key: string) =>
    (
      (await call(h.app, api.versions.content, { ...as, params: { id: version } })).json() as VersionContent
    ).items.find((i) => i.id === row)!.attributes[key];

  beforeAll(async () => {
    h = await startHarness();
    const u = await signUp(h.app, 'dirundo');
    const space = await makeSpace(h.app, u.token, 'Directory undo');
    as = { token: u.token, space };
    tree = await makeTree(h.app, u.token, space);
    const m = await signUp(h.app, 'dirundo2');
    other = { token: m.token, space };
    const inv = await call(h.app, api.space.invite, {
      ...as,
      params: { space_id: space },
      body: { login: m.login },
    });
    expect(inv.statusCode, inv.body).toBeLessThan(300);
    const roles = (await call(h.app, api.roles.list, as)).json() as Role[];
    const planner = roles.find((x) => x.value === 'planning_and_control')!;
    const set = await call(h.app, api.space.setRole, {
      ...as,
      params: { space_id: space },
      body: { user_id: m.user.id, role_id: planner.id },
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
    const d = await upload(h.app, as, `/eps/${tree.facility}/directory/upload`, {
      name: 'Works.csv',
      data: CSV,
    });
    expect(d.statusCode, d.body).toBe(201);
    dir = d.json() as Directory;
    unit = dir.attributes[0]!.key;
    const v = await upload(h.app, as, `/schedules/${tree.schedule}/versions/upload/synchronous`, {
      name: 'site.csv',
      data: 'Code,Name,Duration (d)\nA10,Dig,2\n',
    });
    expect(v.statusCode, v.body).toBe(201);
    version = v.json().id;
    row = (
      (await call(h.app, api.versions.content, { ...as, params: { id: version } })).json() as VersionContent
    ).items.find((i) => i.code === 'A10')!.id;
  });
  afterAll(() => h.close());

  it('undoes and redoes typed cells, newest first, and keeps nothing for an upload', async () => {
    expect(await state()).toEqual({ can_undo: false, can_redo: false, undo_label: null, redo_label: null });
    expect((await undo()).statusCode).toBe(409);
    await edit('02', { name: 'Concrete works' });
    await edit('01.1', { unit: 'm2' });
    expect(await state()).toMatchObject({ can_undo: true, undo_label: 'edit' });
    const u1 = await undo();
    expect(u1.statusCode, u1.body).toBe(200);
    expect(u1.json()).toMatchObject({ label: 'edit', can_undo: true, can_redo: true, refreshed_rows: 0 });
    expect((await byCode('01.1'))!.attribute_values[unit]).toBe('m3');
    expect((await undo()).statusCode).toBe(200);
    expect((await byCode('02'))!.name).toBe('Concrete');
    expect(await state()).toMatchObject({ can_undo: false, can_redo: true });
    expect((await redo()).statusCode).toBe(200);
    expect((await byCode('02'))!.name).toBe('Concrete works');
    expect(await state()).toMatchObject({ can_undo: true, can_redo: true, redo_label: 'edit' });
    // A new edit: the undone one can no longer be redone.
    await edit('02', { name: 'Concrete' });
    expect(await state()).toMatchObject({ can_redo: false });
  });

  it('takes a paste (changes and additions) back as one step, and gives it again under the same ids', async () => {
    const v01 = (await byCode('01'))!;
    const res = await call(h.app, api.directoryUndo.valuesBatch, {
      ...as,
      params: dp(),
      body: {
        label: 'paste',
        updates: [
          { id: v01.id, parent_id: null, code: '01', name: 'Earth', attribute_values: { [unit]: 'm3' } },
        ],
        creates: [
          { parent_id: null, code: '03', name: 'Roofing', sort_order: 5 },
          { parent_id: v01.id, code: '01.2', name: 'Backfill', attribute_values: { [unit]: 'm3', nope: 1 } },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().created as { id: string; code: string; attribute_values: object }[];
    expect(made.map((v) => v.code)).toEqual(['03', '01.2']);
    expect(made[1]!.attribute_values).toEqual({ [unit]: 'm3' });
    expect(await state()).toMatchObject({ undo_label: 'paste' });
    const u = await undo();
    expect(u.json()).toMatchObject({ label: 'paste' });
    expect((u.json() as { ids: string[] }).ids).toHaveLength(3);
    const back = await read();
    expect(back.values.map((v) => v.code).sort()).toEqual(['01', '01.1', '02']);
    expect(back.values.find((v) => v.code === '01')!.name).toBe('Earthworks');
    expect((await redo()).statusCode).toBe(200);
    const again = await read();
    expect(again.values.find((v) => v.code === '03')!.id).toBe(made[0]!.id);
    expect(again.values.find((v) => v.code === '01.2')).toMatchObject({ id: made[1]!.id, parent_id: v01.id });
    // A refused batch (a code taken twice) stores nothing and is no step.
    const bad = await call(h.app, api.directoryUndo.valuesBatch, {
      ...as,
      params: dp(),
      body: { label: 'paste', creates: [{ parent_id: null, code: '02', name: 'Twice' }] },
    });
    expect(bad.statusCode).toBe(409);
    expect(await state()).toMatchObject({ undo_label: 'paste' });
    const wrong = await call(h.app, api.directoryUndo.valuesBatch, {
      ...as,
      params: dp(),
      body: { label: 'paste', creates: [{ parent_id: tree.facility, code: '09', name: 'X' }] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('body.creates.0.parent_id');
    const strict = await call(h.app, api.directoryUndo.valuesBatch, {
      ...as,
      params: dp(),
      body: { label: 'paste', extra: 1 } as never,
    });
    expect(strict.statusCode).toBe(400);
  });

  it('undoes an indent as a move, and a delete with its subtree and the rows linked to it', async () => {
    const v02 = (await byCode('02'))!;
    const v01 = (await byCode('01'))!;
    const moved = await call(h.app, api.directories.valueUpdate, {
      ...as,
      params: { ...dp(), valueId: v02.id },
      body: { parent_id: v01.id, code: '02', name: v02.name, sort_order: 9 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await state()).toMatchObject({ undo_label: 'move' });
    expect((await undo()).statusCode).toBe(200);
    expect(await byCode('02')).toMatchObject({ parent_id: null, sort_order: v02.sort_order });

    // A linked attribute shows Unit on the linked row.
    const linkedAttr = await call(h.app, api.directories.linkedCreate, {
      ...as,
      params: dp(),
      body: { key: unit },
    });
    expect(linkedAttr.statusCode, linkedAttr.body).toBe(201);
    const linkedKey = (linkedAttr.json() as DirectorySummary).attributes.find(
      (a) => a.key === unit,
    )!.linked_to!;
    const v011 = (await byCode('01.1'))!;
    const link = await call(h.app, api.directories.setWbsLink, {
      ...as,
      params: { id: version, wbsId: row },
      body: { directory_id: dir.id, value_id: v011.id },
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(await rowUnit(linkedKey)).toBe('m3');

    // A typed Unit on the linked value; its undo refreshes the row (its own undoable change).
    await edit('01.1', { unit: 'm2' });
    expect(await rowUnit(linkedKey)).toBe('m3');
    expect((await undo()).statusCode).toBe(200);
    expect((await redo()).json()).toMatchObject({ refreshed_rows: 1 });
    expect(await rowUnit(linkedKey)).toBe('m2');

    const del = await call(h.app, api.directories.valueDelete, {
      ...as,
      params: { ...dp(), valueId: v01.id },
    });
    expect(del.json()).toMatchObject({ removed: 3, unlinked: 1 });
    expect(await byCode('01.1')).toBeUndefined();
    const u = await undo();
    expect(u.json()).toMatchObject({ label: 'delete' });
    expect(await byCode('01.1')).toMatchObject({ id: v011.id, parent_id: v01.id, linked_rows: 1 });
    expect(await byCode('01.2')).toBeDefined();
    const links = await call(h.app, api.directories.wbsLinks, { ...as, params: { id: version, wbsId: row } });
    expect(links.json()).toMatchObject([{ value_id: v011.id }]);
    expect((await redo()).statusCode).toBe(200);
    expect(await byCode('01')).toBeUndefined();
    expect((await undo()).statusCode).toBe(200);
  });

  it("keeps each member's own history, and refuses a step another member overtook (409, then gone)", async () => {
    expect(await state(other)).toMatchObject({ can_undo: false });
    expect((await undo(other)).statusCode).toBe(409);
    await edit('02', { name: 'Mine' });
    await edit('01.1', { name: 'Theirs' }, other);
    expect(await state(other)).toMatchObject({ can_undo: true, undo_label: 'edit' });
    // My undo takes back my own edit, not the other member's later one.
    expect((await undo()).statusCode).toBe(200);
    expect((await byCode('02'))!.name).toBe('Concrete');
    expect((await byCode('01.1'))!.name).toBe('Theirs');
    expect((await redo()).statusCode).toBe(200);
    // The other member changes my value since: my undo would overwrite it.
    await edit('02', { name: 'Overtaken' }, other);
    const refused = await undo();
    expect(refused.statusCode).toBe(409);
    expect(JSON.stringify(refused.json())).toContain('directory.undo_changed');
    expect(JSON.stringify(refused.json())).toContain('changed since');
    expect((await byCode('02'))!.name).toBe('Overtaken');
    const ru = await call(h.app, api.directoryUndo.redo, {
      ...as,
      params: dp(),
      headers: { 'accept-language': 'ru' },
    });
    expect(ru.statusCode).toBe(409);
    // The refused step left the history: the next undo is an older step.
    const st = await state();
    expect(st.can_redo).toBe(false);
    expect((await undo(other)).statusCode).toBe(200);
    expect((await byCode('02'))!.name).toBe('Mine');
  });

  it('answers 409 in Russian', async () => {
    await edit('02', { name: 'Ru' });
    await edit('02', { name: 'Ru 2' }, other);
    const res = await call(h.app, api.directoryUndo.undo, {
      ...as,
      params: dp(),
      headers: { 'accept-language': 'ru' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('изменены');
  });

  it('publishes the batch and history routes in the OpenAPI document', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const base = '/api/v1/eps/{epsId}/directory/{id}';
    expect(doc.paths[`${base}/values/batch`].post).toBeDefined();
    expect(doc.paths[`${base}/undo-state`].get).toBeDefined();
    expect(doc.paths[`${base}/undo`].post).toBeDefined();
    expect(doc.paths[`${base}/redo`].post).toBeDefined();
  });

  it("refuses another space's members (403) and a directory of another space (404)", async () => {
    const stranger = await signUp(h.app, 'dirundo3');
    const own = await makeSpace(h.app, stranger.token, 'Elsewhere');
    const res = await call(h.app, api.directoryUndo.undo, {
      token: stranger.token,
      space: as.space,
      params: dp(),
    });
    expect(res.statusCode).toBe(403);
    const st = await call(h.app, api.directoryUndo.undoState, {
      token: stranger.token,
      space: as.space,
      params: dp(),
    });
    expect(st.statusCode).toBe(403);
    const mine = await call(h.app, api.directoryUndo.undo, {
      token: stranger.token,
      space: own,
      params: { epsId: own, id: dir.id },
    });
    expect(mine.statusCode).toBe(404);
  });
});
