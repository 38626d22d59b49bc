// P6's progress rules seen on real exports beyond the fixtures (docs/scheduling.md): a data date
// in the middle of a working day, started activities with no work left, SS links between started
// activities, completed activities rescheduled at the data date, and the SS lag of a started
// predecessor. Hand-computed on the standard calendar (Mon–Fri 08:00–12:00, 13:00–17:00).
import { describe, expect, it } from 'vitest';
import type { Activity, ProgressMode } from '../../../src/domain/schedule/model';
import { act, at, DAY, rel, run } from './helpers';

const started = (id: string, days: number, remainingMinutes: number, start: string): Activity =>
  act(id, days, { actualStart: at(start), remaining: remainingMinutes, percentComplete: 30 });
const done = (id: string, start: string, finish: string): Activity =>
  act(id, 1, { actualStart: at(start), actualFinish: at(finish), remaining: 0, percentComplete: 100 });

describe('the data date in the middle of a working day', () => {
  it('remaining work starts at 09:40 and runs through the lunch break', () => {
    const r = run([started('A', 2, 4 * 60, '2024-01-01 08:00')], [], { dataDate: at('2024-01-02 09:40') });
    // 09:40–12:00 is 2 h 20; the other 1 h 40 after 13:00.
    expect(r.A).toMatchObject({ es: '2024-01-02 09:40', ef: '2024-01-02 14:40' });
  });
});

describe('an activity started with no remaining duration', () => {
  it('sits at the next working start after the data date; its late dates end working time', () => {
    const r = run([started('B', 2, 0, '2024-01-01 08:00'), act('C', 1)], [], {
      dataDate: at('2024-01-03 12:00'),
    });
    // C (1 day from Wed 13:00) ends Thu 12:00: the project finish.
    expect(r.B).toMatchObject({ es: '2024-01-03 13:00', ef: '2024-01-03 13:00' });
    expect(r.B).toMatchObject({ ls: '2024-01-04 12:00', lf: '2024-01-04 12:00', tf: 8 });
  });
});

describe('an SS link between two started activities', () => {
  // Data date Mon 01-08. A has a day left, B (SS after A) three; C runs to Fri 01-19.
  const acts = [
    started('A', 5, DAY, '2024-01-01 08:00'),
    started('B', 5, 3 * DAY, '2024-01-02 08:00'),
    act('C', 10),
  ];
  const opts = (progressMode: ProgressMode) => ({ dataDate: at('2024-01-08 08:00'), progressMode });

  it('still ties their late dates under retained logic', () => {
    const r = run(acts, [rel('A', 'B', 'ss')], opts('retained_logic'));
    // B may start until Wed 01-17 08:00, so A too: A's late finish Wed 17:00, 7 days of float.
    expect(r.B.ls).toBe('2024-01-17 08:00');
    expect(r.A).toMatchObject({ es: '2024-01-08 08:00', ls: '2024-01-17 08:00', tf: 56 });
  });

  it('does not under progress override', () => {
    const r = run(acts, [rel('A', 'B', 'ss')], opts('progress_override'));
    expect(r.A).toMatchObject({ lf: '2024-01-19 17:00', tf: 72 });
  });
});

