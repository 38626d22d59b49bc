// XER reader: tables by %F names, clndr_data, encodings, options, progress, errors with lines.
import { describe, expect, it } from 'vitest';
import { formatLocal } from '../../../../src/domain/calendar/time';
import { ImportError } from '../../../../src/domain/io/errors';
import { parseClndrData } from '../../../../src/domain/io/xer/clndr-data';
import { decodeXer } from '../../../../src/domain/io/xer/decode';
import { readXer } from '../../../../src/domain/io/xer/read';
import { scheduleModel } from '../../../../src/domain/schedule/index';

const T = '\t';
const row = (...cells: string[]) => ['%R', ...cells].join(T);
const fields = (...names: string[]) => ['%F', ...names].join(T);
const clndr =
  '(0||CalendarData()(  (0||DaysOfWeek()(    (0||1()())    (0||2()(      (0||0(s|08:00|f|12:00)())      (0||1(s|13:00|f|17:00)())))' +
  '    (0||3()(      (0||0(s|08:00|f|12:00)())      (0||1(s|13:00|f|17:00)())))    (0||4()(      (0||0(s|08:00|f|12:00)())      (0||1(s|13:00|f|17:00)())))' +
  '    (0||5()(      (0||0(s|08:00|f|12:00)())      (0||1(s|13:00|f|17:00)())))    (0||6()(      (0||0(s|08:00|f|12:00)())      (0||1(s|13:00|f|17:00)())))' +
  '    (0||7()())))  (0||Exceptions()(    (0||0(d|45294)())    (0||1(d|45296)(      (0||0(s|10:00|f|00:00)())))))';

function xer(taskRows: string[], extra: string[] = []): string {
  return [
    'ERMHDR\t19.12\t2024-01-01\tProject\tadmin\tAdmin\tdb\tProject Management\tUSD',
    '%T\tPROJECT',
    fields(
      'proj_id',
      'proj_short_name',
      'export_flag',
      'last_recalc_date',
      'plan_start_date',
      'plan_end_date',
      'clndr_id',
      'critical_drtn_hr_cnt',
      'critical_path_type',
    ),
    row('1', 'P1', 'Y', '2024-01-01 08:00', '2024-01-01 08:00', '', '10', '8', 'CT_TotFloat'),
    row('2', 'OTHER', 'N', '2024-01-01 08:00', '2024-01-01 08:00', '', '10', '0', 'CT_TotFloat'),
    '%T\tCALENDAR',
    fields(
      'clndr_id',
      'default_flag',
      'clndr_name',
      'base_clndr_id',
      'day_hr_cnt',
      'week_hr_cnt',
      'clndr_data',
    ),
    row('10', 'Y', 'Standard', '', '8', '40', clndr.replace(/ {2}/g, '\x7f')),
    '%T\tSCHEDOPTIONS',
    fields(
      'proj_id',
      'sched_retained_logic',
      'sched_progress_override',
      'sched_calendar_on_relationship_lag',
      'sched_float_type',
      'sched_lag_early_start_flag',
    ),
    row('1', 'N', 'y', 'rcal_24Hour', 'ft_min', 'N'),
    '%T\tPROJWBS',
    fields('wbs_id', 'proj_id', 'parent_wbs_id', 'wbs_short_name', 'wbs_name', 'seq_num'),
    row('100', '1', '', 'P1', 'Project', '0'),
    '%T\tTASK',
    // Column order differs from P6's on purpose: fields are mapped by name.
    fields(
      'task_code',
      'task_id',
      'proj_id',
      'wbs_id',
      'clndr_id',
      'task_type',
      'status_code',
      'task_name',
      'target_drtn_hr_cnt',
      'remain_drtn_hr_cnt',
      'act_start_date',
      'act_end_date',
      'cstr_type',
      'cstr_date',
      'cstr_type2',
      'cstr_date2',
      'early_start_date',
      'total_float_hr_cnt',
      'resume_date',
    ),
    ...taskRows,
    '%T\tTASKPRED',
    fields('task_pred_id', 'task_id', 'pred_task_id', 'pred_type', 'lag_hr_cnt'),
    row('1', '2001', '2000', 'PR_SS', '-4'),
    row('2', '2000', '3000', 'PR_FS', '0'),
    ...extra,
    '%E',
  ].join('\r\n');
}

