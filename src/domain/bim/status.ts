// Statuses of linked rows and elements at a moment (the 4D player and appearance profiles):
// not started, in progress, completed, late (running or finished after the target finish).
// Times are engine minutes (src/domain/calendar/time.ts).

export type BimStatus = 'not_started' | 'in_progress' | 'completed' | 'late';

export const DEFAULT_COLORS: Record<BimStatus, string> = {
  not_started: '#b0b7c3',
  in_progress: '#f2a900',
  completed: '#2e9e4f',
  late: '#d83b3b',
};

export interface TimedRow {
  start: number | null;
  finish: number | null;
  target_finish: number | null;
  element_ids: readonly number[];
}

/**
 * A row's status at time t. Late: the row runs at t past its target finish, or finished after it
 * (shown late while running, completed colour once done only when it was on time).
 */
export function rowStatus(r: TimedRow, t: number): BimStatus {
  if (r.start === null || t < r.start) return 'not_started';
  const done = r.finish !== null && t >= r.finish;
  const late = r.target_finish !== null && (done ? r.finish! > r.target_finish : t > r.target_finish);
  if (late) return 'late';
  return done ? 'completed' : 'in_progress';
}

/**
 * Each linked element's status at t from its rows' statuses: late if any row is late, in progress
 * if any runs or some are done and others not started, completed when all are, else not started.
 */
export function elementStatuses(rows: readonly TimedRow[], t: number): Map<number, BimStatus> {
  const seen = new Map<number, Set<BimStatus>>();
  for (const r of rows) {
    const s = rowStatus(r, t);
    for (const id of r.element_ids) {
      const set = seen.get(id) ?? new Set<BimStatus>();
      set.add(s);
      seen.set(id, set);
    }
  }
  const out = new Map<number, BimStatus>();
  for (const [id, set] of seen) out.set(id, combine(set));
  return out;
}

export function combine(set: ReadonlySet<BimStatus>): BimStatus {
  if (set.has('late')) return 'late';
  if (set.has('in_progress')) return 'in_progress';
  if (set.has('completed') && set.has('not_started')) return 'in_progress';
  return set.has('completed') ? 'completed' : 'not_started';
}

/**
 * What the viewer draws at one moment of the 4D player (the 3D screen and the workbench pane):
 * linked elements appear once their rows start and take their status colour — unless `base`
 * colours are given (a profile by attribute, deviation, an indicator), which they keep — and
 * elements with no row are drawn as context when `context` is on.
 */
export function playerFrame(opts: {
  statuses: ReadonlyMap<number, BimStatus>;
  statusColors: Readonly<Record<BimStatus, string>>;
  base: ReadonlyMap<number, string> | null;
  /** Every element the viewer holds (primitive models included). */
  all: Iterable<number>;
  linked: ReadonlySet<number>;
  context: boolean;
}): { colors: Map<number, string>; shown: Set<number> } {
  const { statuses, statusColors, base, all, linked, context } = opts;
  const colors = new Map<number, string>(base ?? []);
  const shown = new Set<number>();
  for (const [id, s] of statuses) {
    if (!base) colors.set(id, statusColors[s]);
    if (s !== 'not_started') shown.add(id);
  }
  if (context) for (const id of all) if (!linked.has(id)) shown.add(id);
  return { colors, shown };
}

/** Where the player starts: the data date when it falls within the span, else the span's start. */
export function playerStartTime(span: {
  start: number | null;
  finish: number | null;
  data_date: number | null;
}): number | null {
  const { start, finish, data_date: dd } = span;
  if (start === null) return null;
  if (dd !== null && dd >= start && (finish === null || dd <= finish)) return dd;
  return start;
}
