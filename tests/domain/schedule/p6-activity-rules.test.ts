// P6 rules seen on real exports beyond the fixtures (docs/scheduling.md, "Evidence"): expected
// finish dates, as late as possible on tasks and milestones, finish milestones in non-working
// time, level of effort, float types and the longest path. Hand-computed on the standard calendar
// (Mon–Fri 08:00–12:00, 13:00–17:00) and the 7-day one; data date Monday 2024-01-01 08:00.
import { describe, expect, it } from 'vitest';
import { scheduleModel } from '../../../src/domain/schedule/index';
import { act, at, model, rel, run, show, STANDARD } from './helpers';

const H = 60;

describe('expected finish (sched_use_expect_end_flag)', () => {
  // A (3 days) is expected to finish Fri 01-05 17:00; D (7 days) and A lead to B; C (10 days)
  // sets the project finish, Fri 01-12 17:00.
  const acts = (expect: string) => [
    act('A', 3, { expectedFinish: at(expect) }),
    act('D', 7),
    act('B', 1),
    act('C', 10),
  ];
  const rels = [rel('A', 'B'), rel('D', 'B')];

  it('sets the early finish and the remaining duration; successors follow; no free float', () => {
    const r = run(acts('2024-01-05 17:00'), rels, { useExpectedFinish: true });
    expect(r.A).toMatchObject({ es: '2024-01-01 08:00', ef: '2024-01-05 17:00' });
    // B after D (Tue 01-09 17:00): Wed 01-10; its late finish is the project finish.
    expect(r.B).toMatchObject({ es: '2024-01-10 08:00', lf: '2024-01-12 17:00' });
    // A may finish until B's late start (Fri 01-12 08:00): Thu 01-11 17:00, 4 days of float.
    expect(r.A).toMatchObject({ lf: '2024-01-11 17:00', tf: 32, ff: 0 });
  });

  it('is not used when the option is off: the remaining duration holds', () => {
    const r = run(acts('2024-01-05 17:00'), rels);
    // A Mon–Wed; free float to B's start: Thu, Fri, Mon, Tue.
    expect(r.A).toMatchObject({ ef: '2024-01-03 17:00', ff: 32 });
  });

  it('an expected finish before the early start is ignored (still no free float)', () => {
    const r = run(
      [act('P', 5), act('A', 3, { expectedFinish: at('2024-01-04 17:00') }), act('C', 10)],
      [rel('P', 'A')],
      { useExpectedFinish: true },
    );
    expect(r.A).toMatchObject({ es: '2024-01-08 08:00', ef: '2024-01-10 17:00', ff: 0 });
  });

  it('an FF predecessor sets the finish instead', () => {
    const r = run(
      [act('P', 4), act('A', 2, { expectedFinish: at('2024-01-09 17:00') }), act('C', 10)],
      [rel('P', 'A', 'ff')],
      { useExpectedFinish: true },
    );
    // FF: A finishes with P, Thu 01-04 17:00, after its 2 days.
    expect(r.A).toMatchObject({ es: '2024-01-03 08:00', ef: '2024-01-04 17:00', ff: 0 });
  });
});

