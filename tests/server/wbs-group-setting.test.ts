// A user's grouping of a version's WBS and its folded headers (wbs-group-setting): saved per user
// and version, read back as saved; bad input a 400 naming the field (en and ru); rows and layouts
// saved before nesting (one column) read as one level.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Tree } from './support/fixtures';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('wbs-group-setting', () => {
  let h: Harness;
  let app: FastifyInstance;
  let owner: { token: string; space: string };
  let ownerId: string;
  let other: { token: string; space: string };
  let tree: Tree;

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'grouper');
    const space = await makeSpace(app, u.token);
    owner = { token: u.token, space };
    ownerId = u.user.id;
    tree = await makeTree(app, u.token, space);
    const r = await signUp(app, 'member');
    other = { token: r.token, space };
    const inv = await call(app, api.space.invite, {
      ...owner,
      params: { space_id: space },
      body: { login: r.login },
    });
    expect(inv.statusCode, inv.body).toBeLessThan(300);
  });
  afterAll(() => h.close());

  const at = () => ({ params: { id: tree.version } });

  it('is null until saved, then read back as saved, per user', async () => {
    const none = await call(app, api.wbsBatch.groupSetting, { ...owner, ...at() });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ setting: null });

    const setting = { group_by: ['type', 'attr:Zone'], folded: [['task'], ['work', ''], ['work', 'North']] };
    const put = await call(app, api.wbsBatch.saveGroupSetting, { ...owner, ...at(), body: setting });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ setting });
    expect((await call(app, api.wbsBatch.groupSetting, { ...owner, ...at() })).json()).toEqual({ setting });

    // Another member has their own (none yet).
    expect((await call(app, api.wbsBatch.groupSetting, { ...other, ...at() })).json()).toEqual({
      setting: null,
    });

    // A new grouping replaces the old one with its folds.
    const next = { group_by: ['status'], folded: [] };
    await call(app, api.wbsBatch.saveGroupSetting, { ...owner, ...at(), body: next });
    expect((await call(app, api.wbsBatch.groupSetting, { ...owner, ...at() })).json()).toEqual({
      setting: next,
    });
    const cleared = { group_by: null, folded: [] };
    await call(app, api.wbsBatch.saveGroupSetting, { ...owner, ...at(), body: cleared });
    expect((await call(app, api.wbsBatch.groupSetting, { ...owner, ...at() })).json()).toEqual({
      setting: cleared,
    });
  });

  it('refuses bad input with a 400 naming the field, in en and ru', async () => {
    const bad = async (body: unknown, field: string, code: string) => {
      for (const language of ['en', 'ru']) {
        const res = await call(app, api.wbsBatch.saveGroupSetting, {
          ...owner,
          ...at(),
          body: body as never,
          headers: { language },
        });
        expect(res.statusCode, res.body).toBe(400);
        const item = (
          res.json() as {
            error_message: { code: string; params: { field: string }; error_message: string }[];
          }
        ).error_message[0]!;
        expect(item).toMatchObject({ code, params: { field } });
        expect(item.error_message).toContain(field);
        if (language === 'ru') expect(item.error_message).toMatch(/[а-я]/);
      }
    };
    await bad({ group_by: ['a', 'b', 'c', 'd'], folded: [] }, 'body.group_by', 'invalid');
    await bad({ group_by: ['a', 'a'], folded: [] }, 'body.group_by', 'group.duplicate_level');
    await bad({ group_by: ['a'], folded: [['x', 'y']] }, 'body.folded.0', 'group.fold_level');
    await bad({ group_by: null, folded: [['x']] }, 'body.folded.0', 'group.fold_level');
    await bad({ group_by: ['a'], folded: [], extra: true }, 'body', 'invalid');
    await bad({ group_by: ['a'] }, 'body.folded', 'required');
  });

  it('another space answers 404 for the version', async () => {
    const stranger = await signUp(app, 'stranger');
    const theirs = await makeSpace(app, stranger.token);
    const res = await call(app, api.wbsBatch.groupSetting, {
      token: stranger.token,
      space: theirs,
      ...at(),
    });
    expect(res.statusCode).toBe(404);
  });

  it('reads rows, layouts and templates saved with one grouping column as one level', async () => {
    await h.database.db
      .insertInto('wbs_group_settings')
      .values({
        space_id: owner.space,
        version_id: tree.version,
        user_id: ownerId,
        group_by: JSON.stringify('type'),
        folded: JSON.stringify([['task']]),
      })
      .onConflict((oc) =>
        oc
          .columns(['space_id', 'version_id', 'user_id'])
          .doUpdateSet({ group_by: JSON.stringify('type'), folded: JSON.stringify([['task']]) }),
      )
      .execute();
    expect((await call(app, api.wbsBatch.groupSetting, { ...owner, ...at() })).json()).toEqual({
      setting: { group_by: ['type'], folded: [['task']] },
    });

    // A version layout written by an older client (one column).
    const layout = { columns: [], frozen: 0, sort: [], group_by: 'type' };
    const put = await call(app, api.wbsBatch.saveLayout, { ...owner, ...at(), body: layout as never });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call(app, api.wbsBatch.layout, { ...owner, ...at() })).json()).toMatchObject({
      layout: { group_by: ['type'] },
    });
    // A stored one from before nesting.
    await h.database.db
      .updateTable('version_layouts')
      .set({ layout: JSON.stringify(layout) })
      .where('version_id', '=', tree.version)
      .execute();
    expect((await call(app, api.wbsBatch.layout, { ...owner, ...at() })).json()).toMatchObject({
      layout: { group_by: ['type'] },
    });
    // Three levels in a template.
    const settings = {
      columns: [],
      frozen: 0,
      sort: [],
      group_by: ['type', 'status', 'attr:Zone'],
      color_by: null,
      row_height: 26,
    };
    const t = await call(app, api.viewSettings.createTemplate, {
      ...owner,
      body: { name: 'Nested', settings },
    });
    expect(t.statusCode, t.body).toBe(201);
    expect(t.json()).toMatchObject({ settings: { group_by: ['type', 'status', 'attr:Zone'] } });
    const id = (t.json() as { id: string }).id;
    await h.database.db
      .updateTable('layout_templates')
      .set({ settings: JSON.stringify({ ...settings, group_by: 'status' }) })
      .where('id', '=', id)
      .execute();
    const items = (await call(app, api.viewSettings.templates, owner)).json() as {
      items: { id: string; settings: { group_by: unknown } }[];
    };
    expect(items.items.find((x) => x.id === id)!.settings.group_by).toEqual(['status']);
  });
});
