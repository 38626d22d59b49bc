// The CPU parts of a workbench 10,000 × 10 paste's batch outside the database, old and new way in
// one process (the shared machine's load falls on both alike): the page writing the entry
// (serializeEntry: every patch copied, or a plain-valued patch kept as its own JSON form) and its
// JSON text; the server's undo-log text (written again from the decoded patches, or the request's
// entry as it came); the page after the answer (the entry decoded again for its assignments, or
// the change's own patches filtered). Prints one JSON object; medians of BENCH_REPEAT (default 7).
//
// Run: node --import tsx benchmarks/paste-entry.ts
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import type { Patch } from 'immer';
import { deserializeEntry, serializeEntry } from '../src/domain/history';
import { wbsState } from '../src/domain/wbs/change';
import { WBS_COLUMNS as c } from '../src/domain/wbs/columns';
import { pasteMatrix } from '../src/domain/wbs/paste';
import { expandToLevel, flattenVisible } from '../src/domain/wbs/view';
import { prepareLog } from '../src/server/services/wbs-patch-batch';
import { benchDoc } from './bench-schedule';

const RUNS = Number(process.env.BENCH_REPEAT ?? 7);
const load0 = loadavg()[0]!;
const round = (x: number) => Math.round(x * 10) / 10;
const median = (xs: number[]) => round([...xs].sort((a, b) => a - b)[xs.length >> 1]!);

// The matrix of benchmarks/workbench.ts, 5,000 rows before the end of a 100k version.
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
const state = wbsState(benchDoc(100_000));
const view = flattenVisible(state.index, expandToLevel(state.index, Infinity));
const change = pasteMatrix(
  state.doc,
  state.index,
  { visibleIds: view.ids, row: view.ids.length - 5_000, columns, matrix },
  { newId: () => randomUUID(), hoursPerDay: () => 8 },
);
const entry = {
  kind: 'undo_wbs' as const,
  labelKey: 'cmd.paste',
  patches: change.patches,
  inversePatches: change.inversePatches,
};

/** serialize.ts's encoding before plain patches were kept: every patch and value copied. */
const tag = (v: unknown): unknown => {
  if (v === undefined) return { $undefined: true };
  if (v instanceof Map) return { $map: [...v].map(([k, x]) => [tag(k), tag(x)]) };
  if (v instanceof Set) return { $set: [...v].map(tag) };
  if (Array.isArray(v)) return v.map(tag);
  if (typeof v === 'number' && !Number.isFinite(v)) return { $number: String(v) };
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, tag(x)]));
  return v;
};
const copyPatch = (p: Patch) => ({
  op: p.op,
  path: p.path,
  ...('value' in p ? { value: tag(p.value) } : {}),
});
const serializeCopying = () => ({
  v: 1,
  kind: entry.kind,
  labelKey: entry.labelKey,
  patches: entry.patches.map(copyPatch),
  inversePatches: entry.inversePatches.map(copyPatch),
});

const timed = (f: () => unknown) => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};
const parts: Record<string, number[]> = {};
const add = (k: string, ms: number) => (parts[k] ??= []).push(ms);
const text = JSON.stringify(serializeEntry(entry));
const raw = JSON.parse(text) as unknown;
const decoded = deserializeEntry(raw);
const isAssignment = (p: Patch) => p.path[0] === 'assignments';
for (let i = 0; i < RUNS; i++) {
  // Alternating, so that a busier moment falls on both.
  add(
    'page_entry_copying_ms',
    timed(() => JSON.stringify(serializeCopying())),
  );
  add(
    'page_entry_kept_ms',
    timed(() => JSON.stringify(serializeEntry(entry))),
  );
  add(
    'server_log_text_rewritten_ms',
    timed(() => prepareLog(decoded)),
  );
  add(
    'server_log_text_as_sent_ms',
    timed(() => JSON.stringify(raw)),
  );
  add(
    'page_answer_decoded_ms',
    timed(() => deserializeEntry(raw).patches.filter(isAssignment)),
  );
  add(
    'page_answer_own_patches_ms',
    timed(() => entry.patches.filter(isAssignment)),
  );
}
process.stdout.write(
  JSON.stringify({
    patches: change.patches.length + change.inversePatches.length,
    entry_bytes: text.length,
    runs: RUNS,
    ...Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, median(v)])),
    load_average_1m_start: round(load0),
    load_average_1m: round(loadavg()[0]!),
  }) + '\n',
);
