// The timetable routes over the demo schedule's data, stored through one batch (children before
// their parents, as a paste may order them): the synchronous calculation stores dates and floats
// and the state moves to calculated; an edit makes it not_calculated; the queued one gets there
// through the job runner.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api } from '../../src/api';
import type { LiveEvent } from '../../src/api';
import { serializeEntry } from '../../src/domain/history';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { demoSchedule } from '../../src/server/seed/demo-schedule';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

interface Timetable {
  timetable_state: string;
  revision: number;
  items: { id: string; es: number | null; ef: number | null; tf: number | null; critical: boolean | null }[];
}

describe('timetable', () => {
  let h: Harness;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let version: string;
  const demo = demoSchedule();

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'tt');
    const space = await makeSpace(app, u.token);
    as = { token: u.token, space };
    version = (await makeTree(app, u.token, space)).version;
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const c = change(empty, (d) => {
      for (const i of [...demo.items].reverse()) {
        d.rows.set(
          i.id,
          newRow(i.id, i.node_type, i.parent_id, i.order_key, {
            name: i.name,
            code: i.code,
            duration: i.duration,
            volume: i.volume,
            price: i.price,
            startLimitType: i.start_limit_type,
            startLimitDate: i.start_limit_date,
          }),
        );
      }
      for (const r of demo.relations)
        d.relations.set(r.id, { id: r.id, predId: r.pred_id, succId: r.succ_id, type: r.type, lag: r.lag });
    });
    const res = await call(app, api.wbsBatch.batch, {
      ...as,
      params: { id: version },
      body: {
        revision: 0,
        origin: 'do',
        entry: serializeEntry({ kind: 'undo_wbs', labelKey: 'paste', ...c }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => h.close());

  const timetable = async () => {
    const res = await call(app, api.wbsBatch.timetable, { ...as, params: { id: version } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Timetable;
  };

  it('is not calculated after the batch', async () => {
    const t = await timetable();
    expect(t).toMatchObject({ timetable_state: 'not_calculated', revision: 1 });
    expect(t.items).toHaveLength(demo.items.length);
    expect(t.items.every((i) => i.es === null)).toBe(true);
  });

  it('calculates synchronously: dates, floats and a critical path are stored', async () => {
    const res = await call(app, api.wbsBatch.calculateSynchronous, { ...as, params: { id: version } });
    expect(res.statusCode, res.body).toBe(200);
    const t = res.json() as Timetable;
    expect(t.timetable_state).toBe('calculated');
    const tasks = new Set(demo.items.filter((i) => i.node_type === 'task').map((i) => i.id));
    const rows = t.items.filter((i) => tasks.has(i.id));
    expect(rows.every((i) => i.es !== null && i.ef !== null && i.ef >= i.es && i.tf !== null)).toBe(true);
    expect(rows.some((i) => i.critical)).toBe(true);
    expect(await timetable()).toEqual(t);
    const v = (await call(app, api.versions.get, { ...as, params: { id: version } })).json();
    expect(v.timetable_state).toBe('calculated');
  });

  it('queues a calculation that the job runner completes', async () => {
    // An edit first: the state goes back to not_calculated.
    const task = demo.items.find((i) => i.node_type === 'task')!;
    const edit = await call(app, api.wbsBatch.batch, {
      ...as,
      params: { id: version },
      body: {
        revision: 1,
        origin: 'do',
        entry: {
          v: 1,
          kind: 'undo_wbs',
          labelKey: 'edit',
          patches: [{ op: 'replace', path: ['rows', task.id, 'duration'], value: task.duration + 480 }],
          inversePatches: [{ op: 'replace', path: ['rows', task.id, 'duration'], value: task.duration }],
        },
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await timetable()).timetable_state).toBe('not_calculated');
    // Open pages follow the job on the live socket.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(
      `${address.replace(/^http/, 'ws')}/api/v1/events?token=${encodeURIComponent(as.token)}`,
    );
    const events: LiveEvent[] = [];
    ws.on('message', (data) => events.push(JSON.parse(String(data)) as LiveEvent));
    await new Promise((r) => ws.on('open', r));
    const res = await call(app, api.wbsBatch.calculate, { ...as, params: { id: version } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'calculate_timetable', state: 'queued', version_id: version });
    const end = Date.now() + 15_000;
    let t = await timetable();
    while (t.timetable_state !== 'calculated' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 200));
      t = await timetable();
    }
    expect(t.timetable_state).toBe('calculated');
    // The dates are committed before the job is marked done: wait for that too.
    const report = () => call(app, api.transfer.batchReport, { ...as, body: { job_ids: [res.json().id] } });
    let job = await report();
    while ((job.json() as { state: string }[])[0]!.state === 'running' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      job = await report();
    }
    expect(job.json()[0]).toMatchObject({ state: 'done', progress: 100 });
    // Running events name the job; the last one, when it is done, names the version too.
    const until = Date.now() + 3000;
    const calc = () => events.filter((e) => e.event === 'timetable_calculate');
    while (!calc().some((e) => e.payload.state === 'done') && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    ws.close();
    const last = calc().at(-1);
    expect(last, JSON.stringify(events)).toMatchObject({
      space_id: as.space,
      payload: { state: 'done', job_id: res.json().id, version_id: version },
    });
    expect(last!.ids).toContain(version);
  });
});
