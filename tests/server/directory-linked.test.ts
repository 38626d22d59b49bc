// Linked attributes: a directory attribute shown on the WBS rows linked to the directory's values,
// through a read-only space attribute of its own. update-linked-values counts (dry run), then
// writes the linked rows as one undoable change per version (an undo from the workbench takes it
// back); linking or unlinking a row refreshes that row; the grid's batch cannot write the value;
// removing the linked attribute removes the rows' values, removing the directory attribute leaves
// an ordinary attribute.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type {
  AttributeWithRoles,
  Directory,
  DirectorySummary,
  DonorPush,
  VersionContent,
} from '../../src/api';
import type { UndoAction } from '../../src/api/wbs-batch';
import { makeSpace, makeTree, signUp, type Tree } from './support/fixtures';
import { call, startHarness, type Harness } from './support/harness';
import { upload } from './transfer-helpers';

const CSV = 'code;name;parent;Unit;Norm\n01;Earthworks;;;\n01.1;Excavation;01;m3;2.5\n02;Concrete;;m3;4\n';

describe('linked attributes of a directory', () => {
  let h: Harness;
  let auth: { token: string; space: string };
  let tree: Tree;
  let dir: Directory;
  let version: string;
  let rows: Record<string, string>;
  let unitKey: string;
  let normKey: string;
  let linkedUnit: string;
  let linkedNorm: string;
  const dp = () => ({ epsId: tree.facility, id: dir.id });
  const valueId = (c: string) => dir.values.find((v) => v.code === c)!.id;
  const refresh = (dryRun: boolean) =>
    call(h.app, api.directories.updateLinkedValues, {
      ...auth,
      params: dp(),
      query: { dry_run: dryRun ? 'true' : 'false' },
    });
  const content = async () =>
    (await call(h.app, api.versions.content, { ...auth, params: { id: version } })).json() as VersionContent;
  const values = async (key: string) =>
    Object.fromEntries(
      (await content()).items.filter((i) => i.code.startsWith('A')).map((i) => [i.code, i.attributes[key]]),
    );
  const link = (row: string, value: string | null) =>
    call(h.app, api.directories.setWbsLink, {
      ...auth,
      params: { id: version, wbsId: rows[row]! },
      body: { directory_id: dir.id, value_id: value === null ? null : valueId(value) },
    });

  beforeAll(async () => {
    h = await startHarness();
    const owner = await signUp(h.app, 'linked');
    const space = await makeSpace(h.app, owner.token, 'Linked');
    auth = { token: owner.token, space };
    tree = await makeTree(h.app, owner.token, space);
    const res = await upload(h.app, auth, `/schedules/${tree.schedule}/versions/upload/synchronous`, {
      name: 'site.csv',
      data: 'Code,Name,Duration (d)\nA10,Dig,2\nA20,Pour,3\nA30,Other,1\n',
    });
    expect(res.statusCode, res.body).toBe(201);
    version = res.json().id;
    rows = Object.fromEntries((await content()).items.map((i) => [i.code, i.id]));
    const d = await upload(h.app, auth, `/eps/${tree.facility}/directory/upload`, {
      name: 'Work types.csv',
      data: CSV,
    });
    expect(d.statusCode, d.body).toBe(201);
    dir = d.json() as Directory;
    unitKey = dir.attributes.find((a) => a.name === 'Unit')!.key;
    normKey = dir.attributes.find((a) => a.name === 'Norm')!.key;
    // Norm is a number: the rows take numbers.
    const typed = await call(h.app, api.directories.attributeUpdate, {
      ...auth,
      params: { ...dp(), key: normKey },
      body: { name: 'Norm', type: 'number' },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    for (const [row, value] of [
      ['A10', '01.1'],
      ['A20', '02'],
    ] as const)
      expect((await link(row, value)).statusCode).toBe(200);
  });
  afterAll(() => h.close());

  it('creates linked attributes; a bad key, an unknown field or a second link is refused', async () => {
    const make = (body: Record<string, unknown>) =>
      call(h.app, api.directories.linkedCreate, { ...auth, params: dp(), body: body as { key: string } });
    const bad = await make({ key: 'a_nothing' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('body.key');
    const extra = await make({ key: unitKey, colour: 'red' });
    expect(extra.statusCode).toBe(400);
    const unit = await make({ key: unitKey });
    expect(unit.statusCode, unit.body).toBe(201);
    linkedUnit = (unit.json() as DirectorySummary).attributes.find((a) => a.key === unitKey)!.linked_to!;
    expect(linkedUnit).toMatch(/^a_[0-9a-f]{12}$/);
    const again = await make({ key: unitKey });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('directory.already_linked');
    const norm = await make({ key: normKey, name: 'Norm per unit' });
    expect(norm.statusCode, norm.body).toBe(201);
    linkedNorm = (norm.json() as DirectorySummary).attributes.find((a) => a.key === normKey)!.linked_to!;

    // A space attribute of its own, typed as the directory's, marked linked.
    const list = (await call(h.app, api.attributes.list, auth)).json() as { items: AttributeWithRoles[] };
    expect(list.items.find((a) => a.key === linkedUnit)).toMatchObject({
      name: 'Unit (Work types)',
      type: 'text',
      linked: { directory_id: dir.id, key: unitKey },
    });
    expect(list.items.find((a) => a.key === linkedNorm)).toMatchObject({
      name: 'Norm per unit',
      type: 'number',
    });
    const cols = (
      await call(h.app, api.versionResources.attributes, { ...auth, params: { id: version } })
    ).json() as { items: { key: string; linked_directory_id?: string | null }[] };
    expect(cols.items.find((c) => c.key === linkedNorm)?.linked_directory_id).toBe(dir.id);
    // The directory lists them (GET and the space's list).
    const got = (await call(h.app, api.directories.get, { ...auth, params: dp() })).json() as Directory;
    expect(got.attributes.find((a) => a.key === normKey)?.linked_to).toBe(linkedNorm);
  });

  it('counts, writes the linked rows as one change, and an undo from the workbench takes it back', async () => {
    const dry = await refresh(true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json() as DonorPush).toMatchObject({ rows: 2, versions: [{ version_id: version, rows: 2 }] });
    expect(await values(linkedNorm)).toEqual({ A10: undefined, A20: undefined, A30: undefined });
    expect((await refresh(false)).statusCode).toBe(200);
    expect(await values(linkedUnit)).toEqual({ A10: 'm3', A20: 'm3', A30: undefined });
    expect(await values(linkedNorm)).toEqual({ A10: 2.5, A20: 4, A30: undefined });
    expect((await refresh(true)).json()).toMatchObject({ rows: 0, versions: [] });

    // The change is the version's newest entry, at its current revision.
    const log = (
      await call(h.app, api.wbsBatch.undoActions, { ...auth, params: { id: version }, query: {} })
    ).json() as { items: UndoAction[] };
    const entry = log.items[0]!;
    expect(entry.label).toBe('cmd.directory_linked');
    // The grid cannot write a linked value.
    const write = await call(h.app, api.wbsBatch.batch, {
      ...auth,
      params: { id: version },
      body: {
        revision: entry.revision,
        origin: 'do',
        entry: {
          v: 1,
          kind: 'undo_wbs',
          labelKey: 'cmd.edit',
          patches: [{ op: 'replace', path: ['rows', rows.A10!, 'attributes', linkedNorm], value: 9 }],
          inversePatches: [
            { op: 'replace', path: ['rows', rows.A10!, 'attributes', linkedNorm], value: 2.5 },
          ],
        },
      },
    });
    expect(write.statusCode, write.body).toBe(403);
    expect(write.body).toContain('attribute.linked');

    // Ctrl+Z sends the logged change's inverse as an undo: accepted.
    const e = entry.entry as { patches: unknown[]; inversePatches: unknown[] };
    const undo = await call(h.app, api.wbsBatch.batch, {
      ...auth,
      params: { id: version },
      body: {
        revision: entry.revision,
        origin: 'undo',
        entry: { ...entry.entry, patches: e.inversePatches, inversePatches: e.patches } as never,
      },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await values(linkedNorm)).toEqual({ A10: undefined, A20: undefined, A30: undefined });
    expect((await refresh(false)).json()).toMatchObject({ rows: 2 });
  });

  it('a changed value reaches the rows that differ; linking and unlinking a row refresh it', async () => {
    const upd = await call(h.app, api.directories.valueUpdate, {
      ...auth,
      params: { ...dp(), valueId: valueId('02') },
      body: {
        parent_id: null,
        code: '02',
        name: 'Concrete',
        attribute_values: { [unitKey]: 'm3', [normKey]: '4.75' },
      },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect((await refresh(true)).json()).toMatchObject({ rows: 1, versions: [{ rows: 1 }] });
    await refresh(false);
    expect(await values(linkedNorm)).toEqual({ A10: 2.5, A20: 4.75, A30: undefined });

    expect((await link('A30', '01.1')).statusCode).toBe(200);
    expect((await link('A10', null)).statusCode).toBe(200);
    expect(await values(linkedNorm)).toEqual({ A10: undefined, A20: 4.75, A30: 2.5 });
    expect(await values(linkedUnit)).toEqual({ A10: undefined, A20: 'm3', A30: 'm3' });
    expect((await refresh(true)).json()).toMatchObject({ rows: 0 });
  });

  it('renames; removing the link removes the values; a removed directory attribute leaves an ordinary one', async () => {
    const ren = await call(h.app, api.directories.linkedUpdate, {
      ...auth,
      params: { ...dp(), key: unitKey },
      body: { name: 'Unit of work' },
    });
    expect(ren.statusCode, ren.body).toBe(200);
    const missing = await call(h.app, api.directories.linkedUpdate, {
      ...auth,
      params: { ...dp(), key: 'a_nothing' },
      body: { name: 'X' },
    });
    expect(missing.statusCode).toBe(404);

    const del = await call(h.app, api.directories.linkedDelete, {
      ...auth,
      params: { ...dp(), key: unitKey },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(
      (del.json() as DirectorySummary).attributes.find((a) => a.key === unitKey)?.linked_to ?? null,
    ).toBe(null);
    expect(await values(linkedUnit)).toEqual({ A10: undefined, A20: undefined, A30: undefined });

    const gone = await call(h.app, api.directories.attributeDelete, {
      ...auth,
      params: { ...dp(), key: normKey },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const list = (await call(h.app, api.attributes.list, auth)).json() as { items: AttributeWithRoles[] };
    expect(list.items.find((a) => a.key === linkedUnit)).toBeUndefined();
    expect(list.items.find((a) => a.key === linkedNorm)).toMatchObject({
      name: 'Norm per unit',
      linked: null,
    });
    // The rows keep the values, now ordinary (and writable).
    expect(await values(linkedNorm)).toEqual({ A10: undefined, A20: 4.75, A30: 2.5 });
  });
});
