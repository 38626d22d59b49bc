// The server's Calculate agrees with the client's worker on rows with progress (P6 duration %
// complete: rows with percent complete and no actual dates are scheduled with the actual dates
// their progress implies), and a calculation overtaken by an edit does not end 'calculated'.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Calendar } from '../../src/api';
import { calendarDefOf } from '../../src/api/calendars';
import { buildCalendarIndex } from '../../src/domain/calendar';
import { serializeEntry } from '../../src/domain/history';
import { scheduleModel, versionScheduleOptions } from '../../src/domain/schedule';
import { change } from '../../src/domain/wbs/change';
import { toScheduleModel } from '../../src/domain/wbs/schedule-model';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsChange } from '../../src/domain/wbs/change';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { runCalculation } from '../../src/server/jobs/calc-job';
import { RunningJob } from '../../src/server/jobs/runner';
import type { JobEnv, JobRow } from '../../src/server/jobs/runner';
import { minutesOf } from '../../src/server/seed/demo-schedule';
import { makeSpace, makeTree, readVersionDoc, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const DAY = 480;
const DATA_DATE = minutesOf(2026, 3, 4, 8); // Wednesday 4 March 2026, 08:00

interface Timetable {
  timetable_state: string;
  revision: number;
  items: ({ id: string; critical: boolean | null } & Record<
    'es' | 'ef' | 'ls' | 'lf' | 'tf' | 'ff',
    number | null
  >)[];
}

describe('calculate: progress and concurrent edits', () => {
  let h: Harness;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let version: string;
  let revision = 0;
  const id = {
    s: randomUUID(),
    a: randomUUID(),
    b: randomUUID(),
    c: randomUUID(),
    x: randomUUID(),
    d: randomUUID(),
  };

  const read = async () => (await readVersionDoc(app, as, version)).doc;
  const store = async (c: Pick<WbsChange<unknown>, 'patches' | 'inversePatches'>) => {
    const res = await call(app, api.wbsBatch.batch, {
      ...as,
      params: { id: version },
      body: { revision, origin: 'do', entry: serializeEntry({ kind: 'undo_wbs', labelKey: 'edit', ...c }) },
    });
    expect(res.statusCode, res.body).toBe(200);
    revision = (res.json() as { revision: number }).revision;
  };
  /** The stored timetable, rows by id (the table's order changes with updates). */
  const timetable = async () => {
    const res = await call(app, api.wbsBatch.timetable, { ...as, params: { id: version } });
    expect(res.statusCode, res.body).toBe(200);
    const t = res.json() as Timetable;
    t.items.sort((a, b) => (a.id < b.id ? -1 : 1));
    return t;
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'calcprog');
    const space = await makeSpace(app, u.token);
    as = { token: u.token, space };
    version = (await makeTree(app, u.token, space)).version;
    await h.database.db
      .updateTable('versions')
      .set({ data_date: DATA_DATE })
      .where('id', '=', version)
      .execute();
    // S ⊃ {A 5 d at 60 %, B 3 d, C 2 d at 100 %}, X 2 d, draft D 20 d; A → B, C → X, D → X. A
    // and C carry progress without actual dates (a paste, an import, an older client); a draft is
    // an idea, not plan: the client leaves it out with its links.
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const c = change(empty, (d) => {
      d.rows.set(id.s, newRow(id.s, 'sum', null, 'a0', { name: 'S' }));
      d.rows.set(
        id.a,
        newRow(id.a, 'task', id.s, 'a0', { name: 'A', duration: 5 * DAY, percentComplete: 60 }),
      );
      d.rows.set(id.b, newRow(id.b, 'task', id.s, 'a1', { name: 'B', duration: 3 * DAY }));
      d.rows.set(
        id.c,
        newRow(id.c, 'task', id.s, 'a2', { name: 'C', duration: 2 * DAY, percentComplete: 100 }),
      );
      d.rows.set(id.x, newRow(id.x, 'task', null, 'a1', { name: 'X', duration: 2 * DAY }));
      d.rows.set(id.d, newRow(id.d, 'draft', null, 'a2', { name: 'D', duration: 20 * DAY }));
      const rel = (predId: string, succId: string) => {
        const rid = randomUUID();
        d.relations.set(rid, { id: rid, predId, succId, type: 'fs', lag: 0 });
      };
      rel(id.a, id.b);
      rel(id.c, id.x);
      rel(id.d, id.x);
    });
    await store(c);
  });
  afterAll(() => h.close());

  it('gives the dates the client’s own schedule of the same document gives', async () => {
    const res = await call(app, api.wbsBatch.calculateSynchronous, { ...as, params: { id: version } });
    expect(res.statusCode, res.body).toBe(200);
    const server = res.json() as Timetable;
    expect(server.timetable_state).toBe('calculated');

    // The client's path: the stored rows, the space's calendars, the workbench's options, the
    // domain's toScheduleModel with the calendars' working time (schedule-core.ts) and the engine.
    const doc = await read();
    const cals = (await call(app, api.calendars.list, { ...as, query: {} })).json() as Calendar[];
    const calendars = cals.map(calendarDefOf);
    const v = (await call(app, api.versions.get, { ...as, params: { id: version } })).json();
    expect(v.data_date).toBe(DATA_DATE);
    const model = toScheduleModel(doc.rows, doc.relations, calendars, {
      ...versionScheduleOptions(null, v.data_date, calendars),
      calendarIndex: (cid) => {
        const def = calendars.find((x) => x.id === cid);
        return def ? buildCalendarIndex(def) : undefined;
      },
    });
    const client = scheduleModel(model);
    expect(client.state).toBe('calculated');
    const at = new Map(client.ids.map((x, i) => [x, i]));
    const fields = ['es', 'ef', 'ls', 'lf', 'tf', 'ff'] as const;
    const names = new Map([...doc.rows.values()].map((r) => [r.id, r.name]));
    const mismatches: string[] = [];
    // The draft gets no dates, as in the grid.
    expect(at.has(id.d)).toBe(false);
    expect(server.items.find((i) => i.id === id.d)).toMatchObject({ es: null, ef: null, tf: null });
    for (const item of server.items.filter((i) => i.id !== id.d)) {
      const i = at.get(item.id)!;
      for (const f of fields)
        if (item[f] !== client[f][i])
          mismatches.push(`${names.get(item.id)}.${f}: ${item[f]} ≠ ${client[f][i]}`);
      if (item.critical !== (client.critical[i] === 1)) mismatches.push(`${names.get(item.id)}.critical`);
    }
    expect(mismatches).toEqual([]);
    // What the progress implies: A started before the data date (S with it), X follows C's finish.
    const row = (x: string) => server.items.find((i) => i.id === x)!;
    expect(row(id.s).es).toBeLessThan(DATA_DATE);
    expect(row(id.x).es).toBeLessThanOrEqual(DATA_DATE + 60 * 24);
  });

  it('does not end calculated when an edit is stored while it runs', async () => {
    const job = (await h.database.db
      .selectFrom('versions')
      .select(['space_id', 'id as version_id'])
      .where('id', '=', version)
      .executeTakeFirstOrThrow()) as unknown as JobRow;
    const env = { db: h.database.db } as JobEnv;
    const before = await timetable();
    expect(before.timetable_state).toBe('calculated');
    // Make the calculation's result differ from the stored dates, and store an edit mid-run.
    const doc = await read();
    await store(change(doc, (d) => void (d.rows.get(id.x)!.duration = 4 * DAY)));
    const edited = await read();
    let raced = false;
    await runCalculation(job, new RunningJob(job, () => {}), env, {
      beforeWrite: async () => {
        await store(change(edited, (d) => void (d.rows.get(id.b)!.duration = 6 * DAY)));
        raced = true;
      },
    });
    expect(raced).toBe(true);
    const after = await timetable();
    expect(after.timetable_state).toBe('not_calculated');
    expect(after.revision).toBe(revision);
    // The dates of the overtaken calculation were not written either.
    expect(after.items).toEqual(before.items);

    // Without an edit in between, the same job ends calculated.
    await runCalculation(job, new RunningJob(job, () => {}), env);
    const fresh = await timetable();
    expect(fresh.timetable_state).toBe('calculated');
    expect(fresh.items).not.toEqual(before.items);
  });
});
