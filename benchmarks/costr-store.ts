// The stored paste of issue 28 alone, on PGlite (default) or PostgreSQL (DATABASE_URL; a schema of
// its own, dropped at the end): a 10,000 × 12 matrix pasted into a new estimate as the screen sends
// it (one `POST costr/estimates/{id}/edit`, one undo step), timed from the request to its answer
// (≤ 1,000 ms), then undo and redo of that step; then an edit of 5,000 of the stored rows.
// Prints one JSON object (medians and minima of RUNS runs, the load average before and after).
// Run: npm run --silent bench -- costr-store   (DATABASE_URL=postgres://… for PostgreSQL)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { api } from '../src/api';
import { nodeToApi } from '../src/api/costr';
import { parseTsv } from '../src/domain/clipboard/tsv';
import { DEFAULT_SETTINGS, pasteMatrix } from '../src/domain/costr';
import { keysBetween } from '../src/domain/wbs/order-key';
import type { RouteDef } from '../src/api/route';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { PASTE_COLUMNS, pasteTsv } from './costr-paste-matrix';
import { injectCall } from '../src/server/http/inject-call';
import type { CallOptions } from '../src/server/http/inject-call';

const RUNS = Number(process.env.BENCH_REPEAT ?? 5);
const loadStart = loadavg()[0];
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: Math.round(s[Math.floor(s.length / 2)]! * 10) / 10, min: Math.round(s[0]! * 10) / 10 };
};

const columns = PASTE_COLUMNS;
const tsv = pasteTsv(10_000);
const r0 = pasteMatrix({
  rows: [],
  columns,
  startRow: 0,
  startCol: 0,
  matrix: parseTsv(tsv),
  rules: DEFAULT_SETTINGS.rules,
  newId: () => randomUUID(),
  newParentId: null,
  newKeys: (n) => Array.from({ length: n }, (_, j) => `k${j}`),
});
if (r0.upserts.length !== 10_000 || r0.errors.length) throw new Error('paste check failed');
const pasted = r0.upserts;
const keys = keysBetween(null, null, pasted.length);

const url = process.env.DATABASE_URL;
// BENCH_DATA_DIR: PGlite on files, as `npm start` runs it (DATA_DIR), instead of in memory.
const dataDir = process.env.BENCH_DATA_DIR
  ? mkdtempSync(path.join(process.env.BENCH_DATA_DIR, 'costr-'))
  : null;
const schema = `bench_costr_${process.pid}`;
const database = url
  ? await openDatabase({ kind: 'postgres', url, schema })
  : await openDatabase({ kind: 'pglite', ...(dataDir ? { dataDir } : {}) });
const app = await buildApp({ database, config: testConfig({ estimatesUserCap: 100 }) });
await app.ready();
const call = (def: RouteDef, o: CallOptions) => injectCall(app, def, o);
const ok = <R extends { statusCode: number; body: string }>(r: R, what: string): R => {
  if (r.statusCode !== 200 && r.statusCode !== 201)
    throw new Error(`${what} answered ${r.statusCode}: ${r.body.slice(0, 300)}`);
  return r;
};

const stored: number[] = [];
const undo: number[] = [];
const redo: number[] = [];
const edit5k: number[] = [];
try {
  const login = `costrstore_${randomUUID().slice(0, 8)}`;
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
  // One warm-up paste (JIT, plans), not counted.
  for (let i = 0; i <= RUNS; i++) {
    const est = ok(
      await call(api.costr.create, { token, space, body: { name: `Paste ${i}`, kind: 'estimate' } }),
      'create',
    ).json() as { id: string; revision: number };
    const upserts = pasted.map((n, j) => nodeToApi({ ...n, id: randomUUID(), orderKey: keys[j]! }));
    let t0 = performance.now();
    const r = ok(
      await call(api.costr.edit, {
        token,
        space,
        params: { id: est.id },
        body: { revision: est.revision, label: 'paste', upserts, deletes: [] },
      }),
      'paste',
    );
    const pasteMs = performance.now() - t0;
    if (process.env.BENCH_VERBOSE) process.stderr.write(`paste ${i}: ${Math.round(pasteMs)} ms\n`);
    const rev = (r.json() as { revision: number }).revision;
    t0 = performance.now();
    ok(await call(api.costr.undo, { token, space, params: { id: est.id } }), 'undo');
    const undoMs = performance.now() - t0;
    t0 = performance.now();
    ok(await call(api.costr.redo, { token, space, params: { id: est.id } }), 'redo');
    const redoMs = performance.now() - t0;
    const changed = upserts.slice(0, 5000).map((u) => ({ ...u, quantity: '7.5', notes: 'edited' }));
    t0 = performance.now();
    ok(
      await call(api.costr.edit, {
        token,
        space,
        params: { id: est.id },
        body: { revision: rev + 2, label: 'edit', upserts: changed, deletes: [] },
      }),
      'edit 5k',
    );
    const editMs = performance.now() - t0;
    const doc = ok(await call(api.costr.get, { token, space, params: { id: est.id } }), 'read').json() as {
      nodes: { quantity: string | null }[];
    };
    if (doc.nodes.length !== 10_000 || doc.nodes.filter((n) => n.quantity === '7.5').length !== 5000)
      throw new Error('the stored estimate is not the pasted one with 5,000 edits');
    if (i === 0) continue;
    stored.push(pasteMs);
    undo.push(undoMs);
    redo.push(redoMs);
    edit5k.push(editMs);
  }
} finally {
  await app.close();
  if (url) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
  }
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

process.stdout.write(
  `${JSON.stringify({
    database: url ? 'postgres' : 'pglite',
    runs: RUNS,
    paste_10k_x12_stored_ms: stats(stored).median,
    paste_10k_x12_stored_min_ms: stats(stored).min,
    undo_10k_ms: stats(undo).median,
    redo_10k_ms: stats(redo).median,
    edit_5k_stored_ms: stats(edit5k).median,
    edit_5k_stored_min_ms: stats(edit5k).min,
    load_start: loadStart,
    load: loadavg()[0],
  })}\n`,
);
