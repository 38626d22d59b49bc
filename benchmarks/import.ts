// Import/export budget (ARCHITECTURE: import a 10k-activity XER ≤ 5 s; export ≤ 3 s): a seeded
// 10,000-activity network under 50 WBS nodes, written as XER, uploaded through the API
// (upload/synchronous: stored, parsed and scheduled in the worker thread, written in one
// transaction, answered as a calculated version), then exported to XER and XLSX and downloaded.
// In-process server over an in-memory PGlite. Prints one JSON object; exits 1 over budget.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { writeSchedule } from '../src/domain/io/write-schedule';
import type { Activity, ScheduleModel } from '../src/domain/schedule';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { generateNetwork } from '../tests/fixtures/network-generator';
import { multipart } from '../tests/server/transfer-helpers';
import { summaryNode } from '../src/domain/io/summary-node';

const N = 10_000;
const WBS = 50;
const BUDGET = { import_ms: 5000, export_ms: 3000 };

function withWbs(model: ScheduleModel, groups: number): ScheduleModel {
  const sums: Activity[] = Array.from({ length: groups }, (_, g) =>
    summaryNode({ id: `W${g}`, code: `W${g + 1}`, name: `Work package ${g + 1}`, parentId: null, order: g }),
  );
  const per = Math.ceil(model.activities.length / groups);
  const activities = model.activities.map((a, i) => ({
    ...a,
    parentId: `W${Math.floor(i / per)}`,
    order: i % per,
  }));
  return { ...model, activities: [...sums, ...activities] };
}

const json = (res: { body: string }) => JSON.parse(res.body) as Record<string, unknown> & { id: string };

async function setUp(app: FastifyInstance) {
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'POST', url: `/api/v1${url}`, payload: body as object, headers });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return json(res);
  };
  const password = 'correct-horse-1';
  const session = await post('/users/register-and-login', {
    login: 'bench',
    email: 'bench@example.com',
    first_name: 'Bench',
    last_name: 'Mark',
    password,
    password_confirmation: password,
    secret_question: 'Q?',
    answer: 'A',
  });
  const token = session.token as string;
  const auth = { authorization: `Bearer ${token}` };
  const space = (await post('/space/create', { name: 'Bench' }, auth)).id;
  const h = { ...auth, 'space-id': space };
  const facility = (await post('/facilities/create', { name: 'F' }, h)).id;
  const project = (await post(`/facilities/${facility}/projects/create`, { name: 'P' }, h)).id;
  const schedule = (await post(`/projects/${project}/schedules/create`, { name: 'S' }, h)).id;
  return { headers: h, schedule };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-import-'));
const database = await openDatabase({ kind: 'pglite' });
const app = await buildApp({ database, config: testConfig({ dataDir }) });
await app.ready();
try {
  const { headers, schedule } = await setUp(app);
  const uploadXer = async (name: string, data: Uint8Array) => {
    const form = multipart({ name, data });
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/schedules/${schedule}/versions/upload/synchronous`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    const ms = performance.now() - t0;
    if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body.slice(0, 500)}`);
    return { ms, version: json(res) };
  };
  const exportAs = async (version: string, format: string) => {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/versions/${version}/export/${format}`,
      headers,
    });
    if (res.statusCode !== 201) throw new Error(`export ${format}: ${res.statusCode} ${res.body}`);
    const dl = await app.inject({ method: 'GET', url: `/api/v1/storage/download/${json(res).id}`, headers });
    return { ms: performance.now() - t0, bytes: dl.rawPayload.length };
  };

  // The worker thread starts with the first upload of a server's life: measured apart.
  const small = await writeSchedule(withWbs(generateNetwork({ activities: 100, seed: 3 }), 5), 'xer');
  const warm = await uploadXer('warm.xer', small);

  const model = withWbs(generateNetwork({ activities: N, seed: 7 }), WBS);
  const xer = await writeSchedule(model, 'xer');
  const imported = await uploadXer('bench.xer', xer);
  const version = imported.version.id;
  const count = await app.inject({ method: 'GET', url: `/api/v1/versions/${version}/wbs`, headers });
  const content = JSON.parse(count.body) as { items: unknown[]; relations: unknown[] };
  const xerOut = await exportAs(version, 'xer');
  const xlsxOut = await exportAs(version, 'xlsx');
  const ok =
    // The XER carries the project itself as the root WBS node (PROJWBS proj_node_flag): one more.
    content.items.length === N + WBS + 1 &&
    imported.version.timetable_state === 'calculated' &&
    imported.ms <= BUDGET.import_ms &&
    xerOut.ms <= BUDGET.export_ms &&
    xlsxOut.ms <= BUDGET.export_ms;
  console.log(
    JSON.stringify(
      {
        benchmark: 'import',
        activities: N,
        wbs_nodes: WBS,
        items: content.items.length,
        relations: content.relations.length,
        xer_bytes: xer.length,
        first_upload_ms: Math.round(warm.ms),
        import_ms: Math.round(imported.ms),
        export_xer_ms: Math.round(xerOut.ms),
        export_xlsx_ms: Math.round(xlsxOut.ms),
        export_xlsx_bytes: xlsxOut.bytes,
        timetable_state: imported.version.timetable_state,
        budget: BUDGET,
        ok,
      },
      null,
      2,
    ),
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
