// A compared side packed into one compact text (docs/versions.md, "The packed side"): what the
// compare call would read of a calculated version, kept in the database beside it so the first
// compare after a calculation or an import reads one text per version instead of aggregating
// 100,000 rows × 14 columns. Columnar JSON: one array per field, parents and relation ends as row
// indexes (a uuid once, not three times), repeated strings (types, calendars) through a table, and
// the rare fields (constraints, assignments, attributes) only for the rows that have them.
// unpackSide(packSide(s)) equals s, field for field and in order. Pure.
import type { CompareActivity, CompareRelation, CompareSide } from './compare';

/** Bumped when the layout changes: a text of another version is not read (the rows are). */
export const PACKED_SIDE_FORMAT = 1;

interface Packed {
  readonly f: number;
  readonly id: string[];
  readonly code: string[];
  readonly name: string[];
  /** Index of the parent row, -1 for none; a parent that is not a row of the side as its id. */
  readonly parent: (number | string)[];
  /** Index into `strings`. */
  readonly type: number[];
  readonly duration: number[];
  readonly percent: number[];
  /** Index into `strings`, -1 for null. */
  readonly calendar: number[];
  readonly start: (number | null)[];
  readonly finish: (number | null)[];
  readonly float: (number | null)[];
  /** Indexes of critical rows. */
  readonly critical: number[];
  /** [row index, constraint, assignments, attributes] for rows with any of them. */
  readonly rare: [number, string, string, string][];
  readonly strings: string[];
  /** Relation ends as row indexes (an end that is not a row as its id), type index, lag. */
  readonly pred: (number | string)[];
  readonly succ: (number | string)[];
  readonly rtype: number[];
  readonly lag: number[];
}

/** The side as one text (see the file's head). */
export function packSide(side: CompareSide): string {
  const acts = side.activities;
  const n = acts.length;
  const index = new Map<string, number>();
  for (let i = 0; i < n; i++) index.set(acts[i]!.id, i);
  const strings: string[] = [];
  const stringIx = new Map<string, number>();
  const str = (s: string) => {
    let k = stringIx.get(s);
    if (k === undefined) {
      k = strings.length;
      strings.push(s);
      stringIx.set(s, k);
    }
    return k;
  };
  const ref = (id: string) => index.get(id) ?? id;
  const p: Packed = {
    f: PACKED_SIDE_FORMAT,
    id: new Array<string>(n),
    code: new Array<string>(n),
    name: new Array<string>(n),
    parent: new Array<number | string>(n),
    type: new Array<number>(n),
    duration: new Array<number>(n),
    percent: new Array<number>(n),
    calendar: new Array<number>(n),
    start: new Array<number | null>(n),
    finish: new Array<number | null>(n),
    float: new Array<number | null>(n),
    critical: [],
    rare: [],
    strings,
    pred: [],
    succ: [],
    rtype: [],
    lag: [],
  };
  for (let i = 0; i < n; i++) {
    const a = acts[i]!;
    p.id[i] = a.id;
    p.code[i] = a.code;
    p.name[i] = a.name;
    p.parent[i] = a.parentId === null ? -1 : ref(a.parentId);
    p.type[i] = str(a.nodeType);
    p.duration[i] = a.duration;
    p.percent[i] = a.percent;
    p.calendar[i] = a.calendarId === null ? -1 : str(a.calendarId);
    p.start[i] = a.start;
    p.finish[i] = a.finish;
    p.float[i] = a.totalFloat;
    if (a.critical) p.critical.push(i);
    if (a.constraint || a.assignments || a.attributes)
      p.rare.push([i, a.constraint, a.assignments, a.attributes]);
  }
  for (const r of side.relations) {
    p.pred.push(ref(r.predId));
    p.succ.push(ref(r.succId));
    p.rtype.push(str(r.type));
    p.lag.push(r.lag);
  }
  return JSON.stringify(p);
}

/** The side a packed text holds, or null when the text is of another format. */
export function unpackSide(text: string): CompareSide | null {
  const p = JSON.parse(text) as Packed;
  if (p.f !== PACKED_SIDE_FORMAT) return null;
  const n = p.id.length;
  const critical = new Uint8Array(n);
  for (const i of p.critical) critical[i] = 1;
  const rare = new Map<number, [number, string, string, string]>();
  for (const r of p.rare) rare.set(r[0], r);
  const { id, strings } = p;
  const end = (x: number | string) => (typeof x === 'number' ? id[x]! : x);
  const activities = new Array<CompareActivity>(n);
  for (let i = 0; i < n; i++) {
    const parent = p.parent[i]!;
    const cal = p.calendar[i]!;
    const x = rare.get(i);
    // The keys in the order compareSideOfColumns writes them.
    activities[i] = {
      id: id[i]!,
      code: p.code[i]!,
      name: p.name[i]!,
      parentId: parent === -1 ? null : end(parent),
      nodeType: strings[p.type[i]!]!,
      duration: p.duration[i]!,
      percent: p.percent[i]!,
      calendarId: cal === -1 ? null : strings[cal]!,
      constraint: x ? x[1] : '',
      assignments: x ? x[2] : '',
      attributes: x ? x[3] : '',
      start: p.start[i]!,
      finish: p.finish[i]!,
      totalFloat: p.float[i]!,
      critical: critical[i] === 1,
    };
  }
  const relations = new Array<CompareRelation>(p.pred.length);
  for (let k = 0; k < p.pred.length; k++)
    relations[k] = {
      predId: end(p.pred[k]!),
      succId: end(p.succ[k]!),
      type: strings[p.rtype[k]!]!,
      lag: p.lag[k]!,
    };
  return { activities, relations };
}