describe('completed activities are rescheduled at the data date', () => {
  it('under retained logic, after a predecessor that has not finished: successors wait', () => {
    const acts = [act('P', 4), done('T', '2023-12-18 08:00', '2023-12-18 17:00'), act('S', 1)];
    const rels = [rel('P', 'T'), rel('T', 'S')];
    // P Mon–Thu 01-04 17:00; T is put after it; S starts Fri.
    expect(run(acts, rels).S.es).toBe('2024-01-05 08:00');
    // Progress override ignores the logic into T: S starts at the data date.
    expect(run(acts, rels, { progressMode: 'progress_override' }).S.es).toBe('2024-01-01 08:00');
  });

  it('an actual finish after the data date (a data error) drives from the data date', () => {
    const r = run([done('P', '2024-01-01 08:00', '2024-01-05 17:00'), act('S', 1)], [rel('P', 'S')], {
      dataDate: at('2024-01-03 08:00'),
    });
    expect(r.S.es).toBe('2024-01-03 08:00');
  });

  it('a lag counts from the actual finish: what is left of it runs from the data date', () => {
    // P finished Tue 17:00; the data date is Thu 08:00, so one of the 3 lag days is over.
    const r = run(
      [done('P', '2024-01-02 08:00', '2024-01-02 17:00'), act('S', 1)],
      [rel('P', 'S', 'fs', 3)],
      {
        dataDate: at('2024-01-04 08:00'),
      },
    );
    expect(r.S.es).toBe('2024-01-08 08:00');
  });
});

describe('SS lag of a started predecessor (sched_lag_early_start_flag)', () => {
  // A started Mon and has 3 days left from the data date, Wed 01-03; B follows SS + 1 day.
  const acts = [started('A', 5, 3 * DAY, '2024-01-01 08:00'), act('B', 1)];
  const rels = [rel('A', 'B', 'ss', 1)];

  it('counts from its remaining early start (Y, the default), less the lag already elapsed', () => {
    // P6 (Schedule Options help): the expired lag is the working time from the actual start to
    // the data date. A started Mon, the data date is Wed: the 1-day lag expired on Tuesday.
    expect(run(acts, rels, { dataDate: at('2024-01-03 08:00') }).B.es).toBe('2024-01-03 08:00');
    // A 4-day lag has 2 days left: Wed 08:00 + 2 days = Thu 17:00, so B starts Fri 08:00.
    const r = run(acts, [rel('A', 'B', 'ss', 4)], { dataDate: at('2024-01-03 08:00') });
    expect(r.B.es).toBe('2024-01-05 08:00');
  });

  it('Y and N differ when the remaining work is held later than the data date', () => {
    // A started Mon 01-01; its remaining day waits (retained logic) for P, Wed–Fri 01-05, so it
    // is Mon 01-08. B follows SS + 4 days; 2 days of lag expired by the data date Wed 01-03.
    const held = [started('A', 5, DAY, '2024-01-01 08:00'), act('P', 3), act('B', 1)];
    const links = [rel('P', 'A'), rel('A', 'B', 'ss', 4)];
    // Y: A's remaining early start Mon 01-08 plus the 2 days left: Tue 17:00, B Wed 01-10.
    expect(run(held, links, { dataDate: at('2024-01-03 08:00') }).B.es).toBe('2024-01-10 08:00');
    // N: the actual start plus the whole lag, Mon 01-01 + 4 days: Thu 17:00, B Fri 01-05.
    const n = run(held, links, { dataDate: at('2024-01-03 08:00'), lagFromEarlyStart: false });
    expect(n.B.es).toBe('2024-01-05 08:00');
  });

  it('counts from its actual start (N): Tue, held by the data date', () => {
    const r = run(acts, rels, { dataDate: at('2024-01-03 08:00'), lagFromEarlyStart: false });
    expect(r.B.es).toBe('2024-01-03 08:00');
  });

  it.each([true, false])('only the lag not yet elapsed separates the late starts (Y: %s)', (fromEarly) => {
    // A started Mon; by the data date (Wed) two of B's four lag days are over. B must finish by
    // Mon 01-08, so it starts Mon at the latest, and A's remaining work Thu 01-04.
    const b = act('B', 1, {
      constraints: [{ on: 'finish', type: 'not_later', date: at('2024-01-08 17:00') }],
    });
    const r = run([acts[0]!, b, act('C', 10)], [rel('A', 'B', 'ss', 4)], {
      dataDate: at('2024-01-03 08:00'),
      lagFromEarlyStart: fromEarly,
    });
    expect(r.B).toMatchObject({ es: '2024-01-05 08:00', ls: '2024-01-08 08:00' });
    expect(r.A).toMatchObject({ es: '2024-01-03 08:00', ls: '2024-01-04 08:00', tf: 8 });
  });
});

