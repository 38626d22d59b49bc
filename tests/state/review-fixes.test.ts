// The workbench as a user drives it, with the schedule computed in-process: links between a
// summary and its rows, progress, typed finish dates, summary rows and new rows. The version's
// data date is Monday 2026-01-05 00:00 on the standard calendar (Mon–Fri 08–12, 13–17).
import { beforeEach, describe, expect, it } from 'vitest';
import { standardCalendarDef } from '../../src/domain/calendar';
import { formatLocal } from '../../src/domain/calendar/time';
import { cellText } from '../../src/state/workbench/cell-text';
import { COLUMN_DEFS } from '../../src/state/workbench/columns';
import { runCommand } from '../../src/state/workbench/commands';
import { commitEdit, startEdit, textContext } from '../../src/state/workbench/commands-edit';
import { loadVersion, rowAt } from '../../src/state/workbench/data';
import { ScheduleRunner } from '../../src/state/workbench/schedule-runner';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { inProcessScheduleService } from '../../src/workers/schedule-client';
import { chain, DAY, version } from './fixtures';

const settle = () => new Promise((r) => setTimeout(r, 0));
let n = 0;
const told: string[] = [];
provideServices({
  newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  notify: (_kind, title, lines) => void told.push([title, ...(lines ?? [])].join(' | ')),
});

// Displayed columns: code, name, type, duration, start, finish, total float, free float, %, status.
const COL = { name: 1, duration: 3, start: 4, finish: 5, progress: 8 } as const;
const select = (row: number, col = 1, toRow = row) =>
  workbench.set({ selection: { anchor: { row, col }, focus: { row: toRow, col } } });
const rows = () => workbench.get().wbs.doc.rows;
const text = (row: number, col: string) =>
  cellText(rowAt(workbench.get(), row)!, COLUMN_DEFS[col]!, textContext());
const show = (t: number | null) => (t === null ? null : formatLocal(t).replace('T', ' '));

async function type(row: number, col: number, value: string) {
  select(row, col);
  startEdit(value);
  commitEdit(value, 'none');
  await settle();
}

let runner: ScheduleRunner;
beforeEach(async () => {
  useWorkbench.setState(initialState(), true);
  told.length = 0;
  runner?.dispose();
  runner = new ScheduleRunner(inProcessScheduleService());
  // S: T1 → T2 → T3 → T4, one day each.
  const { rows: r, relations } = chain(4);
  loadVersion(version(), r, relations);
  runner.open();
  await settle();
});

describe('links and summaries (item 3)', () => {
  it('Ctrl+L on a summary and its first row refuses with a message', () => {
    select(0, COL.name, 1); // S and T1
    runCommand('link');
    expect(told).toEqual(['link.refused | wbs.relation_hierarchy']);
  });

  it('an indent under a linked row drops the link in the same undo step and says so', () => {
    const links = () => [...workbench.get().wbs.doc.relations.values()].map((r) => `${r.predId}>${r.succId}`);
    select(2); // T2, linked from T1
    runCommand('indent');
    expect(rows().get('T2')!.parentId).toBe('T1');
    expect(links()).not.toContain('T1>T2');
    expect(told).toEqual(['link.dropped {"count":1} | Task 1 → Task 2']);
    runCommand('undo');
    expect(rows().get('T2')!.parentId).toBe('S');
    expect(links()).toContain('T1>T2');
  });
});

describe('percent complete (item 4)', () => {
  it('60 % of a 5-day task on the data date: 3 days before it, the bar keeps its 5 days', async () => {
    await type(1, COL.duration, '5');
    expect(text(1, 'start')).toBe('05.01.26');
    await type(1, COL.progress, '60');
    // Done Wed 31.12, Thu 1.1, Fri 2.1; remaining Mon 5.1, Tue 6.1.
    expect(show(rows().get('T1')!.actualStart)).toBe('2025-12-31 08:00');
    expect([text(1, 'start'), text(1, 'finish'), text(1, 'duration')]).toEqual(['31.12.25', '06.01.26', '5']);
    // T2 follows the remaining work.
    expect(text(2, 'start')).toBe('07.01.26');
  });

  it('100 % is complete before the data date: not critical, no floats; retained logic still orders it after T1', async () => {
    await type(2, COL.duration, '6'); // T2: 6 days after T1
    await type(2, COL.progress, '50');
    await type(2, COL.progress, '100');
    const t2 = rows().get('T2')!;
    // Six working days ending at the data date: Fri 26.12 … Fri 2.1.
    expect([show(t2.actualStart), show(t2.actualFinish)]).toEqual(['2025-12-26 08:00', '2026-01-02 17:00']);
    const v = rowAt(workbench.get(), 2)!;
    expect(v.critical).toBe(false);
    expect([text(2, 'start'), text(2, 'finish'), text(2, 'total_float'), text(2, 'free_float')]).toEqual([
      '26.12.25',
      '02.01.26',
      '',
      '',
    ]);
    expect(text(2, 'status')).toBe('status.completed');
    // T3 waited for T2. T2 is done, but under retained logic P6 still puts it after its unfinished
    // predecessor T1 (Mon 5.1, docs/scheduling.md "Data date and progress"): T3 starts Tue 6.1.
    expect(text(3, 'start')).toBe('06.01.26');
  });
});

