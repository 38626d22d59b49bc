// Percent complete, actual dates and remaining duration kept consistent (P6's duration % complete)
// on hand-made rows: standard calendar (Mon–Fri 08:00–12:00, 13:00–17:00), data date Monday
// 2024-01-08 08:00. Each expectation is counted by hand in working days.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCalendarIndex } from '../../../src/domain/calendar/calendar-index';
import { formatLocal } from '../../../src/domain/calendar/time';
import { defaultScheduleOptions, scheduleModel } from '../../../src/domain/schedule/index';
import type { ScheduleOptions } from '../../../src/domain/schedule/model';
import { wbsState } from '../../../src/domain/wbs/change';
import { WBS_COLUMNS, type WbsColumn } from '../../../src/domain/wbs/columns';
import { impliedActuals, type WorkTimeContext } from '../../../src/domain/wbs/progress';
import { toScheduleModel } from '../../../src/domain/wbs/schedule-model';
import { newRow, type WbsDoc, type WbsRow } from '../../../src/domain/wbs/types';
import { updateValues } from '../../../src/domain/wbs/values';
import { at, DAY, STANDARD } from '../schedule/helpers';

const DD = at('2024-01-08 08:00');
const cal = buildCalendarIndex(STANDARD);
const workTime: WorkTimeContext = { dataDate: DD, calendar: () => cal };
const options: ScheduleOptions = defaultScheduleOptions(DD, 'std');
const show = (t: number | null) => (t === null ? null : formatLocal(t).replace('T', ' '));

/** P (4 days) → T (6 days) → S (1 day), finish-start. */
function doc(t: Partial<WbsRow> = {}): WbsDoc {
  const rows = new Map<string, WbsRow>([
    ['P', newRow('P', 'task', null, 'a0', { duration: 4 * DAY })],
    ['T', newRow('T', 'task', null, 'a1', { duration: 6 * DAY, ...t })],
    ['S', newRow('S', 'task', null, 'a2', { duration: DAY })],
  ]);
  const rel = (id: string, predId: string, succId: string) =>
    [id, { id, predId, succId, type: 'fs' as const, lag: 0 }] as const;
  return { rows, relations: new Map([rel('PT', 'P', 'T'), rel('TS', 'T', 'S')]) };
}

function edit(d: WbsDoc, column: WbsColumn, value: number | null, id = 'T'): WbsDoc {
  const s = wbsState(d);
  return updateValues(s.doc, s.index, [{ id, column, value }], { workTime }).doc;
}

/** The schedule as the grid shows it: a started activity from its actual start. */
function schedule(d: WbsDoc, mode: ScheduleOptions['progressMode'] = 'retained_logic') {
  const m = toScheduleModel(d.rows, d.relations, [STANDARD], {
    ...options,
    progressMode: mode,
    calendarIndex: () => cal,
  });
  const res = scheduleModel(m);
  const out: Record<string, { start: string; finish: string; es: string; tf: number; critical: boolean }> =
    {};
  m.activities.forEach((a, i) => {
    out[a.id] = {
      start: show(a.actualStart ?? res.es[i]!)!,
      finish: show(res.ef[i]!)!,
      es: show(res.es[i]!)!,
      tf: res.tf[i]! / DAY,
      critical: res.critical[i] === 1,
    };
  });
  return out;
}

