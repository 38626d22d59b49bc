// One side of a comparison built straight from a calculated version's stored columns (the compare
// call's narrow read, src/server/services/compare-sides.ts): only what compare needs, one array per
// column, no engine model. It gives what compareSideOf(model, 'stored', codeOf) gives for the model
// loadVersionModel builds of the same rows — same activities in the same (tree pre-)order, same
// values — which tests/domain/versions/compare-columns.test.ts checks. Pure.
import type { Constraint, LimitType } from '../schedule/model';
import { rowConstraints } from '../wbs/activity';
import { plannedDuration } from '../wbs/progress';
import type { NodeType } from '../wbs/types';
import type { CompareActivity, CompareRelation, CompareSide } from './compare';

/** A version's rows, one array per column, index-aligned (as the narrow read answers them). */
export interface StoredRowColumns {
  readonly id: readonly string[];
  readonly parentId: readonly (string | null)[];
  readonly orderKey: readonly string[];
  readonly nodeType: readonly NodeType[];
  readonly code: readonly string[];
  readonly name: readonly string[];
  readonly calendarId: readonly (string | null)[];
  readonly duration: readonly number[];
  readonly percent: readonly number[];
  readonly es: readonly (number | null)[];
  readonly ef: readonly (number | null)[];
  readonly tf: readonly (number | null)[];
  readonly critical: readonly (boolean | null)[];
  /**
   * The rare columns by row id, only for rows that have one: start limit type and date, finish
   * limit type and date, attribute values (null: none).
   */
  readonly sparse: ReadonlyMap<
    string,
    readonly [string | null, number | null, string | null, number | null, Record<string, unknown> | null]
  >;
}

export interface StoredSideInput {
  readonly rows: StoredRowColumns;
  /** The constraints an import kept per row id (RowSchedule.constraints). */
  readonly keptConstraints: ReadonlyMap<string, Constraint[]>;
  /** Resource assignments, index-aligned: row id, the resource's name, units. */
  readonly assignments: {
    readonly rowId: readonly string[];
    readonly resource: readonly string[];
    readonly units: readonly number[];
  };
  readonly relations: {
    readonly predId: readonly string[];
    readonly succId: readonly string[];
    readonly type: readonly string[];
    readonly lag: readonly number[];
  };
  /** The compared calendar of a row's own calendar id (its name; the version's default's for none). */
  readonly calendarOf: (calendarId: string | null) => string | null;
}

const units = (n: number) => String(Math.round(n * 1000) / 1000);

/** Attribute values as compareSideOf writes them: "key=value; …", sorted, empty values left out. */
function attributesText(attrs: Record<string, unknown> | null): string {
  if (!attrs) return '';
  const keys = Object.keys(attrs)
    .filter((k) => attrs[k] !== null && attrs[k] !== '')
    .sort();
  if (keys.length === 0) return '';
  return keys
    .map((k) => {
      const v = attrs[k];
      // A value a row cannot hold (an object, a boolean) is read as its JSON (rowFromItem).
      return `${k}=${typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v)}`;
    })
    .join('; ');
}

/**
 * The rows in the tree's pre-order (children by order key, then id), as toScheduleModel visits
 * them: a row whose parent is not in the version is at the top; rows no walk from the top reaches
 * (a cycle of parents) are left out, as there.
 */
function preorder(rows: StoredRowColumns): number[] {
  const n = rows.id.length;
  const index = new Map<string, number>();
  for (let i = 0; i < n; i++) index.set(rows.id[i]!, i);
  const TOP = -1;
  const children = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const p = rows.parentId[i];
    const pi = p === null || p === undefined ? TOP : (index.get(p) ?? TOP);
    const list = children.get(pi);
    if (list) list.push(i);
    else children.set(pi, [i]);
  }
  const cmp = (a: number, b: number) => {
    const ka = rows.orderKey[a]!;
    const kb = rows.orderKey[b]!;
    if (ka !== kb) return ka < kb ? -1 : 1;
    const ia = rows.id[a]!;
    const ib = rows.id[b]!;
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  };
  for (const list of children.values()) {
    // The read answers rows sorted already; sort only a list that is not.
    let sorted = true;
    for (let k = 1; k < list.length && sorted; k++) sorted = cmp(list[k - 1]!, list[k]!) <= 0;
    if (!sorted) list.sort(cmp);
  }
  const out: number[] = [];
  const stack: number[] = [];
  const top = children.get(TOP) ?? [];
  for (let k = top.length - 1; k >= 0; k--) stack.push(top[k]!);
  while (stack.length) {
    const i = stack.pop()!;
    out.push(i);
    const kids = children.get(i);
    if (kids) for (let k = kids.length - 1; k >= 0; k--) stack.push(kids[k]!);
  }
  return out;
}

/** The compared side of a calculated version from its stored columns (see the file's head). */
export function compareSideOfColumns(input: StoredSideInput): CompareSide {
  const { rows, keptConstraints, calendarOf } = input;
  const order = preorder(rows);
  const assigned = new Map<string, string[]>();
  const as = input.assignments;
  for (let k = 0; k < as.rowId.length; k++) {
    const text = `${as.resource[k]!}: ${units(as.units[k]!)}`;
    const list = assigned.get(as.rowId[k]!);
    if (list) list.push(text);
    else assigned.set(as.rowId[k]!, [text]);
  }
  const included = new Set<string>();
  const activities: CompareActivity[] = new Array<CompareActivity>(order.length);
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    const id = rows.id[i]!;
    included.add(id);
    const nodeType = rows.nodeType[i]!;
    const duration = rows.duration[i]!;
    const x = rows.sparse.get(id);
    const kept = keptConstraints.get(id);
    let constraint = '';
    if (x || kept) {
      const cs = rowConstraints({
        startLimitType: (x?.[0] ?? null) as LimitType | null,
        startLimitDate: x?.[1] ?? null,
        finishLimitType: (x?.[2] ?? null) as LimitType | null,
        finishLimitDate: x?.[3] ?? null,
        ...(kept ? { sched: { constraints: kept } } : {}),
      });
      constraint = cs.map((c) => `${c.on} ${c.type} ${c.date}`).join(', ');
    }
    const es = rows.es[i] ?? null;
    const ef = rows.ef[i] ?? null;
    const dated = es !== null && ef !== null;
    const parent = rows.parentId[i] ?? null;
    activities[k] = {
      id,
      code: rows.code[i] ?? '',
      name: rows.name[i]!,
      // A parent that is not in the version reads as the top (rowsToModel).
      parentId: parent !== null && included.has(parent) ? parent : null,
      nodeType,
      duration: nodeType === 'sum' ? duration : plannedDuration({ nodeType, duration }),
      percent: rows.percent[i]!,
      calendarId: calendarOf(rows.calendarId[i] ?? null),
      constraint,
      assignments: assigned.get(id)?.sort().join('; ') ?? '',
      attributes: attributesText(x?.[4] ?? null),
      start: dated ? es : null,
      finish: dated ? ef : null,
      totalFloat: dated ? (rows.tf[i] ?? null) : null,
      critical: dated ? rows.critical[i] === true : false,
    };
  }
  const rel = input.relations;
  const relations: CompareRelation[] = [];
  for (let k = 0; k < rel.predId.length; k++) {
    const predId = rel.predId[k]!;
    const succId = rel.succId[k]!;
    if (included.has(predId) && included.has(succId))
      relations.push({ predId, succId, type: rel.type[k]!, lag: rel.lag[k]! });
  }
  return { activities, relations };
}
