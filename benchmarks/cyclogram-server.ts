// npm run --silent bench -- cyclogram-server: where the server's cyclogram call spends its time
// (issue 19: the views page waits for `GET versions/{id}/cyclogram/{attributeId}` before its first
// frame). In this process, on a fresh PGlite (DATABASE_URL: a fresh schema of that PostgreSQL):
// the demo space seeded, the cyclogram benchmark's version (10,000 activities over 200
// locations, cyclogram-data.ts) uploaded and calculated, then RUNS calls through the app
// (inject: routing, checks, the handler, serialisation), beside the phases of the handler run
// one by one: the rows read (the SQL alone and as the service reads them), the groupings, the
// chart's build, the JSON's size, and the query plan (EXPLAIN ANALYZE).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { api } from '../src/api';
import type { EpsTree, UserSpace, Version } from '../src/api';
import { expandCyclogram } from '../src/api/views';
import type { CyclogramResponse } from '../src/api/views';
import { writeSchedule } from '../src/domain/io/write-schedule';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../src/server/seed';
import { cyclogramRows, versionCyclogram } from '../src/server/services/cyclogram';
import { loadViewRows } from '../src/server/services/view-rows';
import { call } from '../tests/server/support/harness';
import { multipart } from '../tests/server/transfer-helpers';
import { cyclogramBenchModel } from './cyclogram-data';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const round = (x: number) => Math.round(x * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
async function timed<T>(runs: number, f: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const times: number[] = [];
  let value!: T;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    value = await f();
    times.push(performance.now() - t);
  }
  return { ms: round(median(times)), value };
}

const url = process.env.DATABASE_URL;
const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const dataDir = url ? null : mkdtempSync(path.join(tmpdir(), 'bench-cyclo-'));
const database = url
  ? await openDatabase({ kind: 'postgres', url, schema })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir!, 'db') });
try {
  await seedIfEmpty(database.db);
  const app = await buildApp({ database, config: testConfig({ dataDir: dataDir ?? tmpdir() }) });
  await app.ready();
  const token = (
    await call(app, api.auth.login, { body: { login: DEMO_LOGIN, password: DEMO_PASSWORD } })
  ).json().token as string;
  const [space] = (await call(app, api.users.spaces, { token })).json() as UserSpace[];
  const spaceId = space!.id;
  const tree = (await call(app, api.eps.tree, { token, params: { space_id: spaceId } })).json() as EpsTree;
  const scheduleId = tree.nodes.find((n) => n.kind === 'schedule')!.id;
  const file = await writeSchedule(cyclogramBenchModel(), 'json');
  const form = multipart({ name: 'generated.json', data: new Uint8Array(file) }, { label: 'Cyclogram 10k' });
  const up = await app.inject({
    method: 'POST',
    url: `/api/v1/schedules/${scheduleId}/versions/upload/synchronous`,
    headers: { authorization: `Bearer ${token}`, 'space-id': spaceId, ...form.headers },
    payload: form.payload,
  });
  if (up.statusCode !== 201) throw new Error(`upload: ${up.statusCode} ${up.body}`);
  const versionId = (up.json() as Version).id;
  const db = database.db;

  const whole = async () => {
    const res = await call(app, api.views.cyclogram, {
      token,
      space: spaceId,
      params: { id: versionId, attributeId: 'Location' },
      query: { kind_by: 'Work type' },
    });
    if (res.statusCode !== 200) throw new Error(`cyclogram: ${res.statusCode} ${res.body}`);
    return res.body;
  };
  await whole(); // warm-up: the first call compiles the route's serialiser
  const call_ms = await timed(RUNS, whole);
  const body = call_ms.value;
  const parsed = JSON.parse(body) as CyclogramResponse;
  const parse_ms = await timed(RUNS, async () => expandCyclogram(JSON.parse(body) as CyclogramResponse));

  // The handler's phases.
  const sqlOnly = await timed(RUNS, () =>
    sql`SELECT id FROM wbs_items WHERE space_id = ${spaceId} AND version_id = ${versionId}`.execute(db),
  );
  // The whole rows (as the other views read them) beside the cyclogram's narrow read.
  const wide_ms = await timed(RUNS, () => loadViewRows(db, spaceId, versionId));
  const rows_ms = await timed(RUNS, () => cyclogramRows(db, spaceId, versionId, 'Location', 'Work type'));
  const build_ms = await timed(RUNS, () => versionCyclogram(db, spaceId, versionId, 'Location', 'Work type'));
  const plan = await sql<Record<string, string>>`
    EXPLAIN (ANALYZE, BUFFERS) ${sql.raw(cyclogramRowsSql(spaceId, versionId))}
  `.execute(db);

  process.stdout.write(
    JSON.stringify({
      database: database.kind,
      runs: RUNS,
      activities: parsed.lines.reduce((n, l) => n + l.works.id.length, 0),
      clashes: parsed.clashes.loc.length,
      call_ms: call_ms.ms,
      body_bytes: body.length,
      client_parse_and_expand_ms: parse_ms.ms,
      rows_sql_ids_only_ms: sqlOnly.ms,
      rows_read_whole_ms: wide_ms.ms,
      rows_read_ms: rows_ms.ms,
      version_cyclogram_ms: build_ms.ms,
      plan: plan.rows.map((r) => Object.values(r)[0]),
      load_average_1m: round(loadavg()[0]!),
    }) + '\n',
  );
  await app.close();
} finally {
  if (url) await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(database.db);
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

/** The rows' read as SQL text, for the plan (the ids are uuids: no quoting issue). */
function cyclogramRowsSql(spaceId: string, versionId: string): string {
  return `SELECT id, parent_id, order_key, node_type, code, name, attributes->'Location', attributes->'Work type',
    es, ef, actual_start, actual_finish, percent FROM wbs_items
    WHERE space_id = '${spaceId}' AND version_id = '${versionId}'`;
}
