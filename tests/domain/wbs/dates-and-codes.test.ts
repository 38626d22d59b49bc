// Dates typed without a time mean the edge of that day's work on the row's calendar, and new
// activities of a schedule numbered like P6 (A1010, A1020 …) get the next code.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCalendarIndex } from '../../../src/domain/calendar/calendar-index';
import { formatLocal } from '../../../src/domain/calendar/time';
import { MAX_MINUTES } from '../../../src/domain/format/civil';
import { defaultScheduleOptions, scheduleModel } from '../../../src/domain/schedule/index';
import type { Patch } from 'immer';
import { applyWbsPatches, wbsState } from '../../../src/domain/wbs/change';
import { nextActivityCodes } from '../../../src/domain/wbs/codes';
import { convertCell, formatCell, WBS_COLUMNS, type WbsColumn } from '../../../src/domain/wbs/columns';
import { pasteMatrix } from '../../../src/domain/wbs/paste';
import { createRows, deleteRows } from '../../../src/domain/wbs/rows';
import { toScheduleModel } from '../../../src/domain/wbs/schedule-model';
import { keysBetween } from '../../../src/domain/wbs/order-key';
import { newRow, type WbsDoc, type WbsRow } from '../../../src/domain/wbs/types';
import { editCell, updateValues } from '../../../src/domain/wbs/values';
import { at, DAY, SEVEN_DAY, STANDARD } from '../schedule/helpers';
import { counterIds } from './helpers';

const std = buildCalendarIndex(STANDARD);
const c7 = buildCalendarIndex({
  ...SEVEN_DAY,
  week: Array.from({ length: 7 }, () => [{ start: 0, end: 1440 }]),
});
const workTime = {
  dataDate: at('2026-06-01 00:00'),
  calendar: (id: string | null) => (id === 'c24' ? c7 : std),
};
const ctx = { hoursPerDay: () => 8, workTime };
const show = (t: number) => formatLocal(t).replace('T', ' ');
/** The moment a cell text converts to, as "YYYY-MM-DD HH:mm". */
const typed = (raw: string, col: WbsColumn, row: WbsRow = task) => {
  const c = convertCell(raw, col, row, ctx);
  return c.ok === true ? show(c.value as number) : c;
};
const task = newRow('t', 'task', null, 'a0', { duration: 4 * DAY });

