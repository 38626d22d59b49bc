// How the print reads a row for sorting and filtering (server/print/arrange-rows printReader), as
// the workbench's reader does: `start` and `finish` are the early dates the engine stored, not the
// actual dates the cells print; an activity at 100 % reads completed, as the status column does.
import { describe, expect, it } from 'vitest';
import type { ScheduleModel } from '../../src/domain/schedule/model';
import { printReader } from '../../src/server/print/arrange-rows';
import type { PrintRow } from '../../src/server/print/render';

const DAY = 1440;
// Minutes since 2000-01-01 (the engine's time).
const T0 = (Date.UTC(2026, 0, 5) - Date.UTC(2000, 0, 1)) / 60_000;
const activity = (id: string, over: Record<string, unknown>) => ({
  id,
  code: id,
  name: id,
  parentId: null,
  order: 0,
  nodeType: 'task',
  kind: 'task',
  calendarId: 'c',
  duration: 8 * 60,
  remaining: 8 * 60,
  actualStart: null,
  actualFinish: null,
  percentComplete: 0,
  constraints: [],
  alap: false,
  ...over,
});

describe('print reader', () => {
  const model = {
    calendars: [{ id: 'c', hoursPerDay: 8 }],
    activities: [
      // Started two days before the early start the engine stored (a progressed row's actual).
      activity('a', { actualStart: T0 - 2 * DAY, stored: { es: T0, ef: T0 + 3 * DAY } }),
      activity('b', { percentComplete: 100, stored: { es: T0 + DAY, ef: T0 + 2 * DAY } }),
      activity('c', { actualStart: T0, percentComplete: 0, stored: { es: null, ef: null } }),
    ],
  } as unknown as ScheduleModel;
  const rows = ['a', 'b', 'c'].map((id) => ({ id }) as PrintRow);
  const read = printReader(model, rows);

  it('reads start and finish as the early dates, not the actual ones', () => {
    expect(read('a', 'start')).toBe('2026-01-05');
    expect(read('a', 'finish')).toBe('2026-01-08');
    expect(read('c', 'start')).toBeNull();
  });

  it('reads the status as the grid: 100 % is completed, an actual start in progress', () => {
    expect(read('a', 'status')).toBe('in_progress');
    expect(read('b', 'status')).toBe('completed');
    expect(read('c', 'status')).toBe('in_progress');
    expect(read('x', 'status')).toBeNull();
  });
});