const tasks = [
  row(
    'A1000',
    '2000',
    '1',
    '100',
    '10',
    'TT_Task',
    'TK_Active',
    'Größe',
    '16',
    '8.5',
    '2024-01-01 08:00',
    '',
    'CS_MSOA',
    '2024-01-02 08:00',
    'CS_ALAP',
    '',
    '2024-01-01 08:00',
    '1.5',
  ),
  row(
    'A1010',
    '2001',
    '1',
    '100',
    '99',
    'TT_FinMile',
    'TK_NotStart',
    'Done',
    '0',
    '0',
    '',
    '',
    'CS_MEOB',
    '2024-01-05 17:00',
    '',
    '',
    '',
    '',
  ),
  row(
    'X1',
    '3000',
    '2',
    '999',
    '10',
    'TT_Task',
    'TK_NotStart',
    'Other project',
    '8',
    '8',
    '',
    '',
    '',
    '',
    '',
    '',
    '2024-01-03 08:00',
    '',
  ),
];

describe('readXer', () => {
  const m = readXer(xer(tasks));

  it('maps fields by name and converts hours to minutes', () => {
    const a = m.activities.find((x) => x.code === 'A1000')!;
    expect(a).toMatchObject({
      id: '2000',
      name: 'Größe',
      duration: 960,
      remaining: 510,
      kind: 'task',
      parentId: 'wbs:100',
      alap: true,
    });
    expect(formatLocal(a.actualStart!)).toBe('2024-01-01T08:00');
    expect(a.constraints).toEqual([{ on: 'start', type: 'not_earlier', date: a.stored!.es! + 1440 }]);
    expect(a.stored!.tf).toBe(90);
  });

  it('maps activity types, constraints and unknown calendars to the project calendar', () => {
    const b = m.activities.find((x) => x.code === 'A1010')!;
    expect(b).toMatchObject({ kind: 'finish_milestone', calendarId: '10' });
    expect(b.constraints[0]).toMatchObject({ on: 'finish', type: 'not_later' });
  });

  it('keeps activities of non-exported projects as external placeholders', () => {
    const x = m.activities.find((a) => a.code === 'X1')!;
    expect(x.external).toBeDefined();
    expect(formatLocal(x.external!.start)).toBe('2024-01-03T08:00');
  });

  it('reads relations with negative lag and the schedule options', () => {
    expect(m.relations).toContainEqual({ id: '1', predId: '2000', succId: '2001', type: 'ss', lag: -240 });
    expect(m.options).toMatchObject({
      progressMode: 'progress_override',
      lagCalendar: '24h',
      floatType: 'smallest',
      criticalFloat: 480,
      lagFromEarlyStart: false,
      defaultCalendarId: '10',
    });
  });

  it('parses clndr_data: weekdays, a holiday and an exception day with hours to midnight', () => {
    const cal = m.calendars[0];
    expect(cal.week[0]).toEqual([]);
    expect(cal.week[1]).toEqual([
      { start: 480, end: 720 },
      { start: 780, end: 1020 },
    ]);
    // 45294 = 2024-01-03 (days since 1899-12-30); 45296 = 2024-01-05 working 10:00–24:00.
    expect(cal.exceptions).toEqual([
      { day: 45294 - 36526, intervals: [] },
      { day: 45296 - 36526, intervals: [{ start: 600, end: 1440 }] },
    ]);
  });

  it('an activity of a non-exported project keeps its dates and drives its successor', () => {
    const rows = [
      row(
        'A1000',
        '2000',
        '1',
        '100',
        '10',
        'TT_Task',
        'TK_NotStart',
        'Mine',
        '16',
        '16',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ),
      row(
        'A1010',
        '2001',
        '1',
        '100',
        '10',
        'TT_Task',
        'TK_NotStart',
        'Mine too',
        '8',
        '8',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ),
      row(
        'X1',
        '3000',
        '2',
        '999',
        '10',
        'TT_Task',
        'TK_NotStart',
        'Theirs',
        '8',
        '8',
        '',
        '',
        '',
        '',
        '',
        '',
        '2024-01-05 08:00',
        '',
      ),
    ];
    const model = readXer(xer(rows));
    const res = scheduleModel(model);
    const at = (code: string) => model.activities.findIndex((a) => a.code === code);
    // X1 stays on Friday 08:00 (the other project's date) and holds A1000 (FS); Friday works
    // 10:00–24:00 in this calendar: 14 h on Friday, 2 h on Monday.
    expect(formatLocal(res.es[at('X1')])).toBe('2024-01-05T08:00');
    expect(formatLocal(res.es[at('A1000')])).toBe('2024-01-05T10:00');
    expect(formatLocal(res.ef[at('A1000')])).toBe('2024-01-08T10:00');
  });

  it('a suspended activity resumes its remaining work on its resume date', () => {
    const rows = [
      row(
        'S1',
        '2000',
        '1',
        '100',
        '10',
        'TT_Task',
        'TK_Active',
        'Paused',
        '24',
        '8',
        '2024-01-01 08:00',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '2024-01-09 08:00',
      ),
      row(
        'S2',
        '2001',
        '1',
        '100',
        '10',
        'TT_Task',
        'TK_NotStart',
        'Next',
        '8',
        '8',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ),
      row(
        'X1',
        '3000',
        '2',
        '999',
        '10',
        'TT_Task',
        'TK_Complete',
        'Theirs',
        '8',
        '0',
        '2023-12-01 08:00',
        '2023-12-01 17:00',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ),
    ];
    const model = readXer(xer(rows));
    const res = scheduleModel(model);
    const i = model.activities.findIndex((a) => a.code === 'S1');
    // P6: the last 8 h of S1 run on Tue 01-09 after the suspension.
    expect(formatLocal(res.es[i])).toBe('2024-01-09T08:00');
    expect(formatLocal(res.ef[i])).toBe('2024-01-09T17:00');
  });

  it('names table, field and line for a bad value', () => {
    const bad = xer([
      row(
        'A1',
        '2000',
        '1',
        '100',
        '10',
        'TT_Task',
        'TK_NotStart',
        'x',
        'eight',
        '8',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ),
    ]);
    try {
      readXer(bad);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ImportError);
      expect((e as ImportError).params).toMatchObject({
        where: 'TASK',
        line: 17,
        field: 'target_drtn_hr_cnt',
      });
      expect((e as ImportError).message).toMatch(/TASK line 17/);
    }
  });

  it('rejects a file that is not XER and one that lacks TASK', () => {
    expect(() => readXer('hello')).toThrow(ImportError);
    expect(() => readXer('ERMHDR\t1\n%T\tPROJECT\n%F\tproj_id\texport_flag\n%R\t1\tY\n%E')).toThrow(
      /no TASK table/,
    );
  });
});

