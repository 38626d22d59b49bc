// The WBS document packed by columns for the trip to the schedule worker. A structured clone of
// 250k row and relation objects (every key of every object) was the slowest step of opening a
// 100k-row version; columns clone (or move) in a fraction of it. What can be a number travels in
// a transferred typed array: numbers (NaN for null), parents and relation ends as row positions,
// the small vocabularies (node type, limit types, relation type, calendar) as codes. Only ids,
// order keys, names and codes stay strings; attributes, an import's scheduling extras
// (RowSchedule), colours and lag calendars go only where there are some.

import type { LagCalendar, RowSchedule, WbsDoc, WbsRelation, WbsRow } from '../domain/wbs';

const ROW_NUMBERS = [
  'duration',
  'remaining',
  'startLimitDate',
  'finishLimitDate',
  'actualStart',
  'actualFinish',
  'percentComplete',
  'volume',
  'price',
] as const;
type RowNumber = (typeof ROW_NUMBERS)[number];

const NODE_TYPES: readonly WbsRow['nodeType'][] = [
  'sum',
  'task',
  'work',
  'milestone_start',
  'milestone_finish',
  'draft',
];
const LIMIT_TYPES: readonly NonNullable<WbsRow['startLimitType']>[] = [
  'not_earlier',
  'not_later',
  'in_date',
  'mandatory',
];
const RELATION_TYPES: readonly WbsRelation['type'][] = ['fs', 'ss', 'ff', 'sf'];

export interface PackedDoc {
  readonly rowCount: number;
  readonly rowNumbers: Record<RowNumber, Float64Array>;
  readonly id: string[];
  readonly orderKey: string[];
  readonly name: string[];
  readonly code: (string | null)[];
  /** Parent row positions (-1: top level). */
  readonly parent: Int32Array;
  /** Codes: 0 for null, k for the vocabulary's (k − 1)th word. */
  readonly nodeType: Uint8Array;
  readonly startLimitType: Uint8Array;
  readonly finishLimitType: Uint8Array;
  /** Codes into `calendars` as above. */
  readonly calendar: Uint16Array;
  readonly calendars: string[];
  /** [row position, value] for rows with some. */
  readonly color: [number, string][];
  readonly attributes: [number, WbsRow['attributes']][];
  readonly sched: [number, RowSchedule][];
  readonly relCount: number;
  readonly relId: string[];
  /** Relation ends as row positions. */
  readonly relPred: Int32Array;
  readonly relSucc: Int32Array;
  readonly relType: Uint8Array;
  readonly relLag: Float64Array;
  /** [relation position, lag calendar] for relations that name their own. */
  readonly relLagCalendar: [number, LagCalendar][];
}

/** The code of each value in `vocabulary` (0: null); an unknown value is a bug, and says so. */
function encode<T extends string>(value: T | null, vocabulary: readonly T[]): number {
  if (value === null) return 0;
  const k = vocabulary.indexOf(value);
  if (k < 0) throw new Error(`doc-pack: no code for ${value}`);
  return k + 1;
}

const decode = <T>(code: number, vocabulary: readonly T[]): T | null =>
  code === 0 ? null : vocabulary[code - 1]!;

/** What a packed document says of its relations. */
export type PackedRelations = Pick<
  PackedDoc,
  'relId' | 'relPred' | 'relSucc' | 'relType' | 'relLag' | 'relLagCalendar'
>;
/** What a packed document says of its rows. */
export type PackedRows = Omit<PackedDoc, 'relCount' | keyof PackedRelations>;

/**
 * Row columns for `n` rows, to fill by position (packDoc, or a content read's columns), and the
 * code of a calendar id (added to `calendars` when first seen).
 */
export function emptyRows(n: number): { rows: PackedRows; calendarCode: (id: string | null) => number } {
  const rows: PackedRows = {
    rowCount: n,
    rowNumbers: Object.fromEntries(ROW_NUMBERS.map((f) => [f, new Float64Array(n)])) as Record<
      RowNumber,
      Float64Array
    >,
    id: new Array<string>(n),
    orderKey: new Array<string>(n),
    name: new Array<string>(n),
    code: new Array<string | null>(n),
    parent: new Int32Array(n),
    nodeType: new Uint8Array(n),
    startLimitType: new Uint8Array(n),
    finishLimitType: new Uint8Array(n),
    calendar: new Uint16Array(n),
    calendars: [],
    color: [],
    attributes: [],
    sched: [],
  };
  const codes = new Map<string, number>();
  const calendarCode = (id: string | null): number => {
    if (id === null) return 0;
    let k = codes.get(id);
    if (k === undefined) {
      rows.calendars.push(id);
      codes.set(id, (k = rows.calendars.length));
    }
    return k;
  };
  return { rows, calendarCode };
}

/** A packed document of its rows and relations. */
export function packed(rows: PackedRows, relations: PackedRelations): PackedDoc {
  return { ...rows, relCount: relations.relId.length, ...relations };
}

