// Versions side by side on the demo schedule: a copy compared with its original (nothing differs),
// then edited (a duration longer, a row removed, one added) and compared again; copy-to another
// schedule; the target set by choice or from a version's dates; bad input named.
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { CompareResult, EpsNode, EpsTree, UserSpace, Version, VersionContent } from '../../src/api';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../../src/server/seed';
import { readVersionDoc, sendChange } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { updateValues, WBS_COLUMNS, deleteRows } from '../../src/domain/wbs';
import { wbsState } from '../../src/domain/wbs/change';

describe('version compare, copy-to, target', () => {
  let h: Harness;
  let app: FastifyInstance;
  let auth: { token: string; space: string };
  let schedule: string;
  let working: Version;
  let target: Version;

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    await seedIfEmpty(h.database.db);
    const login = await call(app, api.auth.login, { body: { login: DEMO_LOGIN, password: DEMO_PASSWORD } });
    const token = login.json().token as string;
    const [space] = (await call(app, api.users.spaces, { token })).json() as UserSpace[];
    auth = { token, space: space!.id };
    const tree = (
      await call(app, api.eps.tree, { token, params: { space_id: space!.id } })
    ).json() as EpsTree;
    working = tree.versions.find((v) => v.kind === 'version')!;
    target = tree.versions.find((v) => v.kind === 'target')!;
    schedule = working.schedule_id;
  }, 240_000);
  afterAll(() => h?.close());

  const compare = async (
    base: string,
    version: string,
    slip_days = 5,
    page: Record<string, unknown> = {},
  ) => {
    const res = await call(app, api.versionCompare.compare, {
      ...auth,
      params: { id: schedule },
      body: { base_version_id: base, version_id: version, slip_days, ...page },
    });
    return { status: res.statusCode, body: res.json() as CompareResult & { error_message: unknown } };
  };

  it('finds nothing between a version and its copy, then what an edit changed', async () => {
    const created = await call(app, api.versions.create, {
      ...auth,
      params: { id: schedule },
      body: { label: 'Update 1', copy_from_version_id: working.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const copy = created.json() as Version;
    const same = await compare(working.id, copy.id);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    // The copy carries the assignments and everything else the version owns: nothing differs.
    const fields = new Set(same.body.rows.flatMap((r: { changed: string[] }) => r.changed));
    expect([...fields]).toEqual([]);
    expect(same.body.summary).toMatchObject({ added: 0, removed: 0, changed: 0, finish_moved_days: 0 });
    expect(same.body.summary.same).toBeGreaterThan(50);

    // Longer first task, one task removed.
    const { doc } = await readVersionDoc(app, auth, copy.id);
    const state = wbsState(doc, false);
    const tasks = [...doc.rows.values()].filter((r) => r.nodeType === 'task');
    const first = tasks.find((r) => r.code === 'A1060')!;
    const gone = tasks.find((r) => r.code === 'A1150')!;
    const longer = updateValues(state.doc, state.index, [
      { id: first.id, column: WBS_COLUMNS.duration, value: first.duration + 10 * 480 },
    ]);
    const first1 = await sendChange(app, auth, copy.id, copy.revision, longer);
    expect(first1.statusCode, first1.body).toBe(200);
    const rev = (first1.json() as { revision: number }).revision;
    const state2 = wbsState((await readVersionDoc(app, auth, copy.id)).doc, false);
    const second = await sendChange(app, auth, copy.id, rev, deleteRows(state2.doc, state2.index, [gone.id]));
    expect(second.statusCode, second.body).toBe(200);

    const diff = await compare(working.id, copy.id, 5);
    expect(diff.status).toBe(200);
    const s = diff.body.summary;
    expect(s.removed).toBe(1);
    expect(s.added).toBe(0);
    expect(s.finish_moved_days).toBeGreaterThan(0);
    expect(s.slipped).toBeGreaterThan(0);
    const row = diff.body.rows.find((r) => r.current?.code === 'A1060')!;
    expect(row.status).toBe('changed');
    expect(row.changed).toContain('duration');
    expect(row.changed).toContain('finish');
    expect(row.finish_slip_days).toBeGreaterThan(9);
    expect(diff.body.rows.find((r) => r.base?.code === 'A1150')?.status).toBe('removed');
    expect(diff.body.relations.some((r) => r.status === 'removed')).toBe(true);
    // The answer carries the differences only (by default), with their count and the dates' span.
    expect(diff.body.rows.every((r) => r.status !== 'same')).toBe(true);
    expect(diff.body.total).toBe(s.added + s.removed + s.changed);
    expect(diff.body.rows).toHaveLength(diff.body.total);
    expect(diff.body.offset).toBe(0);
    expect(diff.body.span!.finish).toBeGreaterThan(diff.body.span!.start);
    // Every row, page by page: the pages put together are the whole list, in the same order.
    const all = await compare(working.id, copy.id, 5, { show: 'all', limit: 5000 });
    expect(all.body.total).toBe(s.added + s.removed + s.changed + s.same);
    expect(all.body.rows).toHaveLength(all.body.total);
    const paged: CompareResult['rows'] = [];
    for (let offset = 0; offset < all.body.total; offset += 20) {
      const p = await compare(working.id, copy.id, 5, { show: 'all', offset, limit: 20 });
      expect(p.body.offset).toBe(offset);
      expect(p.body.total).toBe(all.body.total);
      expect(p.body.summary).toEqual(all.body.summary);
      paged.push(...p.body.rows);
    }
    expect(paged).toEqual(all.body.rows);
    const past = await compare(working.id, copy.id, 5, { show: 'all', offset: all.body.total + 10 });
    expect(past.body.rows).toEqual([]);
    // A kind of change and a field: the slipped rows whose duration changed (A1060 among them).
    const slipped = await compare(working.id, copy.id, 5, { show: 'slipped', field: 'duration' });
    expect(slipped.body.rows.map((r) => r.current?.code)).toEqual(['A1060']);
    const removedOnly = await compare(working.id, copy.id, 5, { show: 'removed' });
    expect(removedOnly.body.rows.map((r) => r.base?.code)).toEqual(['A1150']);
    for (const bad of [{ offset: -1 }, { limit: 0 }, { limit: 5001 }, { show: 'same' }, { field: 'x' }])
      expect((await compare(working.id, copy.id, 5, bad)).status, JSON.stringify(bad)).toBe(400);

    // The same comparison as an XLSX: the summary, and the changed row with old → new values.
    const xlsx = await call(app, api.versionCompare.exportComparison, {
      ...auth,
      headers: { language: 'ru' },
      params: { id: schedule },
      body: { base_version_id: working.id, version_id: copy.id, slip_days: 5 },
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Сводка', 'Строки']);
    const summary = wb.worksheets[0]!;
    expect(summary.getRow(7).values).toEqual([undefined, 'Удалено', 1]);
    const sheet = wb.worksheets[1]!;
    expect(sheet.rowCount).toBe(all.body.total + 1);
    const found: string[] = [];
    sheet.eachRow((r) => {
      if (r.getCell(2).value === 'A1060') found.push(String(r.getCell(1).value), String(r.getCell(15).value));
    });
    expect(found[0]).toBe('изменена');
    const before = (first.duration / 480).toString();
    const after = ((first.duration + 10 * 480) / 480).toString();
    expect(found[1]).toContain(`duration: ${before} → ${after}`);
    const bad = await call(app, api.versionCompare.exportComparison, {
      ...auth,
      params: { id: schedule },
      body: { base_version_id: working.id, version_id: copy.id, extra: 1 },
    });
    expect(bad.statusCode).toBe(400);

    // The comparison is kept between calls only while neither version changes: a renamed row
    // of the copy is in the next answer.
    const state3 = wbsState((await readVersionDoc(app, auth, copy.id)).doc, false);
    const renamed = updateValues(state3.doc, state3.index, [
      { id: first.id, column: WBS_COLUMNS.name, value: 'Renamed after the comparison' },
    ]);
    const rev3 = (second.json() as { revision: number }).revision;
    const third = await sendChange(app, auth, copy.id, rev3, renamed);
    expect(third.statusCode, third.body).toBe(200);
    const again = await compare(working.id, copy.id, 5, { show: 'changed', field: 'name' });
    expect(again.body.rows.map((r) => r.current?.name)).toEqual(['Renamed after the comparison']);
  }, 120_000);

  it('names bad input', async () => {
    expect((await compare(working.id, working.id)).status).toBe(400);
    const res = await call(app, api.versionCompare.compare, {
      ...auth,
      params: { id: schedule },
      body: { base_version_id: working.id, version_id: 'nope' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('copies a version into another schedule, and refuses another schedule for the target', async () => {
    const tree = (
      await call(app, api.eps.tree, { ...auth, params: { space_id: auth.space } })
    ).json() as EpsTree;
    const projectId = tree.nodes.find((n) => n.id === schedule)!.parent_id!;
    const other = (
      await call(app, api.projects.createSchedule, {
        ...auth,
        params: { id: projectId },
        body: { name: 'Copy target' },
      })
    ).json() as EpsNode;
    const res = await call(app, api.versionCompare.copyTo, {
      ...auth,
      params: { id: working.id, scheduleId: other.id },
      body: { label: 'From the main schedule' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const copied = res.json() as Version;
    expect(copied.schedule_id).toBe(other.id);
    const content = (
      await call(app, api.versions.content, { ...auth, params: { id: copied.id } })
    ).json() as VersionContent;
    expect(content.items.length).toBeGreaterThan(200);
    const wrong = await call(app, api.versionCompare.targetDates, {
      ...auth,
      params: { id: working.id },
      body: { target_version_id: copied.id },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('is not a version of this schedule');
    await call(app, api.schedules.remove, { ...auth, params: { id: other.id } });
  });

  it('sets the target by choice, or from this version’s dates; one target per schedule', async () => {
    const list = async () =>
      (await call(app, api.versions.list, { ...auth, params: { id: schedule } })).json() as Version[];
    const made = await call(app, api.versionCompare.targetDates, {
      ...auth,
      params: { id: working.id },
      body: {},
    });
    expect(made.statusCode, made.body).toBe(200);
    const fresh = made.json() as Version;
    expect(fresh.kind).toBe('target');
    expect(fresh.label).toContain('(target)');
    let versions = await list();
    expect(versions.filter((v) => v.kind === 'target').map((v) => v.id)).toEqual([fresh.id]);
    // Back to the seeded target by choice.
    const chosen = await call(app, api.versionCompare.targetDates, {
      ...auth,
      params: { id: working.id },
      body: { target_version_id: target.id },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    versions = await list();
    expect(versions.filter((v) => v.kind === 'target').map((v) => v.id)).toEqual([target.id]);
    expect(versions.find((v) => v.id === fresh.id)?.kind).toBe('version');
  });
});
