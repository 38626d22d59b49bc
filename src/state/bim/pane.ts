// The workbench's 3D pane (beside the Gantt; src/modules/bim/BimPane.tsx): whether it is open and
// its width, kept in browser storage so the pane comes back as the planner left it.
import { create } from 'zustand';

const KEY = 'pw.bim-pane';
export const PANE_MIN = 260;
export const PANE_DEFAULT = 440;

interface Stored {
  open: boolean;
  width: number;
}

function read(): Stored {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<Stored> | null;
    return {
      open: v?.open === true,
      width: typeof v?.width === 'number' && v.width >= PANE_MIN ? v.width : PANE_DEFAULT,
    };
  } catch {
    return { open: false, width: PANE_DEFAULT };
  }
}

function save(s: Stored): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    // Storage full or refused: the pane still works for this page.
  }
}

interface PaneStore extends Stored {
  toggle(): void;
  setWidth(width: number): void;
  /** The width once a drag ends (stored). */
  commitWidth(width: number): void;
}

export const useBimPane = create<PaneStore>()((set, get) => ({
  ...(typeof localStorage === 'undefined' ? { open: false, width: PANE_DEFAULT } : read()),
  toggle: () => {
    set({ open: !get().open });
    save({ open: get().open, width: get().width });
  },
  setWidth: (width) => set({ width: Math.max(PANE_MIN, Math.round(width)) }),
  commitWidth: (width) => {
    set({ width: Math.max(PANE_MIN, Math.round(width)) });
    save({ open: get().open, width: get().width });
  },
}));
