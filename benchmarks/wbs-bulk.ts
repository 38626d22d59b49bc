// Bulk writes of the WBS on the server (issue 29): the workbench's 10,000 × 10 paste stored
// through the batch route (one request, one undo step) and the upload of a generated 100k-row
// schedule (upload/synchronous: parsed, stored and calculated) until the version is editable.
// In-process (Fastify inject, no sockets), on PGlite and, when TEST_DATABASE_URL or DATABASE_URL
// is set, on PostgreSQL too (a schema of its own, `bulk29_<pid>`, dropped at the end).
//
// The paste is the domain's own pasteMatrix over the uploaded version as the workbench holds it
// (the matrix of benchmarks/workbench.ts, 5,000 rows before the end: 5,000 rows edited cell by
// cell, 5,000 rows created), so the request carries what the browser sends. Besides the route's wall time it
// prints where the time goes, each part timed alone on the same request: the JSON parse, the
// entry's check (readEntry), the undo log's entry text, and the route itself; then undo and redo
// of that step; wall and CPU time (all threads of the process). BULK_OLD=1 also stores with the
// statements before this pass (jsonb_to_recordset, `baseline_json_*`), alternating with the new
// ones in the same run, as the baseline.
//
// Run: npm run --silent bench -- wbs-bulk   (BENCH_REPEAT=N runs; default 3, one warm-up more;
// BENCH_ONLY=upload or paste times one of the two)
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { api } from '../src/api';
import type { Version, VersionContent } from '../src/api/versions';
import { relationFromApi, rowFromItem } from '../src/api/wbs-rows';
import type { RouteDef } from '../src/api/route';
import { serializeEntry } from '../src/domain/history';
import { writeSchedule } from '../src/domain/io/write-schedule';
import { wbsState } from '../src/domain/wbs/change';
import { WBS_COLUMNS } from '../src/domain/wbs/columns';
import { pasteMatrix } from '../src/domain/wbs/paste';
import type { WbsDoc } from '../src/domain/wbs/types';
import { expandToLevel, flattenVisible } from '../src/domain/wbs/view';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { setBulkMode } from '../src/server/db/bulk';
import { injectCall } from '../src/server/http/inject-call';
import type { CallOptions } from '../src/server/http/inject-call';
import { readEntry } from '../src/server/services/wbs-patch-batch';
import { multipart } from '../tests/server/transfer-helpers';
import { benchDoc, scheduleDoc } from './bench-schedule';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_REPEAT ?? 3);
const loadStart = loadavg()[0]!;
const round = (x: number) => Math.round(x * 10) / 10;
const median = (xs: number[]) => (xs.length ? round([...xs].sort((a, b) => a - b)[xs.length >> 1]!) : null);

// The generated schedule as a file of the product's JSON format (what the workbench bench uploads).
const doc0 = benchDoc(ROWS);
const file = await writeSchedule(scheduleDoc(doc0).model, 'json');
const fileData = typeof file === 'string' ? file : new Uint8Array(file);

const matrix = Array.from({ length: 10_000 }, (_, i) => [
  `Pasted ${i}`,
  i % 2 ? 'Task' : 'Work',
  `${1 + (i % 9)}`,
  `${1 + (i % 28)}.03.2027`,
  `${2 + (i % 27)}.04.2027`,
  `${i % 101}`,
  `${(i * 7) % 1000},5`,
  `${i % 500}`,
  `P-${i}`,
  '',
]);
const c = WBS_COLUMNS;
const columns = [
  c.name,
  c.type,
  c.duration,
  c.start,
  c.finish,
  c.progress,
  c.volume,
  c.price,
  c.code,
  c.calendar,
];