describe('as late as possible', () => {
  it('a start milestone moves to where its successor starts; its float shrinks by as much', () => {
    const r = run(
      [act('M', 0, { kind: 'start_milestone', alap: true }), act('P', 3), act('S', 1)],
      [rel('M', 'S'), rel('P', 'S')],
    );
    expect(r.M).toMatchObject({ es: '2024-01-04 08:00', ef: '2024-01-04 08:00', ff: 0, tf: 0 });
  });

  it('a finish milestone moves to the end of working time before its successor', () => {
    const r = run(
      [act('T', 2), act('F', 0, { kind: 'finish_milestone', alap: true }), act('Q', 4), act('U', 1)],
      [rel('T', 'F'), rel('F', 'U'), rel('Q', 'U')],
    );
    // U waits for Q (Thu 17:00): Fri 01-05 08:00. F at Thu 17:00, not Fri 08:00.
    expect(r.F).toMatchObject({ es: '2024-01-04 17:00', ef: '2024-01-04 17:00', ff: 0 });
    // T's free float is read against F where it ends up: Wed and Thu.
    expect(r.T).toMatchObject({ ef: '2024-01-02 17:00', ff: 16 });
  });

  it('a chain moves from its end: the successor first, then its predecessor after it', () => {
    const r = run(
      [act('P0', 1), act('A1', 1, { alap: true }), act('A2', 1, { alap: true }), act('Q', 5), act('Z', 1)],
      [rel('P0', 'A1'), rel('A1', 'A2'), rel('A2', 'Z'), rel('Q', 'Z')],
    );
    // Z after Q: Mon 01-08. A2 on Fri 01-05, A1 on Thu 01-04.
    expect(r.A2).toMatchObject({ es: '2024-01-05 08:00', ef: '2024-01-05 17:00', tf: 0 });
    expect(r.A1).toMatchObject({ es: '2024-01-04 08:00', ef: '2024-01-04 17:00', tf: 0 });
    // P0 (Mon) keeps its place; its free float runs to A1's moved start: Tue, Wed.
    expect(r.P0).toMatchObject({ es: '2024-01-01 08:00', ff: 16, tf: 16 });
  });
});

describe('as late as possible: what moves it and its total float (P6)', () => {
  // P6's help: an ALAP activity is scheduled as late as possible without delaying its
  // successors, i.e. it uses up its free float (SureTrak and P3 called it the "zero free float"
  // constraint); MS Project's ALAP, unlike it, sits at the late dates. Total float stays P6's
  // definition: late finish − early finish (the float type's measure) on the activity's own
  // calendar, read after the move.

  it('with total float but no free float it stays at its early dates, not at its late dates', () => {
    // A (2 d) → B (3 d); C (10 d) sets the project finish, Fri 01-12 17:00.
    const r = run([act('A', 2, { alap: true }), act('B', 3), act('C', 10)], [rel('A', 'B')]);
    expect(r.A).toMatchObject({
      es: '2024-01-01 08:00',
      ef: '2024-01-02 17:00',
      ls: '2024-01-08 08:00',
      lf: '2024-01-09 17:00',
      tf: 40,
      ff: 0,
    });
    // Its float is shared with B, which keeps its own.
    expect(r.B).toMatchObject({ es: '2024-01-03 08:00', tf: 40 });
  });

  it('an SS successor with a lag: it starts the lag before the successor starts', () => {
    // B waits for Q (Mon–Thu): Fri 01-05. A may start up to 1 day before it.
    const r = run(
      [act('A', 1, { alap: true }), act('Q', 4), act('B', 1)],
      [rel('A', 'B', 'ss', 1), rel('Q', 'B')],
    );
    // Before the move A had 24 h of total float (Mon 17:00 → Thu 17:00); all of it was free.
    expect(r.A).toMatchObject({ es: '2024-01-04 08:00', ef: '2024-01-04 17:00', lf: '2024-01-04 17:00' });
    expect(r.A).toMatchObject({ tf: 0, ff: 0 });
    expect(r.B.es).toBe('2024-01-05 08:00');
  });

  it('an FF successor: it finishes when the successor finishes', () => {
    // B waits for Q (Mon–Fri): Mon 01-08, the last activity.
    const r = run(
      [act('A', 2, { alap: true }), act('Q', 5), act('B', 1)],
      [rel('A', 'B', 'ff'), rel('Q', 'B')],
    );
    expect(r.A).toMatchObject({ es: '2024-01-05 08:00', ef: '2024-01-08 17:00', tf: 0, ff: 0 });
  });

  it('free float beyond the total float: the move leaves negative total float', () => {
    // The project must finish Wed 01-03 17:00; C waits for B (Mon–Wed), so it runs a day late.
    const r = run([act('A', 1, { alap: true }), act('B', 3), act('C', 1)], [rel('A', 'C'), rel('B', 'C')], {
      mustFinishBy: at('2024-01-03 17:00'),
    });
    // A (8 h of total float on Monday) moves to Wednesday, right before C: LF Tue 17:00 − EF
    // Wed 17:00 = −8 h, the same as B's and C's.
    expect(r.A).toMatchObject({ es: '2024-01-03 08:00', ef: '2024-01-03 17:00', lf: '2024-01-02 17:00' });
    expect(r.A).toMatchObject({ tf: -8, ff: 0 });
    expect([r.B.tf, r.C.tf]).toEqual([-8, -8]);
  });

  it('without successors it moves to the project finish', () => {
    const r = run([act('A', 1, { alap: true }), act('B', 5)], []);
    expect(r.A).toMatchObject({ es: '2024-01-05 08:00', ef: '2024-01-05 17:00', tf: 0, ff: 0 });
  });

  it('total float is measured on its own calendar, not on the project default calendar', () => {
    // The project's default calendar has a holiday on Wed 01-03; A, B and C work on the
    // standard calendar (no holidays), so A's 5 days of float are 40 h, as in the first case.
    // (SP10 shows P6 storing other values for some ALAP activities that cannot move and whose
    // calendar differs from the project default: docs/scheduling.md, "What remains".)
    const hol = {
      ...STANDARD,
      id: 'hol',
      exceptions: [{ day: at('2024-01-03 00:00') / 1440, intervals: [] }],
    };
    const m = model([act('A', 2, { alap: true }), act('B', 3), act('C', 10)], [rel('A', 'B')], {
      defaultCalendarId: 'hol',
    });
    const r = show({ ...m, calendars: [...m.calendars, hol] });
    expect(r.A).toMatchObject({ es: '2024-01-01 08:00', lf: '2024-01-09 17:00', tf: 40, ff: 0 });
  });
});

