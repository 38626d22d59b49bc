// A handle for benchmarks/workbench.ts, installed only when the page is opened with ?bench=1:
// select a row range, run a registered command, paste a matrix, and read the store's counters.
// Timings are taken inside the page (performance.now and the wb-* performance marks).

import { runCommand } from '../../state/workbench/commands';
import { pasteAtFocus } from '../../state/workbench/commands-edit';
import { workbench } from '../../state/workbench/store';

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
  };
  /** First visible row index whose row is a task (for edits). */
  firstTaskRow(from: number): number;
  /** Show exactly these columns, in this order. */
  columns(ids: string[]): void;
}

export function installBenchHook(): () => void {
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
