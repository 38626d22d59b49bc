// WBS command budgets (ARCHITECTURE "Performance budgets": indent 1,000 selected rows and undo
// it ≤ 100 ms each; paste 10,000 × 10 ≤ 1 s) on a generated 100k-row version, in Node.
// Self-checking: it fails if a command does not do what it should or undo does not restore the
// document. Prints one JSON object: per operation the median and minimum wall time and the
// median CPU time (the machine is shared; CPU time and the minimum show the uncontended cost).
// Run: node --import tsx benchmarks/wbs.ts
import { loadavg } from 'node:os';
import { parseHtmlTable, serializeHtmlTable } from '../src/domain/clipboard/html';
import { parseTsv, serializeTsv } from '../src/domain/clipboard/tsv';
import { applyWbsPatches, commit, wbsState } from '../src/domain/wbs/change';
import { WBS_COLUMNS } from '../src/domain/wbs/columns';
import { relationIndex } from '../src/domain/wbs/relation-index';
import { ShardedMap } from '../src/domain/wbs/sharded-map';
import { pasteMatrix } from '../src/domain/wbs/paste';
import { indent, moveUp, outdent } from '../src/domain/wbs/structure';
import { expandToLevel, flattenVisible, outlineNumber, outlineNumbers } from '../src/domain/wbs/view';
import { generateWbs } from '../tests/domain/wbs/generate';

const ROWS = 100_000;
const REPEAT = 15;

const samples = new Map<string, { wall: number[]; cpu: number[] }>();

/** Run fn once, recording its wall and CPU time under a label. */
function measure<T>(label: string, fn: () => T): T {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  let s = samples.get(label);
  if (!s) samples.set(label, (s = { wall: [], cpu: [] }));
  s.wall.push(wall);
  s.cpu.push((c.user + c.system) / 1000);
  return r;
}

const round = (x: number) => Math.round(x * 100) / 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`benchmark self-check failed: ${what}`);
}

const plain = generateWbs(ROWS, { seed: 7, fanout: [10, 20], relationsPerTask: 1.5 });
// The workbench store keeps rows and relations in ShardedMaps (WBS_MAPS=sharded measures those).
const doc =
  process.env.WBS_MAPS === 'sharded'
    ? { ...plain, rows: new ShardedMap(plain.rows), relations: new ShardedMap(plain.relations) }
    : plain;
const state = measure('load_state', () => wbsState(doc));
// The store builds the relation index in idle time after an open; the commands read it.
measure('relation_index', () => relationIndex(state.doc.relations));
const all = expandToLevel(state.index, Infinity);
const view = measure('flatten_all', () => flattenVisible(state.index, all));
check(view.ids.length === ROWS, 'flatten shows every row');

// 1,000 consecutive task rows (no section headers, which would carry their whole subtree along).
const selection = view.ids
  .slice(50_000)
  .filter((id) => state.doc.rows.get(id)!.nodeType === 'task')
  .slice(0, 1_000);
const ids = { n: 0, newId: () => `p${++ids.n}` };
const matrix = Array.from({ length: 10_000 }, (_, i) => [
  `Pasted ${i}`,
  `${1 + (i % 9)}`,
  `${1 + (i % 28)}.03.2025`,
  `${2 + (i % 27)}.04.2025`,
  `${i % 101}`,
  `${(i * 7) % 1000},5`,
  `${i % 500}`,
  i % 2 ? 'task' : 'work',
  `code-${i}`,
  `${i % 9}d`,
]);
const c = WBS_COLUMNS;
const columns = [
  c.name,
  c.duration,
  c.start,
  c.finish,
  c.progress,
  c.volume,
  c.price,
  c.type,
  c.code,
  c.duration,
];
// What a paste parses before the command runs: the same matrix as TSV and as an HTML table.
const tsvText = serializeTsv(matrix);
const htmlText = serializeHtmlTable(matrix);

for (let r = 0; r < REPEAT; r++) {
  measure('outline_all', () => outlineNumbers(state.index));
  measure('outline_50_visible', () =>
    view.ids.slice(60_000, 60_050).map((id) => outlineNumber(state.index, state.doc.rows, id)),
  );
  const fromTsv = measure('parse_tsv_10k_x10', () => parseTsv(tsvText));
  const fromHtml = measure('parse_html_10k_x10', () => parseHtmlTable(htmlText));
  check(fromTsv.length === 10_000 && fromHtml?.length === 10_000, 'clipboard parse');

  // Indent = the command plus bringing the store's index along, as the store does.
  const ind = measure('indent_1k', () => {
    const change = indent(state.doc, state.index, selection);
    return { change, s: commit(state, change) };
  });
  check(ind.change.result.length >= 990, `indent moved ${ind.change.result.length} rows`);
  const undone = measure('undo_indent_1k', () => applyWbsPatches(ind.s, ind.change.inversePatches));
  check(
    selection.every(
      (id) => JSON.stringify(undone.doc.rows.get(id)) === JSON.stringify(state.doc.rows.get(id)),
    ),
    'undo restores the rows',
  );
  check(
    undone.index.children.get('r2')?.length === state.index.children.get('r2')?.length,
    'undo restores the index',
  );

  measure('outdent_1k', () => commit(ind.s, outdent(ind.s.doc, ind.s.index, selection)));
  measure('move_up_1k', () => commit(state, moveUp(state.doc, state.index, selection)));
  measure('edit_one_cell', () =>
    commit(
      state,
      pasteMatrix(
        state.doc,
        state.index,
        { visibleIds: view.ids, row: 10, columns, matrix: [['5']] },
        { ...ids, hoursPerDay: () => 8 },
      ),
    ),
  );

  const pasted = measure('paste_10k_x10', () => {
    const change = pasteMatrix(
      state.doc,
      state.index,
      { visibleIds: view.ids, row: 95_000, columns, matrix },
      { ...ids, hoursPerDay: () => 8 },
    );
    return commit(state, change);
  });
  check(pasted.doc.rows.size === ROWS + 5_000, 'paste added the rows past the end');
}

const out: Record<string, unknown> = { rows: ROWS, relations: doc.relations.size };
for (const [label, s] of samples) {
  out[`${label}_ms`] =
    s.wall.length === 1
      ? { wall: round(s.wall[0]!), cpu: round(s.cpu[0]!) }
      : { median: round(median(s.wall)), min: round(Math.min(...s.wall)), cpu_median: round(median(s.cpu)) };
}
out.load_average_1m = round(loadavg()[0]!);
out.budget_ms = { indent_1k: 100, undo_indent_1k: 100, paste_10k_x10: 1000 };
console.log(JSON.stringify(out));