describe('finish milestones at day boundaries and in non-working time', () => {
  it('a predecessor ending in the milestone calendar’s non-working time: the next working start', () => {
    // P on the 7-day calendar: 6 days end Sat 01-06 17:00; F on Mon–Fri.
    const r = run(
      [act('P', 6, { calendarId: 'c7' }), act('F', 0, { kind: 'finish_milestone' })],
      [rel('P', 'F')],
    );
    expect(r.F).toMatchObject({ es: '2024-01-08 08:00', ef: '2024-01-08 08:00' });
  });

  it('a predecessor ending with the working day: the milestone stays there', () => {
    const r = run(
      [act('P', 5, { calendarId: 'c7' }), act('F', 0, { kind: 'finish_milestone' })],
      [rel('P', 'F')],
    );
    expect(r.F).toMatchObject({ es: '2024-01-05 17:00', ef: '2024-01-05 17:00' });
  });

  it('finish on or after in non-working time: the next working start', () => {
    const f = act('F', 0, {
      kind: 'finish_milestone',
      constraints: [{ on: 'finish', type: 'not_earlier', date: at('2024-01-06 12:00') }],
    });
    expect(run([f], []).F).toMatchObject({ es: '2024-01-08 08:00' });
  });

  it('finish on or before in non-working time: the end of working time before it', () => {
    const f = act('F', 0, {
      kind: 'finish_milestone',
      constraints: [{ on: 'finish', type: 'not_later', date: at('2024-01-06 00:00') }],
    });
    // C (10 days) sets the project finish, Fri 01-12.
    const r = run([act('P', 2), f, act('C', 10)], [rel('P', 'F')]);
    expect(r.F).toMatchObject({ es: '2024-01-02 17:00', lf: '2024-01-05 17:00', tf: 24 });
  });
});

