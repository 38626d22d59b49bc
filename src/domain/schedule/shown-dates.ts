// Where a schedule shows an activity: from its actual start once started, to its actual finish
// once finished, else at its early dates. The engine's early start of a started activity is where
// its remaining work resumes (P6's remaining early start), not where its bar begins. The grid's
// stored dates (src/state/workbench/stored-schedule.ts), the worker's (schedule-core.ts) and the
// writers' dates all follow this.

import type { Minutes } from './model';

interface Actuals {
  readonly actualStart: Minutes | null;
  readonly actualFinish: Minutes | null;
}

/** The start shown: the actual start, else (finished with no start) the actual finish, else `es`. */
export function shownStart<T extends Minutes | null>(a: Actuals, es: T): Minutes | T {
  return a.actualStart ?? a.actualFinish ?? es;
}

/** The finish shown: the actual finish, else `ef`. */
export function shownFinish<T extends Minutes | null>(a: Actuals, ef: T): Minutes | T {
  return a.actualFinish ?? ef;
}