async function onDatabase(kind: 'pglite' | 'postgres', url?: string) {
  const schema = `bulk29_${process.pid}`;
  const database =
    kind === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: url!, schema })
      : await openDatabase({ kind: 'pglite' });
  const app = await buildApp({ database, config: testConfig({}) });
  await app.ready();
  const call = (def: RouteDef, o: CallOptions) => injectCall(app, def, o);
  const ok = <R extends { statusCode: number; body: string; json(): unknown }>(r: R, what: string): R => {
    if (r.statusCode >= 300) throw new Error(`${what} answered ${r.statusCode}: ${r.body.slice(0, 300)}`);
    return r;
  };
  const out: Record<string, unknown> = { database: kind };
  try {
    const login = `bulk29_${randomUUID().slice(0, 8)}`;
    const reg = ok(
      await call(api.users.registerAndLogin, {
        body: {
          login,
          email: `${login}@example.com`,
          first_name: 'Bench',
          last_name: 'User',
          password: 'correct-horse-1',
          password_confirmation: 'correct-horse-1',
          secret_question: 'First pet?',
          answer: 'Rex',
        },
      }),
      'sign-up',
    );
    const token = (reg.json() as { token: string }).token;
    const space = (
      ok(await call(api.space.create, { token, body: { name: 'Bench' } }), 'space').json() as {
        id: string;
      }
    ).id;
    const as = { token, space };
    const id = <T>(r: { json(): unknown }) => (r.json() as { id: string } & T).id;
    const facility = id(ok(await call(api.facilities.create, { ...as, body: { name: 'F' } }), 'facility'));
    const project = id(
      ok(
        await call(api.facilities.createProject, { ...as, params: { id: facility }, body: { name: 'P' } }),
        'project',
      ),
    );
    const group = id(
      ok(await call(api.scheduleGroups.create, { ...as, body: { project_id: project, name: 'G' } }), 'group'),
    );
    const schedule = id(
      ok(
        await call(api.projects.createSchedule, {
          ...as,
          params: { id: project },
          body: { name: 'S', group_id: group },
        }),
        'schedule',
      ),
    );

    /** Wall and CPU time (every thread of this process: the server and PGlite's) of a call. */
    const timed = async <T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; cpu: number }> => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const value = await fn();
      const ms = performance.now() - t0;
      const c = process.cpuUsage(c0);
      return { value, ms, cpu: (c.user + c.system) / 1000 };
    };

    const uploadOnce = (old: boolean) => {
      setBulkMode(old ? 'json' : 'arrays');
      const form = multipart({ name: 'generated.json', data: fileData }, { label: `Generated ${ROWS}` });
      return timed(
        async () =>
          ok(
            await app.inject({
              method: 'POST',
              url: `/api/v1/schedules/${schedule}/versions/upload/synchronous`,
              headers: { authorization: `Bearer ${token}`, 'space-id': space, ...form.headers },
              payload: form.payload,
            }),
            'upload',
          ).json() as Version,
      );
    };

    // The paste: one uploaded version, pasted in one mode, undone, pasted in the other, undone…
    // (the modes alternate, so the shared machine's load falls on both alike).
    const { value: version } = await uploadOnce(false);
    const content = ok(
      await call(api.versions.content, { ...as, params: { id: version.id } }),
      'content',
    ).json() as VersionContent;
    const doc: WbsDoc = {
      rows: new Map(content.items.map((i) => [i.id, rowFromItem(i)])),
      relations: new Map(content.relations.map((r) => [r.id, relationFromApi(r)])),
    };
    const state = wbsState(doc);
    const view = flattenVisible(state.index, expandToLevel(state.index, Infinity));
    const change = pasteMatrix(
      state.doc,
      state.index,
      { visibleIds: view.ids, row: view.ids.length - 5_000, columns, matrix },
      { newId: () => randomUUID(), hoursPerDay: () => 8 },
    );
    const entry = serializeEntry({
      kind: 'undo_wbs',
      labelKey: 'cmd.paste',
      patches: change.patches,
      inversePatches: change.inversePatches,
    });
    const inverse = serializeEntry({
      kind: 'undo_wbs',
      labelKey: 'cmd.paste',
      patches: change.inversePatches,
      inversePatches: change.patches,
    });
    let revision = version.revision;
    const batch = (origin: 'do' | 'undo' | 'redo', e: unknown) => {
      const payload = JSON.stringify({ revision, origin, entry: e });
      return timed(async () => {
        const res = ok(
          await app.inject({
            method: 'POST',
            url: `/api/v1/versions/${version.id}/wbs/batch`,
            headers: {
              authorization: `Bearer ${token}`,
              'space-id': space,
              'content-type': 'application/json',
            },
            payload,
          }),
          origin,
        );
        revision = (res.json() as { revision: number }).revision;
        return payload.length;
      });
    };
    // Where the time goes outside the statements: each part alone on the same request.
    const text = JSON.stringify({ revision, origin: 'do', entry });
    const parts = { json_parse: [] as number[], read_entry: [] as number[], log_text: [] as number[] };
    for (let i = 0; i < 3; i++) {
      let t0 = performance.now();
      const parsed = JSON.parse(text) as { entry: unknown };
      parts.json_parse.push(performance.now() - t0);
      t0 = performance.now();
      const checked = readEntry(parsed.entry);
      parts.read_entry.push(performance.now() - t0);
      t0 = performance.now();
      JSON.stringify(serializeEntry(checked));
      parts.log_text.push(performance.now() - t0);
    }
    out.paste_patches = change.patches.length;
    out.paste_refused_cells = change.result.failures.length;
    out.paste_request_bytes = text.length;
    out.paste_parts_ms = Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, median(v)]));

    const modes = process.env.BULK_OLD === '1' ? [false, true] : [false];
    const pasteRuns = new Map(
      modes.map((m) => [
        m,
        { store: [] as number[], cpu: [] as number[], undo: [] as number[], redo: [] as number[] },
      ]),
    );
    if (process.env.BENCH_ONLY !== 'upload')
      for (let i = 0; i <= RUNS; i++)
        for (const old of modes) {
          setBulkMode(old ? 'json' : 'arrays');
          const stored = await batch('do', entry);
          const undo = await batch('undo', inverse);
          const redo = await batch('redo', entry);
          await batch('undo', inverse);
          if (i === 0) continue; // warm-up (JIT, plans)
          const r = pasteRuns.get(old)!;
          r.store.push(stored.ms);
          r.cpu.push(stored.cpu);
          r.undo.push(undo.ms);
          r.redo.push(redo.ms);
        }
    // Self-check: the paste, undone, left the version as uploaded; pasted once more, it is there.
    setBulkMode('arrays');
    await batch('do', entry);
    const after = ok(
      await call(api.versions.content, { ...as, params: { id: version.id } }),
      'read',
    ).json() as VersionContent;
    const pasted = after.items.filter((i) => i.name.startsWith('Pasted ')).length;
    if (after.items.length !== ROWS + 5_000 || pasted !== 10_000)
      throw new Error(
        `the stored version is not the pasted one: ${after.items.length} rows, ${pasted} pasted`,
      );

    const uploadRuns = new Map(modes.map((m) => [m, { ms: [] as number[], cpu: [] as number[] }]));
    if (process.env.BENCH_ONLY !== 'paste')
      for (let i = 0; i < Math.max(1, RUNS - 1); i++)
        for (const old of modes) {
          const u = await uploadOnce(old);
          uploadRuns.get(old)!.ms.push(u.ms);
          uploadRuns.get(old)!.cpu.push(u.cpu);
        }
    for (const old of modes) {
      const tag = old ? 'baseline_json_' : '';
      const p = pasteRuns.get(old)!;
      const u = uploadRuns.get(old)!;
      out[`${tag}paste_10k_x10_store_ms`] = median(p.store);
      out[`${tag}paste_10k_x10_store_min_ms`] = round(Math.min(...p.store));
      out[`${tag}paste_10k_x10_store_cpu_ms`] = median(p.cpu);
      out[`${tag}undo_paste_ms`] = median(p.undo);
      out[`${tag}redo_paste_ms`] = median(p.redo);
      out[`${tag}upload_100k_until_editable_ms`] = median(u.ms);
      out[`${tag}upload_100k_until_editable_min_ms`] = round(Math.min(...u.ms));
      out[`${tag}upload_100k_cpu_ms`] = median(u.cpu);
    }
  } finally {
    setBulkMode('arrays');
    await app.close();
    await database.close();
    if (kind === 'postgres') {
      const cl = new pg.Client({ connectionString: url });
      await cl.connect();
      await cl.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await cl.end();
    }
  }
  return out;
}

const results = [await onDatabase('pglite')];
const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (pgUrl) results.push(await onDatabase('postgres', pgUrl));
process.stdout.write(
  `${JSON.stringify({
    rows: ROWS,
    runs: RUNS,
    results,
    budget_ms: { paste_10k_x10_store: 1000, upload_100k_until_editable: 5000 },
    load_start: round(loadStart),
    load: round(loadavg()[0]!),
  })}\n`,
);