describe('a date typed without a time', () => {
  it('in Finish is the end of that working day; in Start the beginning', () => {
    expect(typed('30.06.2026', WBS_COLUMNS.finish)).toBe('2026-06-30 17:00');
    expect(typed('30.06.2026', WBS_COLUMNS.start)).toBe('2026-06-30 08:00');
    // Actual dates likewise.
    expect(typed('30.06.2026', WBS_COLUMNS.actual_finish)).toBe('2026-06-30 17:00');
    // A time typed is kept as typed.
    expect(typed('30.06.2026 10:30', WBS_COLUMNS.finish)).toBe('2026-06-30 10:30');
    // A Saturday finish is the same working moment as Friday evening; a Saturday start, Monday morning.
    expect(typed('27.06.2026', WBS_COLUMNS.finish)).toBe('2026-06-26 17:00');
    expect(typed('27.06.2026', WBS_COLUMNS.start)).toBe('2026-06-29 08:00');
    // On a 24-hour calendar the day ends at midnight.
    expect(typed('30.06.2026', WBS_COLUMNS.finish, { ...task, calendarId: 'c24' })).toBe('2026-07-01 00:00');
  });

  it('a 4-day task with 30.06.2026 typed in Finish finishes on 30.06 (Thu 25.06 – Tue 30.06)', () => {
    const doc: WbsDoc = { rows: new Map([['t', task]]), relations: new Map() };
    const s = wbsState(doc);
    const c = editCell(s.doc, s.index, 't', WBS_COLUMNS.finish, '30.06.2026', ctx);
    const row = c.doc.rows.get('t')!;
    expect(row.finishLimitType).toBe('not_earlier');
    expect(show(row.finishLimitDate!)).toBe('2026-06-30 17:00');
    const m = toScheduleModel(
      c.doc.rows,
      c.doc.relations,
      [STANDARD],
      defaultScheduleOptions(workTime.dataDate, 'std'),
    );
    const res = scheduleModel(m);
    expect(show(res.es[0]!)).toBe('2026-06-25 08:00');
    expect(show(res.ef[0]!)).toBe('2026-06-30 17:00');
  });

  it('copied limit dates keep their time, so they paste back to the same moment', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_MINUTES }),
        fc.constantFrom(WBS_COLUMNS.start, WBS_COLUMNS.finish, WBS_COLUMNS.actual_start),
        (value, col) => {
          const r: WbsRow = { ...task };
          if (col.kind === 'start') r.startLimitDate = value;
          else if (col.kind === 'finish') r.finishLimitDate = value;
          else r.actualStart = value;
          const text = formatCell(r, col, ctx, { mode: 'copy' });
          expect(convertCell(text, col, r, ctx)).toEqual({ ok: true, value });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('codes of new activities', () => {
  const numbered = (codes: (string | null)[], sums: (string | null)[] = []): WbsDoc => {
    const rows = new Map<string, WbsRow>();
    const keys = keysBetween(null, null, sums.length + codes.length);
    sums.forEach((code, i) => rows.set(`s${i}`, newRow(`s${i}`, 'sum', null, keys[i]!, { code })));
    codes.forEach((code, i) =>
      rows.set(`t${i}`, newRow(`t${i}`, 'task', null, keys[sums.length + i]!, { code })),
    );
    return { rows, relations: new Map() };
  };

  it('follow the pattern: A1010, A1020 → A1030, A1040 (P6 adds 10)', () => {
    expect(nextActivityCodes(numbered(['A1010', 'A1020']), 2)).toEqual(['A1030', 'A1040']);
    // From the highest, keeping the zero padding; WBS codes of summaries are not activity codes.
    expect(nextActivityCodes(numbered(['A0090', 'A0010'], ['WBS.1', null]), 1)).toEqual(['A0100']);
    // The family of the row they go next to, else the most used one.
    const mixed = numbered(['EL100', 'EL110', 'ME100']);
    expect(nextActivityCodes(mixed, 1, 't2')).toEqual(['ME110']);
    expect(nextActivityCodes(mixed, 1)).toEqual(['EL120']);
  });

  it('stay right through edits, inserts, deletes and undos without counting all rows again', () => {
    const code = fc.oneof(
      fc.constant(null),
      fc
        .constantFrom('A', 'B', 'WBS.')
        .chain((p) => fc.nat(3000).map((n) => `${p}${String(n).padStart(4, '0')}`)),
    );
    const op = fc.oneof(
      fc.record({ kind: fc.constant('code' as const), row: fc.nat(), code }),
      fc.record({ kind: fc.constant('insert' as const), row: fc.nat(), code: fc.constant(null) }),
      fc.record({ kind: fc.constant('delete' as const), row: fc.nat(), code: fc.constant(null) }),
      fc.record({ kind: fc.constant('undo' as const), row: fc.constant(0), code: fc.constant(null) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        let s = wbsState(numbered(['A1000', 'A1010', 'B0500', 'A1020', 'B0510']));
        const undos: Patch[][] = [];
        const ids = counterIds('x');
        nextActivityCodes(s.doc, 1); // counted once, then carried
        for (const o of ops) {
          const rows = [...(s.index.children.get('') ?? [])];
          const id = rows.length > 0 ? rows[o.row % rows.length]! : null;
          let c: { patches: Patch[]; inversePatches: Patch[] } | null = null;
          if (o.kind === 'code' && id)
            c = updateValues(s.doc, s.index, [{ id, column: WBS_COLUMNS.code, value: o.code }]);
          else if (o.kind === 'insert')
            c = createRows(
              s.doc,
              s.index,
              { at: id ? { after: id } : { atEnd: true }, nodeType: 'task' },
              ids,
            );
          else if (o.kind === 'delete' && id) c = deleteRows(s.doc, s.index, [id]);
          else if (o.kind === 'undo' && undos.length > 0) s = applyWbsPatches(s, undos.pop()!);
          if (c && c.patches.length > 0) {
            s = applyWbsPatches(s, c.patches);
            undos.push(c.inversePatches);
          }
          const fresh = { rows: new Map(s.doc.rows), relations: s.doc.relations };
          const near = id && s.doc.rows.has(id) ? id : null;
          expect(nextActivityCodes(s.doc, 2, near)).toEqual(nextActivityCodes(fresh, 2, near));
        }
      }),
    );
  });

  it('none when an activity has no code (the outline number shows) or there is no activity', () => {
    expect(nextActivityCodes(numbered(['A1010', null]), 1)).toBeNull();
    expect(nextActivityCodes(numbered([], ['S1']), 1)).toBeNull();
    expect(nextActivityCodes(numbered(['Foundations']), 1)).toBeNull();
  });

  it('are given by Insert and by a paste past the end, with the default calendar', () => {
    const d = numbered(['A1010', 'A1020']);
    const s = wbsState(d);
    const c = createRows(
      s.doc,
      s.index,
      { nodeType: 'task', at: { after: 't0' }, count: 2, fields: { calendarId: 'cal-1' } },
      counterIds(),
    );
    expect(c.result.map((id) => c.doc.rows.get(id)!.code)).toEqual(['A1030', 'A1040']);
    expect(c.result.map((id) => c.doc.rows.get(id)!.calendarId)).toEqual(['cal-1', 'cal-1']);
    // A new summary gets no activity code.
    const sum = createRows(s.doc, s.index, { nodeType: 'sum', at: { atEnd: true } }, counterIds());
    expect(sum.doc.rows.get(sum.result[0]!)!.code).toBeNull();
    const p = pasteMatrix(
      s.doc,
      s.index,
      {
        visibleIds: ['t0', 't1'],
        row: 1,
        columns: [WBS_COLUMNS.name],
        matrix: [['x'], ['y'], ['z']],
        newRowFields: { calendarId: 'cal-1' },
      },
      { ...ctx, ...counterIds() },
    );
    expect(
      p.result.createdIds.map((id) => p.doc.rows.get(id)).map((r) => [r!.name, r!.code, r!.calendarId]),
    ).toEqual([
      ['y', 'A1030', 'cal-1'],
      ['z', 'A1040', 'cal-1'],
    ]);
  });
});
