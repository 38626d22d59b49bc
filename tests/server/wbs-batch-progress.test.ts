// What a batch keeps in step beyond the patches themselves: the stored remaining duration is the
// domain's remainingDuration of the row as stored (P6 duration % complete), whatever edit got it
// there; and a re-parenting batch may not leave a stored relation joining a row with one of its
// own summaries (an older or foreign client that does not drop such links as indent does).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import { buildCalendarIndex, standardCalendarDef } from '../../src/domain/calendar';
import { change, wbsState } from '../../src/domain/wbs/change';
import type { WbsChange } from '../../src/domain/wbs/change';
import { WBS_COLUMNS } from '../../src/domain/wbs/columns';
import { remainingDuration } from '../../src/domain/wbs/progress';
import { addRelations } from '../../src/domain/wbs/relations';
import { indent } from '../../src/domain/wbs/structure';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc, WbsRow } from '../../src/domain/wbs/types';
import { updateValues } from '../../src/domain/wbs/values';
import { itemFieldsFromRow } from '../../src/api/wbs-rows';
import { makeSpace, makeTree, readVersionDoc, sendChange, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const DAY = 480;

describe('wbs batch: remaining duration and hierarchy links', () => {
  let h: Harness;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let version: string;
  let revision = 0;

  const read = async () => {
    const { content, doc } = await readVersionDoc(app, as, version);
    return { doc, remaining: new Map(content.items.map((i) => [i.id, i.remaining])) };
  };
  const send = (c: Pick<WbsChange<unknown>, 'patches' | 'inversePatches'>, labelKey?: string) =>
    sendChange(app, as, version, revision, c, labelKey);
  const ok = async (c: Pick<WbsChange<unknown>, 'patches' | 'inversePatches'>, labelKey?: string) => {
    const res = await send(c, labelKey);
    expect(res.statusCode, res.body).toBe(200);
    revision = (res.json() as { revision: number }).revision;
    return res.json() as { revision: number; action_id: string };
  };
  /**
   * Every stored remaining equals the domain's remainingDuration of the stored row, and what the
   * client's mapping would send for it (itemFieldsFromRow).
   */
  const expectRemainingAgrees = async () => {
    const { doc, remaining } = await read();
    for (const row of doc.rows.values()) {
      expect(remaining.get(row.id), `${row.name} ${JSON.stringify(row)}`).toBe(remainingDuration(row));
      expect(itemFieldsFromRow(row).remaining).toBe(remaining.get(row.id));
    }
    return { doc, remaining };
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'progress');
    const space = await makeSpace(app, u.token);
    as = { token: u.token, space };
    version = (await makeTree(app, u.token, space)).version;
  });
  afterAll(() => h.close());

  const ids = { a: randomUUID(), b: randomUUID(), c: randomUUID(), m: randomUUID() };

  it('stores remaining = duration × (100 − %) / 100 for created rows, 0 for finished ones', async () => {
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const created = change(empty, (d) => {
      d.rows.set(ids.a, newRow(ids.a, 'task', null, 'a0', { name: 'A', duration: 5 * DAY }));
      d.rows.set(
        ids.b,
        newRow(ids.b, 'task', null, 'a1', { name: 'B', duration: 5 * DAY, percentComplete: 60 }),
      );
      d.rows.set(
        ids.c,
        newRow(ids.c, 'task', null, 'a2', {
          name: 'C',
          duration: 3 * DAY,
          percentComplete: 100,
          actualStart: 1000,
          actualFinish: 2440,
        }),
      );
      d.rows.set(ids.m, newRow(ids.m, 'milestone_finish', null, 'a3', { name: 'M', percentComplete: 0 }));
    });
    await ok(created, 'cmd.create');
    const { remaining } = await expectRemainingAgrees();
    expect(remaining.get(ids.a)).toBe(5 * DAY);
    expect(remaining.get(ids.b)).toBe(2 * DAY);
    expect(remaining.get(ids.c)).toBe(0);
    expect(remaining.get(ids.m)).toBe(0);
  });

  it('follows percent complete, duration, actual finish and type edited field by field', async () => {
    let { doc } = await read();
    await ok(change(doc, (d) => void (d.rows.get(ids.a)!.percentComplete = 33.3)));
    expect((await expectRemainingAgrees()).remaining.get(ids.a)).toBe(Math.round((5 * DAY * 66.7) / 100));

    ({ doc } = await read());
    await ok(change(doc, (d) => void (d.rows.get(ids.b)!.duration = 10 * DAY)));
    expect((await expectRemainingAgrees()).remaining.get(ids.b)).toBe(4 * DAY);

    ({ doc } = await read());
    await ok(change(doc, (d) => void (d.rows.get(ids.b)!.actualFinish = 9000)));
    expect((await expectRemainingAgrees()).remaining.get(ids.b)).toBe(0);

    ({ doc } = await read());
    const back = change(doc, (d) => void (d.rows.get(ids.b)!.actualFinish = null));
    await ok(back);
    expect((await expectRemainingAgrees()).remaining.get(ids.b)).toBe(4 * DAY);

    ({ doc } = await read());
    const toMilestone = change(doc, (d) => {
      const r = d.rows.get(ids.b)!;
      r.nodeType = 'milestone_start';
    });
    await ok(toMilestone);
    expect((await expectRemainingAgrees()).remaining.get(ids.b)).toBe(0);
    // Its undo, as the client sends it: the inverse patches.
    await ok({ patches: toMilestone.inversePatches, inversePatches: toMilestone.patches });
    expect((await expectRemainingAgrees()).remaining.get(ids.b)).toBe(4 * DAY);
  });

  it('agrees with the client’s own progress edit (settleProgress) and with a restore', async () => {
    const { doc } = await read();
    const cal = buildCalendarIndex(standardCalendarDef('standard'));
    const workTime = { dataDate: 9 * 1440 + 8 * 60, calendar: () => cal };
    const edit = updateValues(
      doc,
      wbsState(doc).index,
      [
        { id: ids.a, column: WBS_COLUMNS.progress, value: 60 },
        { id: ids.c, column: WBS_COLUMNS.progress, value: 25 },
      ],
      { workTime },
    );
    const first = await ok(edit);
    const { remaining, doc: after } = await expectRemainingAgrees();
    expect(remaining.get(ids.a)).toBe(2 * DAY);
    expect(after.rows.get(ids.c)!.actualFinish).toBeNull();
    expect(remaining.get(ids.c)).toBe(Math.round(3 * DAY * 0.75));

    // A later whole-row replace (as a paste or an older client sends it).
    const whole = change(after, (d) => {
      const r: WbsRow = { ...after.rows.get(ids.c)!, duration: 8 * DAY, percentComplete: 50 };
      d.rows.set(ids.c, r);
    });
    expect(whole.patches.some((p) => p.path.length === 2 && p.op === 'replace')).toBe(true);
    await ok(whole);
    expect((await expectRemainingAgrees()).remaining.get(ids.c)).toBe(4 * DAY);

    const res = await call(app, api.wbsBatch.restore, {
      ...as,
      params: { id: version, actionId: first.action_id },
    });
    expect(res.statusCode, res.body).toBe(200);
    revision = (res.json() as { revision: number }).revision;
    const restored = await expectRemainingAgrees();
    expect(restored.remaining.get(ids.a)).toBe(Math.round((5 * DAY * 66.7) / 100));
    expect(restored.remaining.get(ids.c)).toBe(0);
  });

  it('refuses a re-parenting that makes a stored link join a row and its summary', async () => {
    const { doc } = await read();
    // A → B linked, then B indented under A by a client that keeps the link (an older one).
    const link = addRelations(doc, [{ predId: ids.a, succId: ids.b, type: 'fs', lag: 0 }], {
      newId: () => randomUUID(),
    });
    expect(link.result.added).toHaveLength(1);
    await ok(link, 'cmd.link');
    const linked = (await read()).doc;
    const ind = indent(linked, wbsState(linked).index, [ids.b]);
    expect(ind.result.droppedRelations).toHaveLength(1); // today's client drops it …
    const keep = ind.patches.filter((p) => p.path[0] !== 'relations'); // … an older one did not
    const res = await send({ patches: keep, inversePatches: ind.inversePatches }, 'cmd.indent');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'BadRequest',
      error_message: [{ code: 'wbs.relation_hierarchy', params: { relation: link.result.added[0] } }],
    });
    const after = (await read()).doc;
    expect(after.rows.get(ids.b)!.parentId).toBeNull();
    expect(after.relations.size).toBe(1);

    // Today's client: the same indent with the link dropped is stored.
    await ok(ind, 'cmd.indent');
    const stored = (await read()).doc;
    expect(stored.rows.get(ids.b)!.parentId).toBe(ids.a);
    expect(stored.relations.size).toBe(0);
  });

  it('refuses a deeper descendant linked to a new ancestor, as predecessor or as successor', async () => {
    // P (sum) ⊃ Q (sum) ⊃ R; X and Y outside, linked R → X and Y → Q. Moving P under X or under
    // Y makes one of them a summary of a row it is linked with.
    const [p, q, r, x, y] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const { doc } = await read();
    const created = change(doc, (d) => {
      d.rows.set(x, newRow(x, 'task', null, 'b0', { name: 'X' }));
      d.rows.set(y, newRow(y, 'task', null, 'b1', { name: 'Y' }));
      d.rows.set(p, newRow(p, 'sum', null, 'b2', { name: 'P' }));
      d.rows.set(q, newRow(q, 'sum', p, 'a0', { name: 'Q' }));
      d.rows.set(r, newRow(r, 'task', q, 'a0', { name: 'R' }));
    });
    await ok(created, 'cmd.create');
    const withRows = (await read()).doc;
    const link = addRelations(
      withRows,
      [
        { predId: r, succId: x, type: 'fs', lag: 0 },
        { predId: y, succId: q, type: 'fs', lag: 0 },
      ],
      { newId: () => randomUUID() },
    );
    expect(link.result.added).toHaveLength(2);
    await ok(link, 'cmd.link');
    const linked = (await read()).doc;
    for (const [under, relation] of [
      [x, link.result.added[0]],
      [y, link.result.added[1]],
    ] as const) {
      const move = change(linked, (d) => {
        d.rows.get(under)!.nodeType = 'sum';
        d.rows.get(p)!.parentId = under;
      });
      const res = await send(move, 'cmd.indent');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error_message).toEqual([
        expect.objectContaining({ code: 'wbs.relation_hierarchy', params: { relation, path: '' } }),
      ]);
    }
    // A move that joins no linked pair is stored: R from Q to P (X and Y stay outside).
    await ok(
      change(linked, (d) => void (d.rows.get(r)!.parentId = p)),
      'cmd.outdent',
    );
    expect((await read()).doc.rows.get(r)!.parentId).toBe(p);
  });
});
