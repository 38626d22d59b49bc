// What Ctrl+Z and Ctrl+Y would do now, from a server-kept history's steps in order (seq
// ascending): the newest step not undone is the next undo, the oldest undone one the next redo.
// The resources', the directories' and the estimates' histories answer their undo-state with it.

export interface HistoryStep<L extends string> {
  readonly label: L;
  readonly undone: boolean;
}

export interface HistoryState<L extends string> {
  can_undo: boolean;
  can_redo: boolean;
  undo_label: L | null;
  redo_label: L | null;
}

export function historyState<L extends string>(steps: readonly HistoryStep<L>[]): HistoryState<L> {
  const done = steps.filter((r) => !r.undone);
  const undone = steps.filter((r) => r.undone);
  return {
    can_undo: done.length > 0,
    can_redo: undone.length > 0,
    undo_label: done.at(-1)?.label ?? null,
    redo_label: undone[0]?.label ?? null,
  };
}
