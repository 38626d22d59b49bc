// A directory-typed attribute in the workbench: the version's attribute definitions name its
// directory (the grid's directory-value picker reads that directory's values), and the batch
// takes a code of the directory, refuses any other text naming the attribute, lets a clear
// through, and lets an undo restore a code the directory no longer has.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { AttributeWithRoles, Directory } from '../../src/api';
import type { AttributeDef } from '../../src/api/version-resources';
import { serializeEntry, undoKindOf } from '../../src/domain/history';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, readVersionDoc, sendChange, signUp, type Tree } from './support/fixtures';
import { call, startHarness, type Harness } from './support/harness';
import { upload } from './transfer-helpers';

const CSV = 'code;name;parent\nEW;Earthworks;\nEW.1;Excavation;EW\nFN;Finishing;\n';

describe('directory attribute values (the grid picker)', () => {
  let h: Harness;
  let auth: { token: string; space: string };
  let tree: Tree;
  let dir: Directory;
  let attr: AttributeWithRoles;
  const row = randomUUID();

  const put = async (value: string | null) => {
    const { doc, content } = await readVersionDoc(h.app, auth, tree.version);
    const c = change(doc, (d) => {
      d.rows.get(row)!.attributes[attr.key] = value;
    });
    return { res: await sendChange(h.app, auth, tree.version, content.version.revision, c), c };
  };

  beforeAll(async () => {
    h = await startHarness();
    const owner = await signUp(h.app, 'dirpicker');
    const space = await makeSpace(h.app, owner.token, 'Picker');
    auth = { token: owner.token, space };
    tree = await makeTree(h.app, owner.token, space);
    const d = await upload(h.app, auth, `/eps/${space}/directory/upload`, {
      name: 'Work types.csv',
      data: CSV,
    });
    expect(d.statusCode, d.body).toBe(201);
    dir = d.json() as Directory;
    const a = await call(h.app, api.attributes.create, {
      ...auth,
      body: { name: 'Work type', type: 'directory', scope: 'space', node_id: null, directory_id: dir.id },
    });
    expect(a.statusCode, a.body).toBe(201);
    attr = a.json() as AttributeWithRoles;
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const created = change(empty, (x) => {
      x.rows.set(row, newRow(row, 'task', null, 'a0', { name: 'Dig' }));
    });
    expect((await sendChange(h.app, auth, tree.version, 0, created)).statusCode).toBe(200);
  });
  afterAll(() => h.close());

  it("names the attribute's directory in the version's definitions", async () => {
    const res = await call(h.app, api.versionResources.attributes, { ...auth, params: { id: tree.version } });
    expect(res.statusCode, res.body).toBe(200);
    const def = (res.json() as { items: AttributeDef[] }).items.find((x) => x.key === attr.key);
    expect(def).toMatchObject({ type: 'directory', directory_id: dir.id, label: 'Work type' });
  });

  it('takes a code of the directory and refuses another text naming the attribute', async () => {
    expect((await put('EW.1')).res.statusCode).toBe(200);
    const refused = (await put('XX')).res;
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error_message: [
        {
          code: 'attribute.not_in_directory',
          params: { field: `attributes.${attr.key}`, name: 'Work type', value: 'XX' },
        },
      ],
    });
    // The exact code only: the grid turns what is typed into the code.
    expect((await put('ew.1')).res.statusCode).toBe(400);
    const stored = (await readVersionDoc(h.app, auth, tree.version)).content.items[0]!.attributes;
    expect(stored[attr.key]).toBe('EW.1');
  });

  it('lets a clear through, and an undo restore a code the directory no longer has', async () => {
    const { res } = await put('FN');
    expect(res.statusCode).toBe(200);
    const fn = dir.values.find((v) => v.code === 'FN')!;
    const del = await call(h.app, api.directories.valueDelete, {
      ...auth,
      params: { epsId: auth.space, id: dir.id, valueId: fn.id },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await put(null)).res.statusCode).toBe(200);
    // Writing FN anew is refused; taking back the clear (an undo of it) is not.
    expect((await put('FN')).res.statusCode).toBe(400);
    const { doc, content } = await readVersionDoc(h.app, auth, tree.version);
    const back = change(doc, (d) => {
      d.rows.get(row)!.attributes[attr.key] = 'FN';
    });
    const undo = await call(h.app, api.wbsBatch.batch, {
      ...auth,
      params: { id: tree.version },
      body: {
        revision: content.version.revision,
        origin: 'undo',
        entry: serializeEntry({ kind: undoKindOf(back.patches), labelKey: 'cmd.edit', ...back }),
      },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await readVersionDoc(h.app, auth, tree.version)).content.items[0]!.attributes[attr.key]).toBe(
      'FN',
    );
  });
});
