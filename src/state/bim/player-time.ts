// The 4D player's time shared with the workbench's Gantt (issue 25: the date scrubber tied to the
// Gantt). The 3D pane's player publishes its time and how to move it while the pane is open; the
// Gantt draws the time as a line and a click on its timescale moves the player there.
import { create } from 'zustand';

interface PlayerTime {
  /** Epoch minutes; null while no player is open. */
  time: number | null;
  /** Moves the open player's time; null while none is open. */
  seek: ((t: number) => void) | null;
  publish: (time: number, seek: (t: number) => void) => void;
  clear: () => void;
}

export const usePlayerTime = create<PlayerTime>()((set) => ({
  time: null,
  seek: null,
  publish: (time, seek) => set({ time, seek }),
  clear: () => set({ time: null, seek: null }),
}));
