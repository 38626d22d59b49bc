// Cost module budgets (issue 28), in Node on a generated estimate:
//   full_recompute_50k_ms   50,000 positions in 500 sections with 10 coefficients (every scope and
//                           target): the computed list (pdc) of every position and all totals (≤ 500);
//   one_edit_recompute_ms   one position's quantity changed: that position and its ancestors'
//                           totals moved by the difference (≤ 20);
//   pdc_all_steps_50k_ms    every position's amounts after each coefficient (the pdc call's rows);
//   paste_10k_x12_ms        a 10,000 × 12 TSV matrix parsed and checked cell by cell into new
//                           positions (the client's part of a paste; ≤ 1,000 with the screen's paint);
//   compliance_50k_ms       every compliance rule over the 50,000 positions;
//   paste_10k_x12_stored_ms the same 10,000 pasted positions sent as the screen sends them (one
//                           `POST costr/estimates/{id}/edit`, one undo step) to the server on PGlite
//                           in this process, until its answer (stored, checked, compliance run) (≤ 1,000);
//   paste_10k_pdc_ms        then the computed list of the 10,000 positions read back (the screen's
//                           totals after a paste);
//   paste_10k_write_*_ms    the storage part alone, in the same run on the same PGlite, alternating:
//                           `before` as it was written until migration 059 (one INSERT … SELECT FROM
//                           jsonb_to_recordset … ON CONFLICT DO UPDATE per 5,000 rows, the undo step
//                           as a 4 MB jsonb), `after` as it is now (INSERT … FROM unnest(column
//                           arrays), the undo step gzip-packed).
// Self-checking: the incremental totals equal a full recompute's. Prints one JSON object (median
// and minimum of 5 runs). Run: npm run --silent bench -- costr
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { api } from '../src/api';
import { nodeToApi } from '../src/api/costr';
import { parseTsv } from '../src/domain/clipboard/tsv';
import {
  DEFAULT_SETTINGS,
  checkCompliance,
  computeEstimate,
  minorText,
  positionSteps,
  pasteMatrix,
  updatePosition,
} from '../src/domain/costr';
import { generatedEstimate } from '../tests/fixtures/costr-estimate';
import type { RouteDef } from '../src/api/route';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { PASTE_COLUMNS, pasteTsv } from './costr-paste-matrix';
import { injectCall } from '../src/server/http/inject-call';
import type { CallOptions } from '../src/server/http/inject-call';

const RUNS = 5;
const loadStart = loadavg()[0];
const { nodes, coefficients } = generatedEstimate(50_000, 500);
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: Math.round(s[Math.floor(s.length / 2)]! * 10) / 10, min: Math.round(s[0]! * 10) / 10 };
};
const time = (f: () => void) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};

const full: number[] = [];
const fullCpu: number[] = [];
let prepared = computeEstimate(nodes, coefficients, DEFAULT_SETTINGS);
for (let i = 0; i < RUNS; i++) {
  const cpu = process.cpuUsage();
  full.push(time(() => (prepared = computeEstimate(nodes, coefficients, DEFAULT_SETTINGS))));
  const u = process.cpuUsage(cpu);
  fullCpu.push((u.user + u.system) / 1000);
}

// The whole computed list: every position's amounts after each coefficient (what the pdc call answers).
const steps: number[] = [];
let stepRows = 0;
for (let i = 0; i < RUNS; i++)
  steps.push(
    time(() => {
      stepRows = 0;
      for (const id of prepared.positions.keys()) stepRows += positionSteps(prepared, id).length;
    }),
  );

const one: number[] = [];
let current = nodes;
for (let i = 0; i < RUNS; i++) {
  const id = `p${(i * 9973) % 50_000}`;
  const n = { ...prepared.nodes.get(id)!, quantity: `${100 + i}.125` };
  one.push(time(() => updatePosition(prepared, n)));
  current = current.map((x) => (x.id === id ? n : x));
}
const check = computeEstimate(current, coefficients, DEFAULT_SETTINGS);
if (check.total.total !== prepared.total.total)
  throw new Error('incremental totals differ from a full recompute');