describe('typed finish dates (item 5)', () => {
  it('30.01.2026 typed in Finish of a 4-day task shows 30.01 (the end of that day)', async () => {
    await type(2, COL.duration, '4');
    await type(2, COL.finish, '30.01.2026');
    expect(show(rows().get('T2')!.finishLimitDate)).toBe('2026-01-30 17:00');
    expect([text(2, 'start'), text(2, 'finish')]).toEqual(['27.01.26', '30.01.26']);
    // The copy text pastes back to the same day.
    expect(cellText(rowAt(workbench.get(), 2)!, COLUMN_DEFS.finish!, textContext(), 'copy')).toBe(
      '30.01.2026',
    );
  });
});

describe('summary rows (item 6)', () => {
  it('show their span as duration and the smallest total float of their rows, no free float', async () => {
    // T3 takes 3 days: S spans T1 (1) + T2 (1) + T3 (3) + T4 (1) = 6 working days, all critical.
    await type(3, COL.duration, '3');
    expect(text(0, 'duration')).toBe('6');
    expect(text(0, 'total_float')).toBe('0');
    expect(text(0, 'free_float')).toBe('');
    expect([text(0, 'start'), text(0, 'finish')]).toEqual(['05.01.26', '12.01.26']);
  });
});

describe('new rows (item 17)', () => {
  it('get the default calendar, shown by name; rows without one show the default too', () => {
    workbench.set({
      calendars: [
        { ...standardCalendarDef('00000000-0000-4000-8000-0000000000c1'), name: 'Night' },
        { ...standardCalendarDef('00000000-0000-4000-8000-0000000000c2'), name: 'Site', isDefault: true },
      ],
    });
    expect(text(1, 'calendar')).toBe('Site');
    select(1);
    runCommand('insertRow');
    const id = workbench.get().visible.ids[2]!;
    expect(rows().get(id)!.calendarId).toBe('00000000-0000-4000-8000-0000000000c2');
    expect(text(2, 'calendar')).toBe('Site');
  });

  it('of a schedule numbered like P6 get the next activity code', () => {
    useWorkbench.setState(initialState(), true);
    const { rows: r, relations } = chain(3);
    const coded = r.map((row, i) => (row.nodeType === 'sum' ? row : { ...row, code: `A${1000 + 10 * i}` }));
    loadVersion(version(), coded, relations);
    select(3); // after T3 (A1030)
    runCommand('insertRow');
    runCommand('add_milestone_finish');
    const codes = workbench.get().visible.ids.map((id) => rows().get(id)!.code);
    expect(codes).toEqual([null, 'A1010', 'A1020', 'A1030', 'A1040', 'A1050']);
  });
});

it('has DAY minutes a day', () => expect(DAY).toBe(480));

describe('cell text of dates at midnight', () => {
  const ctx = { ...textContext(), lang: 'en' as const };
  const view = (nodeType: 'task' | 'milestone_start', es: number, ef: number) => ({
    ...rowAt(workbench.get(), 1)!,
    row: { ...rows().get('T1')!, nodeType },
    es,
    ef,
  });
  const monday = 9501 * 1440; // 2026-01-05 00:00
  it('a finish at midnight (a 24-hour calendar) shows the day it ends; a start the day it begins', () => {
    const v = view('task', monday - 1440, monday);
    expect(cellText(v, COLUMN_DEFS.start!, ctx)).toBe('04.01.26');
    expect(cellText(v, COLUMN_DEFS.finish!, ctx)).toBe('04.01.26');
    expect(cellText(v, COLUMN_DEFS.finish!, ctx, 'copy')).toBe('04.01.2026');
    // A start milestone at midnight is at the start of that day, its finish too.
    expect(cellText(view('milestone_start', monday, monday), COLUMN_DEFS.finish!, ctx)).toBe('05.01.26');
  });
});