describe('late dates under progress override', () => {
  // Data date Mon 01-08. A and D have a day left, B three days and must finish by Wed 01-10;
  // E runs to Fri 01-19.
  const b = started('B', 5, 3 * DAY, '2024-01-02 08:00');
  b.constraints = [{ on: 'finish', type: 'not_later', date: at('2024-01-10 17:00') }];
  const acts = [
    started('A', 5, DAY, '2024-01-01 08:00'),
    started('D', 5, DAY, '2024-01-01 08:00'),
    b,
    act('E', 10),
  ];
  const rels = [rel('A', 'B', 'ff'), rel('D', 'B')];
  const opts = (progressMode: ProgressMode) => ({ dataDate: at('2024-01-08 08:00'), progressMode });

  it('a link to the finish of a started activity still bounds; one to its start does not', () => {
    const r = run(acts, rels, opts('progress_override'));
    expect(r.A).toMatchObject({ lf: '2024-01-10 17:00', tf: 16 });
    expect(r.D).toMatchObject({ lf: '2024-01-19 17:00', tf: 72 });
  });

  it('retained logic keeps the FS link too (the remaining work still waits for D)', () => {
    expect(run(acts, rels, opts('retained_logic')).D.tf).toBeLessThan(0);
  });

  it('a completed successor bounds under retained logic only', () => {
    const d = act('D', 1, {
      constraints: [{ on: 'finish', type: 'not_later', date: at('2024-01-04 17:00') }],
    });
    const all = [act('A', 2), done('C', '2023-12-18 08:00', '2023-12-18 17:00'), d, act('E', 10)];
    const links = [rel('A', 'C', 'ff'), rel('C', 'D')];
    // Retained: C may finish until D's late start (Thu 08:00), so A until Wed 17:00.
    expect(run(all, links).A).toMatchObject({ lf: '2024-01-03 17:00', tf: 8 });
    // Override: C bounds nothing; A runs to the project finish.
    expect(run(all, links, { progressMode: 'progress_override' }).A).toMatchObject({ tf: 64 });
  });
});

describe('mandatory dates and free float', () => {
  it('a mandatory finish before the data date sits at the data date; it has no free float', () => {
    const m = act('M', 0, {
      kind: 'finish_milestone',
      constraints: [{ on: 'finish', type: 'mandatory', date: at('2024-01-02 07:00') }],
    });
    const r = run([m, act('C', 5)], [], { dataDate: at('2024-01-02 09:40') });
    // Late: the end of working time before 07:00, Mon 17:00; 1 h 40 of negative float.
    expect(r.M).toMatchObject({ es: '2024-01-02 09:40', lf: '2024-01-01 17:00', ff: 0 });
    expect(r.M.tf).toBeCloseTo(-100 / 60, 6);
  });

  it('free float is never negative', () => {
    // B must start Tue 08:00, before A (3 days) finishes.
    const b = act('B', 1, {
      constraints: [{ on: 'start', type: 'mandatory', date: at('2024-01-02 08:00') }],
    });
    const r = run([act('A', 3), b], [rel('A', 'B')]);
    expect(r.A.ff).toBe(0);
    expect(r.A.tf).toBeLessThan(0);
  });
});