describe('clndr_data parser', () => {
  it('accepts shifts written finish-first and ignores VIEW nodes', () => {
    const p = parseClndrData(
      '(0||CalendarData()((0||DaysOfWeek()((0||2()((0||0(f|16:00|s|07:00)())))))(0||VIEW(ShowTotal|Y)())))',
    );
    expect(p.week![1]).toEqual([{ start: 420, end: 960 }]);
  });
});

describe('decodeXer', () => {
  it('reads UTF-8, Windows-1252 and Windows-1251', () => {
    expect(decodeXer(new TextEncoder().encode('ERMHDR\tГрафик'))).toBe('ERMHDR\tГрафик');
    expect(
      decodeXer(Uint8Array.from([0x45, 0x52, 0x4d, 0x48, 0x44, 0x52, 0x09, 0x43, 0x61, 0x66, 0xe9])),
    ).toBe('ERMHDR\tCafé');
    // "Größe Müller" in Windows-1252: accented letters in pairs are still Western.
    const cp1252 = [0x47, 0x72, 0xf6, 0xdf, 0x65, 0x20, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72];
    expect(decodeXer(Uint8Array.from([0x45, 0x52, 0x4d, 0x48, 0x44, 0x52, 0x09, ...cp1252]))).toBe(
      'ERMHDR\tGröße Müller',
    );
    // "График работ" in Windows-1251.
    const cp1251 = [0xc3, 0xf0, 0xe0, 0xf4, 0xe8, 0xea, 0x20, 0xf0, 0xe0, 0xe1, 0xee, 0xf2];
    expect(decodeXer(Uint8Array.from([0x45, 0x52, 0x4d, 0x48, 0x44, 0x52, 0x09, ...cp1251]))).toBe(
      'ERMHDR\tГрафик работ',
    );
  });
});