const columns = PASTE_COLUMNS;
const tsv = pasteTsv(10_000);
const paste: number[] = [];
let pasted: ReturnType<typeof pasteMatrix>['upserts'] = [];
for (let i = 0; i < RUNS; i++) {
  paste.push(
    time(() => {
      const r = pasteMatrix({
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
      if (r.upserts.length !== 10_000 || r.errors.length) throw new Error('paste check failed');
      pasted = r.upserts;
    }),
  );
}

const dict = new Map(nodes.filter((n) => n.kind === 'position').map((n) => [n.id, n]));
const linked = nodes.map((n, i) => (i % 3 === 0 ? { ...n, dictionaryId: n.id, wbsItemId: n.id } : n));
const comp: number[] = [];
let violations = 0;
for (let i = 0; i < RUNS; i++)
  comp.push(
    time(() => {
      violations = checkCompliance(
        linked,
        DEFAULT_SETTINGS.rules,
        (id) => dict.get(id),
        (id) => ({ id, code: id, volume: 100, unit: 'm3' }),
      ).length;
    }),
  );

// The paste stored: the screen's one edit call with the 10,000 new positions, into a new estimate
// each run (order keys made as the screen makes them).
const { keysBetween } = await import('../src/domain/wbs/order-key');
const database = await openDatabase({ kind: 'pglite' });
const app = await buildApp({ database, config: testConfig({ estimatesUserCap: 100 }) });
await app.ready();
const call = (def: RouteDef, o: CallOptions) => injectCall(app, def, o);
const stored: number[] = [];
const pdcRead: number[] = [];
const writeBefore: number[] = [];
const writeAfter: number[] = [];
try {
  const login = `costrbench_${randomUUID().slice(0, 8)}`;
  const reg = await call(api.users.registerAndLogin, {
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
  });
  if (reg.statusCode !== 201) throw new Error(`sign-up answered ${reg.statusCode}: ${reg.body}`);
  const token = (reg.json() as { token: string }).token;
  const sp = await call(api.space.create, { token, body: { name: 'Bench' } });
  const space = (sp.json() as { id: string }).id;
  const keys = keysBetween(null, null, pasted.length);
  for (let i = 0; i < 3; i++) {
    const e = await call(api.costr.create, { token, space, body: { name: `Paste ${i}`, kind: 'estimate' } });
    const est = e.json() as { id: string; revision: number };
    const upserts = pasted.map((n, j) => nodeToApi({ ...n, id: randomUUID(), orderKey: keys[j]! }));
    let t0 = performance.now();
    const r = await call(api.costr.edit, {
      token,
      space,
      params: { id: est.id },
      body: { revision: est.revision, label: 'paste', upserts, deletes: [] },
    });
    stored.push(performance.now() - t0);
    if (r.statusCode !== 200)
      throw new Error(`stored paste answered ${r.statusCode}: ${r.body.slice(0, 300)}`);
    t0 = performance.now();
    const p = await call(api.costr.pdc, { token, space, params: { id: est.id } });
    pdcRead.push(performance.now() - t0);
    if (p.statusCode !== 200 || (p.json() as { positions: unknown[] }).positions.length !== 10_000)
      throw new Error('pdc after the stored paste is not the 10,000 positions');
  }
  // The storage part alone, old and new way alternating on the same database.
  const { sql } = await import('kysely');
  const { COLUMNS: cols, packStep } = await import('../src/server/services/costr-store');
  const db = database.db;
  for (let i = 0; i < 3; i++) {
    for (const way of ['before', 'after'] as const) {
      const e = await call(api.costr.create, {
        token,
        space,
        body: { name: `W ${way} ${i}`, kind: 'estimate' },
      });
      const est = (e.json() as { id: string }).id;
      const rows = pasted.map((n, j) => nodeToApi({ ...n, id: randomUUID(), orderKey: keys[j]! }));
      const step = { nodes: rows.map((r) => ({ id: r.id, before: null, after: r })) };
      const t0 = performance.now();
      await db.transaction().execute(async (tx) => {
        if (way === 'before') {
          for (let k = 0; k < rows.length; k += 5000) {
            const json = JSON.stringify(rows.slice(k, k + 5000));
            await sql`INSERT INTO costr_nodes (space_id, estimate_id, id, parent_id, order_key, kind, code, name, measure,
                quantity, labour_price, machines_price, materials_price, labour_hours, dictionary_id, wbs_item_id, notes)
              SELECT ${space}::uuid, ${est}::uuid, r.id, r.parent_id, r.order_key, r.kind, r.code, r.name, r.measure,
                r.quantity, r.labour_price, r.machines_price, r.materials_price, r.labour_hours, r.dictionary_id, r.wbs_item_id, r.notes
              FROM jsonb_to_recordset(${json}::jsonb) AS r(id uuid, parent_id uuid, order_key text, kind text, code text,
                name text, measure text, quantity text, labour_price text, machines_price text, materials_price text,
                labour_hours text, dictionary_id uuid, wbs_item_id uuid, notes text)
              ON CONFLICT (space_id, estimate_id, id) DO UPDATE SET name = excluded.name`.execute(tx);
          }
          await sql`INSERT INTO costr_undo (space_id, estimate_id, seq, label, entry)
            VALUES (${space}::uuid, ${est}::uuid, 1, 'paste', ${JSON.stringify(step)}::jsonb)`.execute(tx);
        } else {
          for (let k = 0; k < rows.length; k += 5000) {
            const part = rows.slice(k, k + 5000) as unknown as Record<string, string | null>[];
            const a = cols.map((c) => part.map((r) => r[c] ?? null));
            await sql`INSERT INTO costr_nodes (space_id, estimate_id, id, parent_id, order_key, kind, code, name, measure,
                quantity, labour_price, machines_price, materials_price, labour_hours, dictionary_id, wbs_item_id, notes)
              SELECT ${space}::uuid, ${est}::uuid, r.* FROM unnest(${a[0]}::uuid[], ${a[1]}::uuid[], ${a[2]}::text[],
                ${a[3]}::text[], ${a[4]}::text[], ${a[5]}::text[], ${a[6]}::text[], ${a[7]}::text[], ${a[8]}::text[],
                ${a[9]}::text[], ${a[10]}::text[], ${a[11]}::text[], ${a[12]}::uuid[], ${a[13]}::uuid[], ${a[14]}::text[]) AS r`.execute(
              tx,
            );
          }
          await sql`INSERT INTO costr_undo (space_id, estimate_id, seq, label, packed)
            VALUES (${space}::uuid, ${est}::uuid, 1, 'paste', decode(${packStep(step as never)}, 'base64'))`.execute(
            tx,
          );
        }
      });
      (way === 'before' ? writeBefore : writeAfter).push(performance.now() - t0);
    }
  }
} finally {
  await app.close();
  await database.close();
}

const f = stats(full);
const st = stats(steps);
const o = stats(one);
const p = stats(paste);
const c = stats(comp);
process.stdout.write(
  `${JSON.stringify({
    positions: 50_000,
    coefficients: coefficients.length,
    full_recompute_50k_ms: f.median,
    full_recompute_50k_min_ms: f.min,
    // CPU time of the process in the same runs: the wall figure on a loaded shared machine includes waiting.
    full_recompute_50k_cpu_ms: stats(fullCpu).median,
    pdc_all_steps_50k_ms: st.median,
    pdc_rows: stepRows,
    one_edit_recompute_ms: o.median,
    one_edit_recompute_min_ms: o.min,
    paste_10k_x12_ms: p.median,
    paste_10k_x12_min_ms: p.min,
    compliance_50k_ms: c.median,
    paste_10k_x12_stored_ms: stats(stored).median,
    paste_10k_x12_stored_min_ms: stats(stored).min,
    paste_10k_pdc_ms: stats(pdcRead).median,
    paste_10k_write_before_ms: stats(writeBefore).median,
    paste_10k_write_before_min_ms: stats(writeBefore).min,
    paste_10k_write_after_ms: stats(writeAfter).median,
    paste_10k_write_after_min_ms: stats(writeAfter).min,
    violations,
    estimate_total: minorText(prepared.total.total, 2),
    load_start: loadStart,
    load: loadavg()[0],
  })}\n`,
);
