// Many planners on one version (issue 22): N simulated clients, each editing its own 3 rows of
// one version with a pause of 0–PAUSE_MS between edits, for DURATION_S seconds, over real HTTP to
// a server on 127.0.0.1 (in this process). Each client follows the revision as the workbench does:
// its answers, and the version_updated events of its own live socket (LIVE=0: answers only, the
// stalest a client can be). Batches made while others' are stored are on an older revision; a
// disjoint one must be applied. A refused batch is sent again (an edit
// conflict on the answer's revision; a stale revision after reading the version), at most 20 times.
// At the end every client's rows are read back: each must hold the value of its last accepted edit.
// Prints one JSON object per database: clients, edits, batches, conflict_rate (409 answers per
// batch), lost_updates, edits_unaccepted, batch_p50_ms / batch_p95_ms / batch_p99_ms (one request),
// edit_p50_ms / edit_p99_ms (an edit including its retries), statements_per_batch (every statement
// the server sent while the planners ran, background work included, over the batches; BEGIN and
// COMMIT not counted), cpu_ms_per_batch (this process: server, PGlite's thread and the simulated
// clients; a figure the machine's load does not inflate much), accepted_per_client_min / _max.
// Run: npm run --silent bench -- editors   (EDITORS=50 DURATION_S=60 PAUSE_MS=2000; PostgreSQL
// too when DATABASE_URL is set).
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import type { KyselyPlugin } from 'kysely';
import WebSocket from 'ws';
import { EVENTS_SUBPROTOCOL } from '../src/api/events';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import type { Database } from '../src/server/db';

const EDITORS = Number(process.env.EDITORS ?? 50);
const DURATION_S = Number(process.env.DURATION_S ?? 60);
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 2000);
const ROWS_EACH = 3;
const MAX_TRIES = 20;
const LIVE = process.env.LIVE !== '0';

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10;
};

const row = (id: string, name: string, orderKey: string) => ({
  id,
  parentId: null,
  orderKey,
  nodeType: 'task',
  name,
  code: null,
  calendarId: null,
  duration: 480,
  startLimitType: null,
  startLimitDate: null,
  finishLimitType: null,
  finishLimitDate: null,
  actualStart: null,
  actualFinish: null,
  percentComplete: 0,
  volume: null,
  price: null,
  color: null,
  attributes: {},
});

/** Counts the statements the server sends (Kysely's builders and raw sql alike). */
let statements = 0;
const counter: KyselyPlugin = {
  transformQuery: (a) => (statements++, a.node),
  transformResult: async (a) => a.result,
};