describe('level of effort', () => {
  it('late finish in its own working time, late start from its SS predecessor, no free float', () => {
    // S on the 7-day calendar finishes Sun 01-07 17:00, the project finish.
    const r = run(
      [act('P', 2), act('L', 0, { kind: 'loe' }), act('S', 7, { calendarId: 'c7' })],
      [rel('P', 'L', 'ss'), rel('L', 'S', 'ff')],
    );
    expect(r.L).toMatchObject({ es: '2024-01-01 08:00', lf: '2024-01-05 17:00', ff: 0 });
    // P ends no later than the project finish (Fri 17:00 on its calendar): late start Thu 08:00.
    expect(r.P.ls).toBe('2024-01-04 08:00');
    expect(r.L.ls).toBe(r.P.ls);
  });

  it('its start and finish float are both in the result, whatever the float type', () => {
    const m = model(
      [act('P', 2), act('L', 0, { kind: 'loe' }), act('S', 5)],
      [rel('P', 'L', 'ss'), rel('L', 'S', 'ff')],
    );
    const r = scheduleModel(m);
    // L: late start Thu 08:00 (P's), early start Mon 08:00: 24 h; it finishes with S: 0 h.
    expect([r.startFloat[1]! / H, r.finishFloat[1]! / H, r.tf[1]! / H]).toEqual([24, 0, 0]);
    // P (2 d, free to slip to Thu–Fri) has the same start and finish float.
    expect([r.startFloat[0]! / H, r.finishFloat[0]! / H]).toEqual([24, 24]);
  });

  it('start float when the project says so (its late start comes from its predecessor)', () => {
    const acts = [act('P', 2), act('L', 0, { kind: 'loe' }), act('S', 5)];
    const rels = [rel('P', 'L', 'ss'), rel('L', 'S', 'ff')];
    // P may start until Thu 08:00 (3 days after L's start); L may finish with S (no float).
    expect(run(acts, rels, { floatType: 'start' }).L.tf).toBe(24);
    expect(run(acts, rels, { floatType: 'finish' }).L.tf).toBe(0);
    expect(run(acts, rels, { floatType: 'smallest' }).L.tf).toBe(0);
  });
});

describe('critical activities', () => {
  it('longest path: a zero-float activity off the driving path to the finish is not critical', () => {
    // A (5 d) drives B; C (3 d) ends the same day as B only by its must-finish-by limit.
    const c = act('C', 3, {
      constraints: [{ on: 'finish', type: 'not_later', date: at('2024-01-03 17:00') }],
    });
    const acts = [act('A', 5), act('B', 1), c];
    const byFloat = run(acts, [rel('A', 'B')]);
    const byPath = run(acts, [rel('A', 'B')], { criticalBy: 'longest_path' });
    expect(byFloat.C).toMatchObject({ tf: 0, critical: true });
    expect(byPath.C.critical).toBe(false);
    expect([byPath.A.critical, byPath.B.critical]).toEqual([true, true]);
  });

  it('a threshold: total float up to it is critical', () => {
    const r = run([act('A', 5), act('B', 3)], [], { criticalFloat: 16 * H });
    expect([r.A.critical, r.B.critical]).toEqual([true, true]);
    expect(run([act('A', 5), act('B', 2)], [], { criticalFloat: 16 * H }).B.critical).toBe(false);
  });
});

describe('bounds in non-working time and ties', () => {
  it('an FF lag ending in the successor calendar’s non-working time: it finishes at the next start', () => {
    // A on the 7-day calendar ends Mon 17:00; 5 days of lag on its calendar end Sat 17:00.
    const r = run([act('A', 1, { calendarId: 'c7' }), act('B', 1)], [rel('A', 'B', 'ff', 5)]);
    expect(r.B).toMatchObject({ es: '2024-01-05 08:00', ef: '2024-01-08 08:00' });
  });

  it('a finish milestone takes the latest of the moments that tie in its working time', () => {
    // P1 ends Fri 17:00 on Mon–Fri, P2 Sat 17:00 on 7 days: the same working time for F.
    const acts = [
      act('P1', 5),
      act('P2', 6, { calendarId: 'c7' }),
      act('F', 0, { kind: 'finish_milestone' }),
    ];
    const r = run(acts, [rel('P1', 'F'), rel('P2', 'F')]);
    expect(r.F.es).toBe('2024-01-08 08:00');
  });
});