describe('percent complete', () => {
  it('before any progress: P 01-08…01-11, T 01-12…01-19, S 01-22', () => {
    const r = schedule(doc());
    expect(r.T).toMatchObject({ start: '2024-01-12 08:00', finish: '2024-01-19 17:00' });
    expect(r.S).toMatchObject({ start: '2024-01-22 08:00', critical: true });
  });

  it('60 % of a 5-day task on the data date: 3 days done before it, 2 left from it; the bar keeps 5 days', () => {
    const d5 = edit(doc(), WBS_COLUMNS.duration, 5 * DAY, 'P');
    const d = edit(d5, WBS_COLUMNS.progress, 60, 'P');
    const p = d.rows.get('P')!;
    // Three working days before Monday 08:00: Wed 01-03 08:00.
    expect(show(p.actualStart)).toBe('2024-01-03 08:00');
    expect(p.actualFinish).toBeNull();
    expect(p.duration).toBe(5 * DAY);
    const r = schedule(d);
    // Done Wed, Thu, Fri; remaining Mon, Tue: start 01-03, finish 01-09 17:00 = 5 working days.
    expect(r.P).toMatchObject({
      start: '2024-01-03 08:00',
      es: '2024-01-08 08:00',
      finish: '2024-01-09 17:00',
    });
    expect(cal.workAt(at('2024-01-09 17:00')) - cal.workAt(at('2024-01-03 08:00'))).toBe(5 * DAY);
  });

  it('50 % of a later 6-day task: 3 days done before the data date, 3 left after its predecessor', () => {
    const d = edit(doc(), WBS_COLUMNS.progress, 50);
    expect(show(d.rows.get('T')!.actualStart)).toBe('2024-01-03 08:00');
    // Retained logic: the remaining 3 days still wait for P (01-11): Fri 01-12, Mon, Tue 01-16.
    const r = schedule(d);
    expect(r.T).toMatchObject({
      start: '2024-01-03 08:00',
      es: '2024-01-12 08:00',
      finish: '2024-01-16 17:00',
    });
    expect(r.S.start).toBe('2024-01-17 08:00');
    // Progress override: they continue from the data date: Mon 01-08 … Wed 01-10.
    expect(schedule(d, 'progress_override').T).toMatchObject({ finish: '2024-01-10 17:00' });
  });

  it('100 % completes it before the data date: not critical; under retained logic its successor still waits for its unfinished predecessor (P6)', () => {
    const half = edit(doc(), WBS_COLUMNS.progress, 50);
    const d = edit(half, WBS_COLUMNS.progress, 100);
    const t = d.rows.get('T')!;
    // The actual start the 50 % edit placed moves back with the work: 6 days before Mon 08:00.
    expect(show(t.actualStart)).toBe('2023-12-29 08:00');
    expect(show(t.actualFinish)).toBe('2024-01-05 17:00');
    const r = schedule(d);
    expect(r.T).toMatchObject({ start: '2023-12-29 08:00', finish: '2024-01-05 17:00', critical: false });
    // Out of sequence under retained logic: P6 reschedules the completed T after its unfinished
    // predecessor P (Mon 01-08 → Thu 01-11 17:00), so S still waits for P through it.
    expect(r.S.start).toBe('2024-01-12 08:00');
    // Straight from 0 to 100 gives the same dates.
    expect(edit(doc(), WBS_COLUMNS.progress, 100).rows.get('T')).toEqual(t);
  });

  it('0 % makes it not started again', () => {
    const d = edit(edit(doc(), WBS_COLUMNS.progress, 100), WBS_COLUMNS.progress, 0);
    expect(d.rows.get('T')).toMatchObject({ percentComplete: 0, actualStart: null, actualFinish: null });
    expect(schedule(d).T.start).toBe('2024-01-12 08:00');
  });

  it('keeps an actual start the user typed, and places the finish from it', () => {
    const typed = edit(doc(), WBS_COLUMNS.actual_start, at('2024-01-02 08:00'));
    const half = edit(typed, WBS_COLUMNS.progress, 50);
    expect(show(half.rows.get('T')!.actualStart)).toBe('2024-01-02 08:00');
    const done = edit(half, WBS_COLUMNS.progress, 100);
    // Tue 01-02 + 6 days = Tue 01-09 17:00, after the data date: the finish is the data date's
    // last finish moment, Fri 01-05 17:00.
    expect(done.rows.get('T')).toMatchObject({
      actualStart: at('2024-01-02 08:00'),
      actualFinish: at('2024-01-05 17:00'),
    });
  });

  it('an actual finish typed completes the activity', () => {
    const d = edit(doc(), WBS_COLUMNS.actual_finish, at('2024-01-05 17:00'));
    // 6 days ending Fri 01-05 17:00 started Fri 12-29 08:00.
    expect(d.rows.get('T')).toMatchObject({ percentComplete: 100, actualStart: at('2023-12-29 08:00') });
  });

  it('a duration edit moves the actual start it placed, so the bar keeps its length', () => {
    const d = edit(edit(doc(), WBS_COLUMNS.progress, 50), WBS_COLUMNS.duration, 4 * DAY);
    // 50 % of 4 days = 2 days before Mon 08:00: Thu 01-04 08:00.
    expect(show(d.rows.get('T')!.actualStart)).toBe('2024-01-04 08:00');
  });

  it('milestones are done or not: any progress completes them at the data date', () => {
    const d0 = doc();
    const rows = new Map(d0.rows);
    rows.set('M', newRow('M', 'milestone_finish', null, 'a3'));
    const d = edit({ rows, relations: d0.relations }, WBS_COLUMNS.progress, 40, 'M');
    // A finish milestone sits at a finish moment: the data date's previous one, Fri 17:00.
    expect(d.rows.get('M')).toMatchObject({
      percentComplete: 100,
      actualStart: at('2024-01-05 17:00'),
      actualFinish: at('2024-01-05 17:00'),
    });
  });

  it('rows with progress but no actual dates schedule as if they had the implied ones', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 * DAY }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom<ScheduleOptions['progressMode']>('retained_logic', 'progress_override'),
        (duration, pct, mode) => {
          const implied = doc({ duration, percentComplete: pct });
          const settled = edit(doc({ duration }), WBS_COLUMNS.progress, pct);
          expect(schedule(implied, mode)).toEqual(schedule(settled, mode));
          expect(impliedActuals(implied.rows.get('T')!, DD, cal)).toEqual({
            actualStart: settled.rows.get('T')!.actualStart,
            actualFinish: settled.rows.get('T')!.actualFinish,
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
