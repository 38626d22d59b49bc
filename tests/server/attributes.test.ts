// Attributes end to end through the API: typed definitions at scope levels, the formula check,
// access per role enforced on reads (content, columns, definitions) and writes (batches), saved
// filters and layout templates per user.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { AttributeWithRoles, Role, VersionColumns } from '../../src/api';
import { decodeColumns } from '../../src/api/columns-binary';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import type { Tree } from './support/fixtures';
import { makeSpace, makeTree, readVersionDoc, sendChange, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('attributes', () => {
  let h: Harness;
  let app: FastifyInstance;
  let owner: { token: string; space: string };
  let reader: { token: string; space: string };
  let tree: Tree;
  let studentRole: Role;
  const row = randomUUID();

  const create = (body: Record<string, unknown>) => call(app, api.attributes.create, { ...owner, body });

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'attrs');
    const space = await makeSpace(app, u.token);
    owner = { token: u.token, space };
    tree = await makeTree(app, u.token, space);
    // A second member who holds a role of the student value.
    const r = await signUp(app, 'reader');
    reader = { token: r.token, space };
    const inv = await call(app, api.space.invite, {
      ...owner,
      params: { space_id: space },
      body: { login: r.login },
    });
    expect(inv.statusCode, inv.body).toBeLessThan(300);
    const roles = (await call(app, api.roles.list, owner)).json() as Role[];
    studentRole = roles.find((x) => x.value === 'student')!;
    const set = await call(app, api.space.setRole, {
      ...owner,
      params: { space_id: space },
      body: { user_id: r.user.id, role_id: studentRole.id },
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const created = change(empty, (d) => {
      d.rows.set(row, newRow(row, 'task', null, 'a0', { name: 'Walls' }));
    });
    expect((await sendChange(app, owner, tree.version, 0, created)).statusCode).toBe(200);
  });
  afterAll(() => h.close());

  it('defines typed attributes at scope levels and refuses bad input naming the field', async () => {
    const zone = await create({
      name: 'Zone',
      type: 'list',
      scope: 'project',
      node_id: tree.project,
      list_values: ['N', 'S'],
    });
    expect(zone.statusCode, zone.body).toBe(201);
    expect(zone.json()).toMatchObject({
      name: 'Zone',
      type: 'list',
      access: 'write',
      list_values: ['N', 'S'],
    });
    expect((zone.json() as AttributeWithRoles).key).toMatch(/^a_[0-9a-f]{12}$/);

    const bad = await create({ name: 'X', type: 'list', scope: 'space', node_id: tree.project });
    expect(bad.statusCode).toBe(400);
    const codes = (bad.json() as { error_message: { code: string; params: { field?: string } }[] })
      .error_message;
    expect(codes.map((c) => c.code).sort()).toEqual([
      'attribute.list_values_required',
      'attribute.node_for_scope',
    ]);

    // A scope names a node of its own level.
    expect(
      (await create({ name: 'Y', type: 'text', scope: 'facility', node_id: tree.project })).statusCode,
    ).toBe(404);
    expect(
      (await create({ name: 'Zone', type: 'text', scope: 'project', node_id: tree.project })).statusCode,
    ).toBe(409);
  });

  it('checks formulas: unknown references and syntax are 400 with the place', async () => {
    const check = (formula: string) => call(app, api.attributes.calculate, { ...owner, body: { formula } });
    expect((await check('volume * price + [Zone]')).json()).toMatchObject({ ok: true });
    expect((await check('volume * ')).json()).toMatchObject({
      ok: false,
      error: { code: 'unexpected_end', at: 9 },
    });
    expect((await check('nothing + 1')).json()).toMatchObject({
      ok: false,
      error: { code: 'unknown_reference', detail: 'nothing' },
    });
    const bad = await create({
      name: 'Cost',
      type: 'formula',
      scope: 'space',
      node_id: null,
      formula: 'FOO(1)',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error_message: [{ code: 'formula.unknown_function', params: { field: 'formula' } }],
    });
    const ok = await create({
      name: 'Cost',
      type: 'formula',
      scope: 'space',
      node_id: null,
      formula: 'volume * price',
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('hides an attribute from a role: not listed, not read in content or columns, not written', async () => {
    const secret = (
      await create({ name: 'Secret', type: 'number', scope: 'schedule', node_id: tree.schedule })
    ).json() as AttributeWithRoles;
    // The owner writes a value.
    const { doc } = await readVersionDoc(app, owner, tree.version);
    const put = change(doc, (d) => {
      d.rows.get(row)!.attributes[secret.key] = 42;
    });
    expect((await sendChange(app, owner, tree.version, 1, put)).statusCode).toBe(200);

    const seen = async (as: typeof owner) => {
      const { content } = await readVersionDoc(app, as, tree.version);
      const cols = (
        await call(app, api.versions.contentColumns, { ...as, params: { id: tree.version } })
      ).json() as VersionColumns;
      const bin = (
        await call(app, api.versions.contentColumns, {
          ...as,
          params: { id: tree.version },
          query: { format: 'binary' },
        })
      ).rawPayload;
      const binary = decodeColumns(
        bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer,
      );
      const defs = (
        await call(app, api.versionResources.attributes, { ...as, params: { id: tree.version } })
      ).json() as {
        items: { key: string }[];
      };
      const sched = (
        await call(app, api.attributes.schedule, { ...as, params: { id: tree.schedule } })
      ).json() as {
        items: { key: string }[];
      };
      return {
        content: content.items[0]!.attributes[secret.key],
        columns: cols.items.attributes.some(([, a]) => secret.key in a),
        binary: binary.items.attributes.some(([, a]) => secret.key in a),
        defs: defs.items.some((d) => d.key === secret.key),
        schedule: sched.items.some((d) => d.key === secret.key),
      };
    };
    expect(await seen(reader)).toEqual({
      content: 42,
      columns: true,
      binary: true,
      defs: true,
      schedule: true,
    });

    const hide = await call(app, api.attributes.setAccess, {
      ...owner,
      params: { id: secret.id },
      body: { role_id: studentRole.id, access: 'hidden' },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((hide.json() as AttributeWithRoles).roles.find((r) => r.role_id === studentRole.id)).toMatchObject(
      {
        access: 'hidden',
        explicit: true,
      },
    );
    expect(await seen(reader)).toEqual({
      content: undefined,
      columns: false,
      binary: false,
      defs: false,
      schedule: false,
    });
    expect(await seen(owner)).toEqual({
      content: 42,
      columns: true,
      binary: true,
      defs: true,
      schedule: true,
    });
    const values = await call(app, api.attributes.values, { ...reader, params: { id: secret.id } });
    expect(values.statusCode).toBe(404);
    const forRole = await call(app, api.attributes.scheduleForRole, {
      ...owner,
      params: { id: tree.schedule, roleId: studentRole.id },
    });
    expect(
      (forRole.json() as { items: { key: string; access: string }[] }).items.find(
        (a) => a.key === secret.key,
      ),
    ).toMatchObject({ access: 'hidden' });

    // Read-only for the owner's role: the batch is refused, the value stays.
    const roles = (await call(app, api.roles.list, owner)).json() as Role[];
    const moderator = roles.find((x) => x.value === 'moderator')!;
    const ro = await call(app, api.attributes.scheduleAccess, {
      ...owner,
      params: { id: tree.schedule },
      body: { attribute_id: secret.id, role_id: moderator.id, access: 'read' },
    });
    expect(ro.statusCode, ro.body).toBe(200);
    const again = (await readVersionDoc(app, owner, tree.version)).doc;
    const write = change(again, (d) => {
      d.rows.get(row)!.attributes[secret.key] = 7;
    });
    const refused = await sendChange(app, owner, tree.version, 2, write);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error_message: [{ code: 'attribute.read_only', params: { name: 'Secret' } }],
    });
    expect((await readVersionDoc(app, owner, tree.version)).content.items[0]!.attributes[secret.key]).toBe(
      42,
    );

    // Back to the default: written again; deleting the attribute removes the rows' values.
    await call(app, api.attributes.removeAccess, {
      ...owner,
      params: { id: secret.id, roleId: moderator.id },
    });
    expect((await sendChange(app, owner, tree.version, 2, write)).statusCode).toBe(200);
    const del = await call(app, api.attributes.scheduleRemove, {
      ...owner,
      params: { id: tree.schedule, attributeId: secret.id },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(
      (await readVersionDoc(app, owner, tree.version)).content.items[0]!.attributes[secret.key],
    ).toBeUndefined();
  });

  it('takes only its list values in a list attribute, naming the list otherwise', async () => {
    const phase = (
      await create({ name: 'Phase', type: 'list', scope: 'space', node_id: null, list_values: ['P1', 'P2'] })
    ).json() as AttributeWithRoles;
    const put = async (value: string | null) => {
      const { doc, content } = await readVersionDoc(app, owner, tree.version);
      const c = change(doc, (d) => {
        d.rows.get(row)!.attributes[phase.key] = value;
      });
      return sendChange(app, owner, tree.version, content.version.revision, c);
    };
    expect((await put('P2')).statusCode).toBe(200);
    const refused = await put('P9');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error_message: [
        {
          code: 'attribute.not_in_list',
          params: { field: `attributes.${phase.key}`, name: 'Phase', value: 'P9', values: 'P1, P2' },
          error_message: 'The value "P9" is not in the list of Phase: P1, P2',
        },
      ],
    });
    // Case is the list's: the server takes the exact value only (the grid converts what is typed).
    expect((await put('p1')).statusCode).toBe(400);
    const stored = (await readVersionDoc(app, owner, tree.version)).content.items[0]!.attributes;
    expect(stored[phase.key]).toBe('P2');
    // Clearing the value is always allowed.
    expect((await put(null)).statusCode).toBe(200);
  });

  it('keeps saved filters and layout templates per user', async () => {
    const save = await call(app, api.viewSettings.saveFilter, {
      ...owner,
      body: {
        name: 'Walls',
        filter: { match: 'all', conditions: [{ field: 'name', op: 'like', value: 'wall' }] },
      },
    });
    expect(save.statusCode, save.body).toBe(201);
    const bad = await call(app, api.viewSettings.saveFilter, {
      ...owner,
      body: { name: 'Bad', filter: { field: 'name', op: 'between' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error_message: [{ code: 'filter.invalid' }] });
    expect(
      ((await call(app, api.viewSettings.filters, owner)).json() as { items: unknown[] }).items,
    ).toHaveLength(1);
    expect(
      ((await call(app, api.viewSettings.filters, reader)).json() as { items: unknown[] }).items,
    ).toHaveLength(0);

    const settings = {
      columns: [{ id: 'name', width: 300, visible: true }],
      frozen: 1,
      sort: [{ column: 'name', dir: 'asc' }],
      group_by: 'attr:x',
      color_by: { column: 'status', colors: { completed: '#00aa00' } },
      row_height: 30,
    };
    const t = await call(app, api.viewSettings.createTemplate, {
      ...owner,
      body: { name: 'Wide', settings },
    });
    expect(t.statusCode, t.body).toBe(201);
    const id = (t.json() as { id: string }).id;
    expect(
      (await call(app, api.viewSettings.createTemplate, { ...owner, body: { name: 'wide', settings } }))
        .statusCode,
    ).toBe(409);
    const d = await call(app, api.viewSettings.setDefaultTemplate, {
      ...owner,
      params: { id },
      body: { is_default: true },
    });
    // One grouping column (as sent before nesting) comes back as a one-level list.
    expect(d.json()).toMatchObject({ is_default: true, settings: { ...settings, group_by: ['attr:x'] } });
    // Another member cannot reach it.
    expect((await call(app, api.viewSettings.removeTemplate, { ...reader, params: { id } })).statusCode).toBe(
      404,
    );
    expect((await call(app, api.viewSettings.removeTemplate, { ...owner, params: { id } })).statusCode).toBe(
      200,
    );
  });

  it("keeps a schedule's default layout: set by its editors, read by every member", async () => {
    const settings = {
      columns: [{ id: 'name', width: 240, visible: true }],
      frozen: 1,
      sort: [{ column: 'start', dir: 'desc' as const }],
      group_by: null,
      color_by: null,
      row_height: 30,
    };
    const at = { params: { id: tree.schedule } };
    expect((await call(app, api.viewSettings.scheduleLayout, { ...reader, ...at })).json()).toEqual({
      layout: null,
    });
    // A reader (student role) may not set it; the owner may.
    const denied = await call(app, api.viewSettings.setScheduleLayout, {
      ...reader,
      ...at,
      body: { name: 'Site', settings },
    });
    expect(denied.statusCode).toBe(403);
    const set = await call(app, api.viewSettings.setScheduleLayout, {
      ...owner,
      ...at,
      body: { name: 'Site', settings },
    });
    expect(set.statusCode, set.body).toBe(200);
    // Set again: replaced, not doubled.
    const again = await call(app, api.viewSettings.setScheduleLayout, {
      ...owner,
      ...at,
      body: { name: 'Site 2', settings: { ...settings, row_height: 24 } },
    });
    expect(again.statusCode, again.body).toBe(200);
    const read = (await call(app, api.viewSettings.scheduleLayout, { ...reader, ...at })).json() as {
      layout: { name: string; settings: { row_height: number; sort: unknown[] }; set_by: string };
    };
    expect(read.layout).toMatchObject({ name: 'Site 2', settings: { row_height: 24, sort: settings.sort } });
    // Bad input names the field; a node that is not a schedule is a 404.
    const bad = await call(app, api.viewSettings.setScheduleLayout, {
      ...owner,
      ...at,
      body: { name: 'Site', settings: { ...settings, row_height: 5 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('row_height');
    const project = await call(app, api.viewSettings.scheduleLayout, {
      ...owner,
      params: { id: tree.project },
    });
    expect(project.statusCode).toBe(404);
    expect((await call(app, api.viewSettings.clearScheduleLayout, { ...reader, ...at })).statusCode).toBe(
      403,
    );
    expect((await call(app, api.viewSettings.clearScheduleLayout, { ...owner, ...at })).statusCode).toBe(200);
    expect((await call(app, api.viewSettings.scheduleLayout, { ...owner, ...at })).json()).toEqual({
      layout: null,
    });
  });
});