describe('SS link between two started activities under retained logic (P6)', () => {
  it("the successor's remaining work waits for the predecessor's remaining start", () => {
    // Data date Wed 01-03. A (started Mon) has a day left but waits for P (Wed–Fri), so its
    // remaining work starts Mon 01-08. B started Tue, follows A SS + 1 day: the lag expired
    // (2 days from A's actual start to the data date), so B's remaining day starts Mon 01-08 too.
    const acts = [
      started('A', 5, DAY, '2024-01-01 08:00'),
      act('P', 3),
      started('B', 5, DAY, '2024-01-02 08:00'),
    ];
    const rels = [rel('P', 'A'), rel('A', 'B', 'ss', 1)];
    const r = run(acts, rels, { dataDate: at('2024-01-03 08:00') });
    expect(r.A.es).toBe('2024-01-08 08:00');
    expect(r.B).toMatchObject({ es: '2024-01-08 08:00', ef: '2024-01-08 17:00' });
    // Progress override ignores the logic into started work: both continue at the data date.
    const o = run(acts, rels, { dataDate: at('2024-01-03 08:00'), progressMode: 'progress_override' });
    expect(o.B.es).toBe('2024-01-03 08:00');
    // MS Project semantics keep a started task's remaining work where its own rules put it (its
    // day left ends Wed 17:00) and show its actual start as its early start.
    const m = run(acts, rels, { dataDate: at('2024-01-03 08:00'), semantics: 'msproject' });
    expect(m.B).toMatchObject({ es: '2024-01-02 08:00', ef: '2024-01-03 17:00' });
  });
});

describe('completed activities between open ones (retained logic)', () => {
  it('a lag from a completed predecessor that expired by the data date does not separate late dates', () => {
    // Data date Mon 01-08. X (1 day) → T1 (done Mon 01-01) → SS + 2 days → T2 (done) → Y, which
    // must finish by Fri 01-12; C (10 days) sets the project finish. T1's lag expired long
    // before the data date, so T1's late dates are T2's: Fri 08:00, and X may finish Thu 17:00.
    const y = act('Y', 1, {
      constraints: [{ on: 'finish', type: 'not_later', date: at('2024-01-12 17:00') }],
    });
    const acts = [
      act('X', 1),
      done('T1', '2024-01-01 08:00', '2024-01-02 17:00'),
      done('T2', '2024-01-03 08:00', '2024-01-04 17:00'),
      y,
      act('C', 10),
    ];
    const rels = [rel('X', 'T1'), rel('T1', 'T2', 'ss', 2), rel('T2', 'Y')];
    const r = run(acts, rels, { dataDate: at('2024-01-08 08:00') });
    expect(r.Y).toMatchObject({ es: '2024-01-09 08:00', lf: '2024-01-12 17:00' });
    expect(r.X).toMatchObject({ ef: '2024-01-08 17:00', lf: '2024-01-11 17:00', tf: 24 });
  });

  it('a completed successor bounds free float where P6 rescheduled it', () => {
    // Data date Mon 01-08. T (done) waits for P (2 days) and Q (4 days): it is put at Thu 17:00,
    // Q's finish. S (5 days) follows T: Fri 01-12 to Thu 01-18, the project finish. P may slip
    // 2 days before it moves T; Q none (not to the project finish: 40 h and 56 h).
    const acts = [act('P', 2), act('Q', 4), done('T', '2023-12-18 08:00', '2023-12-18 17:00'), act('S', 5)];
    const rels = [rel('P', 'T'), rel('Q', 'T'), rel('T', 'S')];
    const r = run(acts, rels, { dataDate: at('2024-01-08 08:00') });
    expect(r.S).toMatchObject({ es: '2024-01-12 08:00', ef: '2024-01-18 17:00' });
    expect(r.P).toMatchObject({ ef: '2024-01-09 17:00', ff: 16 });
    expect(r.Q).toMatchObject({ ef: '2024-01-11 17:00', ff: 0 });
    // Progress override leaves T at the data date: it bounds nothing, so P and Q run to the
    // project finish, S's Fri 01-12 17:00: 24 h and 8 h.
    const o = run(acts, rels, { dataDate: at('2024-01-08 08:00'), progressMode: 'progress_override' });
    expect(o.S).toMatchObject({ es: '2024-01-08 08:00', ef: '2024-01-12 17:00' });
    expect(o.P.ff).toBe(24);
    expect(o.Q.ff).toBe(8);
  });
});
