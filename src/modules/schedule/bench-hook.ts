// A handle for benchmarks/workbench.ts, installed only when the page is opened with ?bench=1:
// select a row range, run a registered command, paste a matrix, read the store's counters, and
// (for the comparison with other Gantt components) load content handed in and edit one duration,
// each timed to the first painted frame that shows it. Timings are taken inside the page
// (performance.now and the wb-* performance marks).

import type { VersionColumns } from '../../api/versions';
import { hasRelationIndex } from '../../domain/wbs/relation-index';
import { runCommand } from '../../state/workbench/commands';
import { commitEdit, pasteAtFocus, startEdit } from '../../state/workbench/commands-edit';
import { workbench } from '../../state/workbench/store';

type PaintDetail = { rows: number; dated: number };

/**
 * Resolves with the ms from t0 to the frame after the first Gantt paint (after t0, and after the
 * `after` mark when named) that passes `test`: the paint mark, then a frame, then a task, as the
 * peers' harness waits for its DOM.
 */
function paintedAfter(
  t0: number,
  test: (d: PaintDetail) => boolean,
  after?: (m: PerformanceMark) => boolean,
) {
  return new Promise<number>((resolve) => {
    const check = () => {
      const gate = after
        ? (performance.getEntriesByName('wb-schedule-applied') as PerformanceMark[]).find(
            (m) => m.startTime >= t0 && after(m),
          )
        : null;
      const from = after ? (gate?.startTime ?? Infinity) : t0;
      const paint = (performance.getEntriesByName('wb-gantt-paint') as PerformanceMark[]).find(
        (m) => m.startTime >= from && test(m.detail as PaintDetail),
      );
      if (paint) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
      else requestAnimationFrame(check);
    };
    check();
  });
}

export interface WorkbenchBenchHandle {
  select(r0: number, r1: number, col?: number): void;
  run(command: string): boolean;
  paste(matrix: string[][]): void;
  state(): {
    rows: number;
    visible: number;
    relations: number;
    scheduleRevision: number;
    dataRevision: number;
    /** The loaded document is frozen (idle-time freezing has finished). */
    frozen: boolean;
    /** Changes not yet answered by the server. */
    saving: number;
    /** The relations' index is built (idle time after the open). */
    relationIndex: boolean;
  };
  /** First visible row index whose row is a task (for edits). */
  firstTaskRow(from: number): number;
  /** Show exactly these columns, in this order. */
  columns(ids: string[]): void;
  /** Load content as a version's (stored dates painted at once); ms to the first dated frame. */
  load(content: VersionColumns): Promise<number>;
  /** Set the duration of the row at `row` to `text`; ms to the frame with the new dates. */
  editDuration(row: number, text: string): Promise<number>;
}

export function installBenchHook(loadContent: (content: VersionColumns) => void): () => void {
  if (typeof window === 'undefined' || !new URLSearchParams(window.location.search).has('bench'))
    return () => undefined;
  const handle: WorkbenchBenchHandle = {
    select: (r0, r1, col = 1) =>
      workbench.set({ selection: { anchor: { row: r1, col }, focus: { row: r0, col } } }),
    run: (command) => runCommand(command),
    paste: (matrix) => pasteAtFocus(matrix),
    state: () => {
      const s = workbench.get();
      return {
        rows: s.wbs.doc.rows.size,
        visible: s.visible.ids.length,
        relations: s.wbs.doc.relations.size,
        scheduleRevision: s.schedule?.revision ?? -1,
        dataRevision: s.dataRevision,
        frozen: Object.isFrozen(s.wbs.doc.rows),
        saving: s.saving,
        relationIndex: hasRelationIndex(s.wbs.doc.relations),
      };
    },
    columns: (ids) => {
      const s = workbench.get();
      const rest = s.columns.filter((c) => !ids.includes(c.id)).map((c) => ({ ...c, visible: false }));
      const shown = ids.map((id) => ({
        ...(s.columns.find((c) => c.id === id) ?? { id, width: 90 }),
        visible: true,
      }));
      workbench.set({ columns: [...shown, ...rest] });
    },
    load: (content) => {
      const t0 = performance.now();
      loadContent(content);
      return paintedAfter(t0, (d) => d.rows >= content.items.id.length && d.dated > 0);
    },
    editDuration: (row, text) => {
      const durationCol = workbench
        .get()
        .columns.filter((c) => c.visible)
        .findIndex((c) => c.id === 'duration');
      workbench.set({ selection: { anchor: { row, col: durationCol }, focus: { row, col: durationCol } } });
      const t0 = performance.now();
      startEdit(text);
      commitEdit(text, 'none');
      const revision = workbench.get().dataRevision;
      return paintedAfter(
        t0,
        (d) => d.dated > 0,
        (m) => (m.detail as { revision: number }).revision >= revision,
      );
    },
    firstTaskRow: (from) => {
      const s = workbench.get();
      for (let i = from; i < s.visible.ids.length; i++)
        if (s.wbs.doc.rows.get(s.visible.ids[i]!)?.nodeType === 'task') return i;
      return -1;
    },
  };
  (window as unknown as { __wbBench?: WorkbenchBenchHandle }).__wbBench = handle;
  (window as unknown as { __wbMarks?: boolean }).__wbMarks = true;
  return () => {
    delete (window as unknown as { __wbBench?: WorkbenchBenchHandle }).__wbBench;
  };
}