async function run(kind: 'pglite' | 'postgres', opened: Database) {
  const database = { ...opened, db: opened.db.withPlugin(counter) };
  const app = await buildApp({ database, config: testConfig() });
  const base = (await app.listen({ port: 0, host: '127.0.0.1' })) + '/api/v1';
  try {
    const req = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
      const res = await fetch(base + path, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : null };
    };
    const login = `planner_${randomUUID().slice(0, 8)}`;
    const password = 'correct-horse-1';
    const reg = await req(
      'POST',
      '/users/register-and-login',
      {
        login,
        email: `${login}@example.com`,
        first_name: 'P',
        last_name: 'L',
        password,
        password_confirmation: password,
        secret_question: 'Q?',
        answer: 'A',
      },
      {},
    );
    const auth = { authorization: `Bearer ${reg.json.token}` };
    const space = (await req('POST', '/space/create', { name: 'Bench' }, auth)).json.id;
    const h = { ...auth, 'space-id': space };
    const facility = (await req('POST', '/facilities/create', { name: 'F' }, h)).json.id;
    const project = (await req('POST', `/facilities/${facility}/projects/create`, { name: 'P' }, h)).json.id;
    const schedule = (await req('POST', `/projects/${project}/schedules/create`, { name: 'S' }, h)).json.id;
    const version = (await req('GET', `/schedules/${schedule}/versions`, undefined, h)).json[0].id;
    // Every planner its own session and rows.
    const ids = Array.from({ length: EDITORS * ROWS_EACH }, () => randomUUID());
    const created = await req(
      'POST',
      `/versions/${version}/wbs/batch`,
      {
        revision: 0,
        origin: 'do',
        entry: {
          v: 1,
          kind: 'undo_wbs',
          labelKey: 'cmd.insertRow',
          patches: ids.map((id, i) => ({
            op: 'add',
            path: ['rows', id],
            value: row(id, `Row ${i}`, `a${String(i).padStart(5, '0')}`),
          })),
          inversePatches: ids.map((id) => ({ op: 'remove', path: ['rows', id] })),
        },
      },
      h,
    );
    if (created.status !== 200) throw new Error(`setup batch: ${JSON.stringify(created.json)}`);
    const sessions = await Promise.all(
      Array.from({ length: EDITORS }, async () => {
        const s = await req('POST', '/auth/login', { login, password }, {});
        return { token: s.json.token as string, authorization: `Bearer ${s.json.token}`, 'space-id': space };
      }),
    );
    // Each planner's view of the version's revision, moved on by its answers and its events.
    const seen = sessions.map(() => created.json.revision as number);
    const sockets = LIVE
      ? await Promise.all(
          sessions.map(
            (s, c) =>
              new Promise<WebSocket>((resolve, reject) => {
                const ws = new WebSocket(base.replace(/^http/, 'ws') + '/events', [
                  EVENTS_SUBPROTOCOL,
                  s.token,
                ]);
                ws.on('message', (data) => {
                  const e = JSON.parse(String(data)) as { event: string; payload: { revision?: number } };
                  if (e.event === 'version_updated' && typeof e.payload.revision === 'number')
                    seen[c] = Math.max(seen[c]!, e.payload.revision);
                });
                ws.on('open', () => resolve(ws));
                ws.on('error', reject);
              }),
          ),
        )
      : [];

    const batchMs: number[] = [];
    const editMs: number[] = [];
    let batches = 0;
    let refused = 0;
    let unaccepted = 0;
    let edits = 0;
    const lastAccepted = new Map<string, string>();
    const accepted = sessions.map(() => 0);
    const end = Date.now() + DURATION_S * 1000;

    const planner = async (c: number) => {
      const { token: _token, ...headers } = sessions[c]!;
      const mine = ids.slice(c * ROWS_EACH, (c + 1) * ROWS_EACH);
      let n = 0;
      while (Date.now() < end) {
        await new Promise((r) => setTimeout(r, Math.random() * PAUSE_MS));
        if (Date.now() >= end) break;
        const id = mine[n % ROWS_EACH]!;
        const name = `p${c} edit ${n++}`;
        const entry = {
          v: 1,
          kind: 'undo_wbs',
          labelKey: 'cmd.edit',
          patches: [{ op: 'replace', path: ['rows', id, 'name'], value: name }],
          inversePatches: [{ op: 'replace', path: ['rows', id, 'name'], value: lastAccepted.get(id) ?? '' }],
        };
        edits++;
        const t0 = performance.now();
        let ok = false;
        for (let tries = 0; tries < MAX_TRIES && !ok; tries++) {
          const b0 = performance.now();
          const res = await req(
            'POST',
            `/versions/${version}/wbs/batch`,
            { revision: seen[c], origin: 'do', entry },
            headers,
          );
          batchMs.push(performance.now() - b0);
          batches++;
          if (res.status === 200) {
            ok = true;
            accepted[c]!++;
            seen[c] = Math.max(seen[c]!, res.json.revision);
            lastAccepted.set(id, name);
          } else if (res.status === 409) {
            refused++;
            seen[c] =
              typeof res.json.revision === 'number'
                ? res.json.revision
                : (await req('GET', `/versions/${version}`, undefined, headers)).json.revision;
          } else throw new Error(`batch: ${res.status} ${JSON.stringify(res.json)}`);
        }
        if (ok) editMs.push(performance.now() - t0);
        else unaccepted++;
      }
    };
    const t0 = Date.now();
    const cpu0 = process.cpuUsage();
    const statements0 = statements;
    await Promise.all(Array.from({ length: EDITORS }, (_, c) => planner(c)));
    const wall = (Date.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const sent = statements - statements0;
    for (const ws of sockets) ws.close();

    const content = (await req('GET', `/versions/${version}/wbs`, undefined, h)).json as {
      items: { id: string; name: string }[];
    };
    const stored = new Map(content.items.map((i) => [i.id, i.name]));
    let lost = 0;
    for (const [id, name] of lastAccepted) if (stored.get(id) !== name) lost++;
    return {
      database: kind,
      clients: EDITORS,
      live_events: LIVE,
      duration_s: Math.round(wall),
      pause_ms: `0–${PAUSE_MS}`,
      edits,
      batches,
      conflict_rate: batches ? Math.round((refused / batches) * 10000) / 10000 : 0,
      lost_updates: lost,
      edits_unaccepted: unaccepted,
      batch_p50_ms: pct(batchMs, 50),
      batch_p95_ms: pct(batchMs, 95),
      batch_p99_ms: pct(batchMs, 99),
      edit_p50_ms: pct(editMs, 50),
      edit_p99_ms: pct(editMs, 99),
      statements_per_batch: batches ? Math.round((sent / batches) * 10) / 10 : null,
      cpu_ms_per_batch: batches ? Math.round(((cpu.user + cpu.system) / 1000 / batches) * 10) / 10 : null,
      accepted_per_client_min: Math.min(...accepted),
      accepted_per_client_max: Math.max(...accepted),
      // The machine is shared: its load says how much of the latency is waiting for a core.
      load_avg_1m: Math.round(loadavg()[0]! * 10) / 10,
    };
  } finally {
    await app.close();
  }
}

const results = [];
const pglite = await openDatabase({ kind: 'pglite' });
try {
  results.push(await run('pglite', pglite));
} finally {
  await pglite.close();
}
const url = process.env.DATABASE_URL;
if (url) {
  const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const pg = await openDatabase({ kind: 'postgres', url, schema });
  try {
    results.push(await run('postgres', pg));
  } finally {
    await sql.raw(`DROP SCHEMA "${schema}" CASCADE`).execute(pg.db);
    await pg.close();
  }
} else results.push({ database: 'postgres', skipped: 'DATABASE_URL is not set' });
process.stdout.write(JSON.stringify({ bench: 'editors', results }, null, 2) + '\n');
