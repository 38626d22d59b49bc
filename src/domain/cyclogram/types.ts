// The cyclogram's input and output: rows of a version reduced to what a time–location chart needs.

/** An activity as the cyclogram reads it (summaries and drafts are left out by the caller). */
export interface CycloActivity {
  id: string;
  code: string;
  name: string;
  /** Where it happens (a location attribute's value, or its WBS ancestor's name); null: nowhere. */
  location: string | null;
  /** Its kind of work (a work-type attribute's value, or its name); null: ungrouped. */
  kind: string | null;
  /** Minutes since 2000-01-01, calendar-local: actual or early dates. */
  start: number;
  finish: number;
  /** 0–100. */
  percent: number;
}

/** One activity at one location: a piece of a crew's line. */
export interface CycloSegment {
  id: string;
  code: string;
  name: string;
  /** Index into `locations`. */
  loc: number;
  start: number;
  finish: number;
  percent: number;
}

/** A kind of work across the locations it occurs in, in time order. */
export interface CycloLine {
  kind: string;
  segments: CycloSegment[];
  start: number;
  finish: number;
  /** Locations it reaches per week from its first start to its last finish (0 for one instant). */
  rate: number;
}

/** Two works of different kinds at one location at one time. */
export interface CycloClash {
  loc: number;
  a: string;
  b: string;
  start: number;
  finish: number;
}

export interface Cyclogram {
  /** Bottom to top: the order the location attribute's values first appear in the WBS. */
  locations: string[];
  lines: CycloLine[];
  clashes: CycloClash[];
  start: number | null;
  finish: number | null;
}
