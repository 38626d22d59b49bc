// WBS command budgets (ARCHITECTURE "Performance budgets": indent 1,000 selected rows and undo
// it ≤ 100 ms each; paste 10,000 × 10 ≤ 1 s) on a generated 100k-row version, in Node.
// Self-checking: it fails if undo does not restore the document. Prints one JSON object.
// Run: node --import tsx benchmarks/wbs.ts
import { loadavg } from 'node:os';
import { parseHtmlTable, serializeHtmlTable } from '../src/domain/clipboard/html';
import { parseTsv, serializeTsv } from '../src/domain/clipboard/tsv';
import { applyWbsPatches, commit, wbsState } from '../src/domain/wbs/change';
import { WBS_COLUMNS } from '../src/domain/wbs/columns';
import { pasteMatrix } from '../src/domain/wbs/paste';
import { moveUp, indent, outdent } from '../src/domain/wbs/structure';
import { expandToLevel, flattenVisible, outlineNumbers, outlineNumber } from '../src/domain/wbs/view';
import { generateWbs } from '../tests/domain/wbs/generate';

const ROWS = 100_000;
const REPEAT = 15;

function time<T>(fn: () => T): [T, number] {
  const t = performance.now();
  const r = fn();
  return [r, performance.now() - t];
}

const round = (x: number) => Math.round(x * 100) / 100;

/** Median and minimum: the machine is shared, so the minimum shows the cost without contention. */
function stats(xs: number[]): { median: number; min: number } {
  const s = [...xs].sort((a, b) => a - b);
  return { median: round(s[s.length >> 1]!), min: round(s[0]!) };
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`benchmark self-check failed: ${what}`);
}

const doc = generateWbs(ROWS, { seed: 7, fanout: [10, 20], relationsPerTask: 1.5 });
const [state, buildMs] = time(() => wbsState(doc));
const all = expandToLevel(state.index, Infinity);
const [view, flattenMs] = time(() => flattenVisible(state.index, all));
check(view.ids.length === ROWS, 'flatten shows every row');
const [, outlineAllMs] = time(() => outlineNumbers(state.index));
const [, outline50Ms] = time(() =>
  view.ids.slice(60_000, 60_050).map((id) => outlineNumber(state.index, state.doc.rows, id)),
);

// 1,000 consecutive task rows (no section headers, which would carry their whole subtree along).
const selection = view.ids
  .slice(50_000)
  .filter((id) => state.doc.rows.get(id)!.nodeType === 'task')
  .slice(0, 1_000);
const m = {
  indent: [] as number[],
  undoIndent: [] as number[],
  outdent: [] as number[],
  move: [] as number[],
  paste: [] as number[],
};
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
const columns = [
  WBS_COLUMNS.name,
  WBS_COLUMNS.duration,
  WBS_COLUMNS.start,
  WBS_COLUMNS.finish,
  WBS_COLUMNS.progress,
  WBS_COLUMNS.volume,
  WBS_COLUMNS.price,
  WBS_COLUMNS.type,
  WBS_COLUMNS.code,
  WBS_COLUMNS.duration,
];

// What a paste parses before the command runs: the same matrix as TSV and as an HTML table.
const tsvText = serializeTsv(matrix);
const htmlText = serializeHtmlTable(matrix);
const parse = { tsv: [] as number[], html: [] as number[] };

for (let r = 0; r < REPEAT; r++) {
  const [fromTsv, tTsv] = time(() => parseTsv(tsvText));
  const [fromHtml, tHtml] = time(() => parseHtmlTable(htmlText));
  parse.tsv.push(tTsv);
  parse.html.push(tHtml);
  check(fromTsv.length === 10_000 && fromHtml?.length === 10_000, 'clipboard parse');

  // Indent = the command plus bringing the store's index along, as the store does.
  const [ind, tIndent] = time(() => {
    const c = indent(state.doc, state.index, selection);
    return { c, s: commit(state, c) };
  });
  m.indent.push(tIndent);
  check(ind.c.result.length >= 990, `indent moved ${ind.c.result.length} rows`);
  const [undone, tUndo] = time(() => applyWbsPatches(ind.s, ind.c.inversePatches));
  m.undoIndent.push(tUndo);
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

  const [, tOut] = time(() => commit(ind.s, outdent(ind.s.doc, ind.s.index, selection)));
  m.outdent.push(tOut);
  const [, tMove] = time(() => commit(state, moveUp(state.doc, state.index, selection)));
  m.move.push(tMove);

  const [p, tPaste] = time(() => {
    const c = pasteMatrix(
      state.doc,
      state.index,
      { visibleIds: view.ids, row: 95_000, columns, matrix },
      {
        ...ids,
        hoursPerDay: () => 8,
      },
    );
    return commit(state, c);
  });
  m.paste.push(tPaste);
  check(p.doc.rows.size === ROWS + 5_000, 'paste added the rows past the end');
}

console.log(
  JSON.stringify({
    rows: ROWS,
    relations: doc.relations.size,
    build_index_ms: Math.round(buildMs * 100) / 100,
    flatten_all_ms: Math.round(flattenMs * 100) / 100,
    outline_all_ms: Math.round(outlineAllMs * 100) / 100,
    outline_50_visible_ms: Math.round(outline50Ms * 100) / 100,
    indent_1k_ms: stats(m.indent),
    undo_indent_1k_ms: stats(m.undoIndent),
    outdent_1k_ms: stats(m.outdent),
    move_up_1k_ms: stats(m.move),
    paste_10k_x10_ms: stats(m.paste),
    parse_tsv_10k_x10_ms: stats(parse.tsv),
    parse_html_10k_x10_ms: stats(parse.html),
    // Other work on the machine inflates medians; min is the uncontended cost.
    load_average_1m: round(loadavg()[0]!),
    budget_ms: { indent_1k: 100, undo_indent_1k: 100, paste_10k: 1000 },
  }),
);