/** The vocabularies' codes (0: null). */
export const codeOf = {
  nodeType: (v: WbsRow['nodeType']) => encode(v, NODE_TYPES),
  limitType: (v: WbsRow['startLimitType']) => encode(v, LIMIT_TYPES),
  relationType: (v: WbsRelation['type']) => encode(v, RELATION_TYPES),
};

export function packDoc(doc: WbsDoc): PackedDoc {
  const { rows: p, calendarCode } = emptyRows(doc.rows.size);
  // Row positions by id, for parents and relation ends.
  const position = new Map<string, number>();
  let i = 0;
  for (const row of doc.rows.values()) position.set(row.id, i++);
  i = 0;
  for (const row of doc.rows.values()) {
    for (const f of ROW_NUMBERS) p.rowNumbers[f][i] = row[f] ?? NaN;
    p.id[i] = row.id;
    p.orderKey[i] = row.orderKey;
    p.name[i] = row.name;
    p.code[i] = row.code;
    p.parent[i] = row.parentId === null ? -1 : (position.get(row.parentId) ?? -1);
    p.nodeType[i] = codeOf.nodeType(row.nodeType);
    p.startLimitType[i] = codeOf.limitType(row.startLimitType);
    p.finishLimitType[i] = codeOf.limitType(row.finishLimitType);
    p.calendar[i] = calendarCode(row.calendarId);
    if (row.color !== null) p.color.push([i, row.color]);
    for (const _ in row.attributes) {
      p.attributes.push([i, row.attributes]);
      break;
    }
    if (row.sched) p.sched.push([i, row.sched]);
    i++;
  }
  const m = doc.relations.size;
  const relId = new Array<string>(m);
  const relPred = new Int32Array(m);
  const relSucc = new Int32Array(m);
  const relType = new Uint8Array(m);
  const relLag = new Float64Array(m);
  const relLagCalendar: [number, LagCalendar][] = [];
  let j = 0;
  for (const rel of doc.relations.values()) {
    relId[j] = rel.id;
    relPred[j] = position.get(rel.predId) ?? -1;
    relSucc[j] = position.get(rel.succId) ?? -1;
    relType[j] = codeOf.relationType(rel.type);
    relLag[j] = rel.lag;
    if (rel.lagCalendar) relLagCalendar.push([j, rel.lagCalendar]);
    j++;
  }
  return packed(p, { relId, relPred, relSucc, relType, relLag, relLagCalendar });
}

/** The buffers of a packed document, for Comlink.transfer. */
export function packedTransferables(p: PackedDoc): ArrayBuffer[] {
  return [
    ...Object.values(p.rowNumbers),
    p.parent,
    p.nodeType,
    p.startLimitType,
    p.finishLimitType,
    p.calendar,
    p.relPred,
    p.relSucc,
    p.relType,
    p.relLag,
  ].map((a) => a.buffer as ArrayBuffer);
}

export function unpackDoc(p: PackedDoc): WbsDoc {
  const attrs = new Map(p.attributes);
  const sched = new Map(p.sched);
  const color = new Map(p.color);
  const rows = new Map<string, WbsRow>();
  const num = (f: RowNumber, i: number) => {
    const v = p.rowNumbers[f][i]!;
    return Number.isNaN(v) ? null : v;
  };
  for (let i = 0; i < p.rowCount; i++) {
    const parent = p.parent[i]!;
    const row = {
      id: p.id[i]!,
      parentId: parent < 0 ? null : p.id[parent]!,
      orderKey: p.orderKey[i]!,
      nodeType: decode(p.nodeType[i]!, NODE_TYPES)!,
      name: p.name[i]!,
      code: p.code[i] ?? null,
      calendarId: decode(p.calendar[i]!, p.calendars),
      duration: num('duration', i)!,
      remaining: num('remaining', i),
      startLimitType: decode(p.startLimitType[i]!, LIMIT_TYPES),
      startLimitDate: num('startLimitDate', i),
      finishLimitType: decode(p.finishLimitType[i]!, LIMIT_TYPES),
      finishLimitDate: num('finishLimitDate', i),
      actualStart: num('actualStart', i),
      actualFinish: num('actualFinish', i),
      percentComplete: num('percentComplete', i)!,
      volume: num('volume', i),
      price: num('price', i),
      color: color.get(i) ?? null,
      attributes: attrs.get(i) ?? {},
    } as WbsRow;
    const s = sched.get(i);
    if (s) row.sched = s;
    rows.set(row.id, row);
  }
  const lagCalendars = new Map(p.relLagCalendar);
  const relations = new Map<string, WbsRelation>();
  for (let j = 0; j < p.relCount; j++) {
    // A relation to a row not in the document is not scheduled (toScheduleModel drops it too).
    if (p.relPred[j]! < 0 || p.relSucc[j]! < 0) continue;
    const rel: WbsRelation = {
      id: p.relId[j]!,
      predId: p.id[p.relPred[j]!]!,
      succId: p.id[p.relSucc[j]!]!,
      type: decode(p.relType[j]!, RELATION_TYPES)!,
      lag: p.relLag[j]!,
    };
    const lagCalendar = lagCalendars.get(j);
    if (lagCalendar) rel.lagCalendar = lagCalendar;
    relations.set(rel.id, rel);
  }
  return { rows, relations };
}
