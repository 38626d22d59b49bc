// Float type, critical threshold and longest path, lag calendars, cycles and the special
// activity kinds (LOE, WBS summary, sum nodes, external and resource dependent activities).
import { describe, expect, it } from 'vitest';
import { scheduleModel } from '../../../src/domain/schedule/index';
import { nextTimetableState } from '../../../src/domain/schedule/result';
import { act, at, model, rel, run } from './helpers';

describe('float type', () => {
  it('finish, start and smallest float agree for activities not started (P6 shows the same)', () => {
    const acts = () => [act('A', 2), act('B', 1), act('C', 1)];
    const rels = [rel('A', 'C'), rel('B', 'C', 'ff', 1)];
    const fin = run(acts(), rels, { floatType: 'finish' });
    const start = run(acts(), rels, { floatType: 'start' });
    const min = run(acts(), rels, { floatType: 'smallest' });
    // P6: B has one day of float under every option; A and C none.
    for (const r of [fin, start, min]) expect([r.A.tf, r.B.tf, r.C.tf]).toEqual([0, 8, 0]);
  });
});

describe('critical', () => {
  it('by total float threshold', () => {
    const r = run([act('A', 3), act('B', 2), act('C', 1)], [rel('A', 'C'), rel('B', 'C')], {
      criticalFloat: 8 * 60,
    });
    // P6 with "critical if total float ≤ 8 h": A (0 h) and B (8 h) and C critical.
    expect([r.A.critical, r.B.critical, r.C.critical]).toEqual([true, true, true]);
  });

  it('open ends are critical when the option says so', () => {
    const acts = () => [act('A', 3), act('B', 1), act('C', 1)];
    // B has no successor and 2 days of float: critical only with "make open-ended activities critical".
    expect(run(acts(), [rel('A', 'C')]).B.critical).toBe(false);
    expect(run(acts(), [rel('A', 'C')], { openEndsCritical: true }).B.critical).toBe(true);
  });

  it('by longest path, even when every float is negative', () => {
    const r = run([act('A', 3), act('B', 2), act('C', 1)], [rel('A', 'C'), rel('B', 'C')], {
      criticalBy: 'longest_path',
      mustFinishBy: at('2024-01-02 17:00'),
    });
    // P6 longest path: A → C; B is off it although its float is negative too.
    expect(r.B.tf).toBeLessThan(0);
    expect([r.A.critical, r.B.critical, r.C.critical]).toEqual([true, false, true]);
  });
});

describe('lag calendar', () => {
  // A (standard calendar) ends Fri 01-05 17:00; B is on a 7-day calendar; lag 1 day = 8 h.
  const net = (lagCalendar: 'predecessor' | 'successor' | '24h' | 'project') =>
    run(
      [
        act('A', 1, { constraints: [{ on: 'start', type: 'not_earlier', date: at('2024-01-05 08:00') }] }),
        act('B', 1, { calendarId: 'c7' }),
      ],
      [rel('A', 'B', 'fs', 1)],
      { lagCalendar },
    );

  it('predecessor: 8 working hours on Mon–Fri end Mon 17:00, B starts Tue', () => {
    expect(net('predecessor').B.es).toBe('2024-01-09 08:00');
  });
  it('successor: 8 working hours on the 7-day calendar end Sat 17:00, B starts Sun', () => {
    expect(net('successor').B.es).toBe('2024-01-07 08:00');
  });
  it('24-hour: the lag ends Sat 01:00, B starts Sat 08:00', () => {
    expect(net('24h').B.es).toBe('2024-01-06 08:00');
  });
  it('project default calendar (standard here) behaves like the predecessor one', () => {
    expect(net('project').B.es).toBe('2024-01-09 08:00');
  });
});

describe('cycles', () => {
  it('are reported with the activities in them and nothing is calculated', () => {
    const res = scheduleModel(
      model(
        [act('A', 1), act('B', 1), act('C', 1), act('D', 1)],
        [rel('D', 'A'), rel('A', 'B'), rel('B', 'C'), rel('C', 'A')],
      ),
    );
    expect(res.state).toBe('not_calculated');
    expect(res.errors).toHaveLength(1);
    expect([...res.errors[0].activities].sort()).toEqual(['A', 'B', 'C']);
    expect(res.errors[0].message).toMatch(/cycle/);
  });
});

