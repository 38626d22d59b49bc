// The WBS document packed by columns for the trip to the schedule worker: numbers in transferred
// Float64Arrays (NaN for null), strings in plain arrays, attributes, an import's scheduling extras
// (RowSchedule) and relation lag calendars only where there are some.
// A structured clone of 250k row and relation objects (every key of every object) was the
// slowest step of opening a 100k-row version; columns clone (or move) in a fraction of it.

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
const ROW_STRINGS = [
  'id',
  'parentId',
  'orderKey',
  'nodeType',
  'name',
  'code',
  'calendarId',
  'startLimitType',
  'finishLimitType',
  'color',
] as const;
const REL_STRINGS = ['id', 'predId', 'succId', 'type'] as const;

export interface PackedDoc {
  readonly rowCount: number;
  readonly rowNumbers: Record<string, Float64Array>;
  readonly rowStrings: Record<string, (string | null)[]>;
  readonly attributes: [number, WbsRow['attributes']][];
  /** [row position, extras] for rows an import stored some for. */
  readonly sched: [number, RowSchedule][];
  readonly relCount: number;
  readonly relStrings: Record<string, string[]>;
  readonly relLag: Float64Array;
  /** [relation position, lag calendar] for relations that name their own. */
  readonly relLagCalendar: [number, LagCalendar][];
}

export function packDoc(doc: WbsDoc): PackedDoc {
  const n = doc.rows.size;
  const rowNumbers: Record<string, Float64Array> = {};
  const rowStrings: Record<string, (string | null)[]> = {};
  for (const f of ROW_NUMBERS) rowNumbers[f] = new Float64Array(n);
  for (const f of ROW_STRINGS) rowStrings[f] = new Array<string | null>(n);
  const attributes: [number, WbsRow['attributes']][] = [];
  const sched: [number, RowSchedule][] = [];
  let i = 0;
  for (const row of doc.rows.values()) {
    const r = row as unknown as Record<string, unknown>;
    for (const f of ROW_NUMBERS) {
      const v = r[f];
      rowNumbers[f]![i] = typeof v === 'number' ? v : NaN;
    }
    for (const f of ROW_STRINGS) rowStrings[f]![i] = (r[f] as string | null | undefined) ?? null;
    for (const _ in row.attributes) {
      attributes.push([i, row.attributes]);
      break;
    }
    if (row.sched) sched.push([i, row.sched]);
    i++;
  }
  const m = doc.relations.size;
  const relStrings: Record<string, string[]> = {};
  for (const f of REL_STRINGS) relStrings[f] = new Array<string>(m);
  const relLag = new Float64Array(m);
  const relLagCalendar: [number, LagCalendar][] = [];
  let j = 0;
  for (const rel of doc.relations.values()) {
    for (const f of REL_STRINGS) relStrings[f]![j] = rel[f];
    relLag[j] = rel.lag;
    if (rel.lagCalendar) relLagCalendar.push([j, rel.lagCalendar]);
    j++;
  }
  return {
    rowCount: n,
    rowNumbers,
    rowStrings,
    attributes,
    sched,
    relCount: m,
    relStrings,
    relLag,
    relLagCalendar,
  };
}

/** The buffers of a packed document, for Comlink.transfer. */
export function packedTransferables(p: PackedDoc): ArrayBuffer[] {
  return [...Object.values(p.rowNumbers).map((a) => a.buffer as ArrayBuffer), p.relLag.buffer as ArrayBuffer];
}

export function unpackDoc(p: PackedDoc): WbsDoc {
  const attrs = new Map(p.attributes);
  const sched = new Map(p.sched);
  const rows = new Map<string, WbsRow>();
  const num = (f: (typeof ROW_NUMBERS)[number], i: number) => {
    const v = p.rowNumbers[f]![i]!;
    return Number.isNaN(v) ? null : v;
  };
  const str = (f: (typeof ROW_STRINGS)[number], i: number) => p.rowStrings[f]![i] ?? null;
  for (let i = 0; i < p.rowCount; i++) {
    const row = {
      id: str('id', i),
      parentId: str('parentId', i),
      orderKey: str('orderKey', i),
      nodeType: str('nodeType', i),
      name: str('name', i),
      code: str('code', i),
      calendarId: str('calendarId', i),
      duration: num('duration', i),
      remaining: num('remaining', i),
      startLimitType: str('startLimitType', i),
      startLimitDate: num('startLimitDate', i),
      finishLimitType: str('finishLimitType', i),
      finishLimitDate: num('finishLimitDate', i),
      actualStart: num('actualStart', i),
      actualFinish: num('actualFinish', i),
      percentComplete: num('percentComplete', i),
      volume: num('volume', i),
      price: num('price', i),
      color: str('color', i),
      attributes: attrs.get(i) ?? {},
    } as unknown as WbsRow;
    const s = sched.get(i);
    if (s) row.sched = s;
    rows.set(row.id, row);
  }
  const lagCalendars = new Map(p.relLagCalendar);
  const relations = new Map<string, WbsRelation>();
  for (let j = 0; j < p.relCount; j++) {
    const rel = {
      id: p.relStrings.id![j]!,
      predId: p.relStrings.predId![j]!,
      succId: p.relStrings.succId![j]!,
      type: p.relStrings.type![j]!,
      lag: p.relLag[j]!,
    } as WbsRelation;
    const lagCalendar = lagCalendars.get(j);
    if (lagCalendar) rel.lagCalendar = lagCalendar;
    relations.set(rel.id, rel);
  }
  return { rows, relations };
}
