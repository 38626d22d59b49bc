// The 4D player's time shared with the workbench's Gantt (issue 25: the date scrubber tied to the
// Gantt). Each open player (the 3D pane's, the node panel's 3D tab's) publishes its time and how to
// move it; the Gantt draws the time of the one that moved last, and a click on its timescale moves
// every open player there. When that player closes, the line goes back to the other's time.
import { create } from 'zustand';

interface Player {
  time: number;
  seek: (t: number) => void;
}

interface PlayerTime {
  /** Epoch minutes of the player that moved last; null while no player is open. */
  time: number | null;
  /** Moves every open player's time; null while none is open. */
  seek: ((t: number) => void) | null;
  /** Open players, the one that moved last at the end. */
  players: ReadonlyArray<readonly [string, Player]>;
  publish: (id: string, time: number, seek: (t: number) => void) => void;
  clear: (id: string) => void;
}

function shown(players: PlayerTime['players']): Pick<PlayerTime, 'time' | 'seek' | 'players'> {
  const last = players[players.length - 1];
  if (!last) return { time: null, seek: null, players };
  return {
    time: last[1].time,
    seek: (t) => {
      for (const [, p] of players) p.seek(t);
    },
    players,
  };
}

export const usePlayerTime = create<PlayerTime>()((set) => ({
  time: null,
  seek: null,
  players: [],
  publish: (id, time, seek) =>
    set((s) => shown([...s.players.filter(([k]) => k !== id), [id, { time, seek }]])),
  clear: (id) => set((s) => shown(s.players.filter(([k]) => k !== id))),
}));