describe('activity kinds', () => {
  it('level of effort spans from its predecessor to its successor', () => {
    const r = run(
      [act('A', 2), act('L', 0, { kind: 'loe' }), act('B', 3)],
      [rel('A', 'B'), rel('A', 'L', 'ss'), rel('L', 'B', 'ff')],
    );
    // P6: L 01-01 08:00 → 01-05 17:00 (A's start to B's finish); it does not drive B.
    expect(r.L).toMatchObject({
      es: '2024-01-01 08:00',
      ef: '2024-01-05 17:00',
      lf: '2024-01-05 17:00',
      tf: 0,
    });
    expect(r.B.es).toBe('2024-01-03 08:00');
  });

  it('WBS summary and sum nodes span the activities under their WBS node', () => {
    const w = act('W', 0, { kind: 'sum', nodeType: 'sum' });
    const kids = [
      act('A', 2, { parentId: 'W' }),
      act('B', 3, { parentId: 'W' }),
      act('S', 0, { kind: 'wbs_summary', parentId: 'W' }),
    ];
    const r = run([w, ...kids], [rel('A', 'B')]);
    // P6: the WBS summary and the node both run 01-01 08:00 → 01-05 17:00.
    expect(r.S).toMatchObject({ es: '2024-01-01 08:00', ef: '2024-01-05 17:00' });
    expect(r.W).toMatchObject({ es: '2024-01-01 08:00', ef: '2024-01-05 17:00', tf: 0 });
  });

  it('an empty WBS node sits at the data date', () => {
    const r = run([act('W', 0, { kind: 'sum', nodeType: 'sum' }), act('A', 1)], []);
    expect(r.W).toMatchObject({ es: '2024-01-01 08:00', ef: '2024-01-01 08:00' });
  });

  it('sum nodes roll up progress weighted by planned duration', () => {
    const w = act('W', 0, { kind: 'sum', nodeType: 'sum' });
    const done = act('A', 3, {
      parentId: 'W',
      actualStart: at('2024-01-01 08:00'),
      actualFinish: at('2024-01-03 17:00'),
      remaining: 0,
    });
    const half = act('B', 1, { parentId: 'W', percentComplete: 20 });
    const res = scheduleModel(model([w, done, half], [], { dataDate: at('2024-01-04 08:00') }));
    // (3 days × 100 % + 1 day × 20 %) / 4 days = 80 %.
    expect(res.percentComplete[0]).toBeCloseTo(80);
  });

  it('an external activity keeps its dates and drives its successor', () => {
    const ext = act('E', 1, { external: { start: at('2024-01-03 08:00'), finish: at('2024-01-03 17:00') } });
    const r = run([ext, act('B', 1)], [rel('E', 'B')]);
    // P6: B 01-04 08:00 → 01-04 17:00; E stays where the other project put it.
    expect(r.B.es).toBe('2024-01-04 08:00');
    expect(r.E).toMatchObject({ es: '2024-01-03 08:00', ef: '2024-01-03 17:00' });
  });

  it('a resource dependent activity works on its resource calendar', () => {
    const r = run(
      [
        act('A', 2, {
          kind: 'resource',
          resourceCalendarIds: ['c7'],
          constraints: [{ on: 'start', type: 'not_earlier', date: at('2024-01-05 08:00') }],
        }),
      ],
      [],
    );
    // P6: the 7-day resource calendar works the weekend: 01-05 08:00 → 01-06 17:00.
    expect(r.A).toMatchObject({ es: '2024-01-05 08:00', ef: '2024-01-06 17:00' });
  });

  it('start and finish milestones sit at the start and the end of working time', () => {
    const r = run(
      [act('A', 1), act('M', 0, { kind: 'finish_milestone' }), act('S', 0, { kind: 'start_milestone' })],
      [rel('A', 'M'), rel('A', 'S')],
    );
    // P6: finish milestone 01-01 17:00, start milestone 01-02 08:00.
    expect(r.M.ef).toBe('2024-01-01 17:00');
    expect(r.S.es).toBe('2024-01-02 08:00');
  });
});

describe('timetable state', () => {
  it('runs not_calculated → in_process → calculated and back on an edit', () => {
    expect(nextTimetableState('not_calculated', 'start')).toBe('in_process');
    expect(nextTimetableState('in_process', 'finish')).toBe('calculated');
    expect(nextTimetableState('calculated', 'edit')).toBe('not_calculated');
    expect(nextTimetableState('not_calculated', 'finish')).toBe('not_calculated');
  });
});
