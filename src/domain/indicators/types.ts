// What the schedule health checks read: a version's activities with the engine's results, its
// relations, and the target version's dates of the same activities.

export interface IndActivity {
  id: string;
  /** Summaries are measured by their children and are not passed in. */
  type: 'task' | 'milestone';
  duration: number;
  remaining: number;
  actualStart: number | null;
  actualFinish: number | null;
  /** Early (forecast) dates and total float from the engine; null when not calculated. */
  es: number | null;
  ef: number | null;
  tf: number | null;
  critical: boolean | null;
  /** The limit types of the spec (not_earlier, not_later, in_date) or an import's (mandatory …). */
  startLimit: string | null;
  finishLimit: string | null;
  /** How many resources it is assigned. */
  resources: number;
}

export interface IndRelation {
  pred: string;
  succ: string;
  type: 'fs' | 'ss' | 'ff' | 'sf';
  lag: number;
}

export interface IndTarget {
  start: number | null;
  finish: number | null;
}

export interface IndInput {
  activities: readonly IndActivity[];
  relations: readonly IndRelation[];
  /** The target version's dates by activity id (same ids as a copied version), if any. */
  target: ReadonlyMap<string, IndTarget> | null;
  dataDate: number | null;
  /** Working minutes in a day (44 working days is the DCMA's high float and high duration). */
  minutesPerDay: number;
}

export type IndicatorKey =
  | 'logic'
  | 'leads'
  | 'lags'
  | 'relationship_types'
  | 'hard_constraints'
  | 'high_float'
  | 'negative_float'
  | 'high_duration'
  | 'invalid_dates'
  | 'resources'
  | 'missed_tasks'
  | 'critical_path_test'
  | 'cpli'
  | 'bei'
  | 'started_late'
  | 'finished_late'
  | 'slipped_finish';

export interface Indicator {
  key: IndicatorKey;
  /** 'dcma' for the 14-point assessment, 'target' for progress against the target version. */
  group: 'dcma' | 'target';
  /** Activities (or relations' successors) the check flags: the rows `filter_indicator` shows. */
  ids: string[];
  /** What the check counts over (incomplete tasks, relations …). */
  population: number;
  /** The measured value: a share (0–1) of the population, or an index (CPLI, BEI), or a count. */
  value: number;
  /** The threshold the value is compared with, and how. */
  threshold: number;
  comparison: 'max' | 'min';
  /** null: not applicable (nothing to measure, or no target / data date). */
  pass: boolean | null;
}
