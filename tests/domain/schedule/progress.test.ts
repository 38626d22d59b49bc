// Data date and progress with P6's three modes. Standard calendar; the data date is set per test.
// Each expectation is what P6 shows: for a started activity, early dates are the remaining ones.
import { describe, expect, it } from 'vitest';
import type { ProgressMode } from '../../../src/domain/schedule/model';
import { act, at, DAY, rel, run } from './helpers';

const started = (id: string, days: number, remaining: number, start: string) =>
  act(id, days, { actualStart: at(start), remaining: remaining * DAY, percentComplete: 30 });

describe('data date', () => {
  it('keeps its time of day: a 17:00 data date means work resumes next morning', () => {
    const r = run([act('A', 1)], [], { dataDate: at('2024-01-02 17:00') });
    // P6: A 01-03 08:00 → 01-03 17:00.
    expect(r.A).toMatchObject({ es: '2024-01-03 08:00', ef: '2024-01-03 17:00' });
  });

  it('a completed predecessor does not hold its successor before the data date', () => {
    const done = act('A', 1, {
      actualStart: at('2024-01-01 08:00'),
      actualFinish: at('2024-01-01 17:00'),
      remaining: 0,
    });
    const r = run([done, act('B', 1)], [rel('A', 'B')], { dataDate: at('2024-01-03 08:00') });
    // P6: B 01-03 08:00 → 01-03 17:00.
    expect(r.B).toMatchObject({ es: '2024-01-03 08:00', ef: '2024-01-03 17:00' });
  });

  it('an activity in progress is scheduled from the data date with its remaining duration', () => {
    const r = run([started('A', 3, 2, '2024-01-01 08:00'), act('B', 2)], [rel('A', 'B')], {
      dataDate: at('2024-01-02 08:00'),
    });
    // P6: A remaining 01-02 08:00 → 01-03 17:00; B 01-04 08:00 → 01-05 17:00.
    expect(r.A).toMatchObject({ es: '2024-01-02 08:00', ef: '2024-01-03 17:00', tf: 0 });
    expect(r.B).toMatchObject({ es: '2024-01-04 08:00', ef: '2024-01-05 17:00' });
  });
});

describe('remaining duration', () => {
  it('is what P6 schedules, also before the start', () => {
    const r = run([act('A', 3, { remaining: 2 * DAY })], []);
    // P6: original 3 days, remaining 2 days → 01-01 08:00 → 01-02 17:00.
    expect(r.A.ef).toBe('2024-01-02 17:00');
  });
});

describe('resume date (MS Project)', () => {
  it('the remaining work of a started task starts no earlier than where it resumes', () => {
    const a = started('A', 3, 1, '2024-01-01 08:00');
    a.resumeAt = at('2024-01-03 08:00');
    // MS Project: 2 days done Mon–Tue, the last day on Wednesday 01-03.
    expect(run([a], []).A).toMatchObject({ es: '2024-01-03 08:00', ef: '2024-01-03 17:00' });
  });
});

describe('out-of-sequence progress', () => {
  // B started before its predecessor A finished.
  const net = (mode: ProgressMode) =>
    run([started('A', 3, 2, '2024-01-01 08:00'), started('B', 2, 1, '2024-01-02 08:00')], [rel('A', 'B')], {
      dataDate: at('2024-01-02 08:00'),
      progressMode: mode,
    });

  it('retained logic: the rest of B waits for A to finish', () => {
    // P6: B remaining 01-04 08:00 → 01-04 17:00.
    expect(net('retained_logic').B).toMatchObject({ es: '2024-01-04 08:00', ef: '2024-01-04 17:00' });
  });

  it('progress override: B continues from the data date, ignoring A', () => {
    // P6: B remaining 01-02 08:00 → 01-02 17:00; A is then the last activity (TF 0).
    const r = net('progress_override');
    expect(r.B).toMatchObject({ es: '2024-01-02 08:00', ef: '2024-01-02 17:00' });
    expect(r.A.tf).toBe(0);
  });

  it('actual dates: scheduled like retained logic for the remaining work (see docs)', () => {
    expect(net('actual_dates').B).toMatchObject({ es: '2024-01-04 08:00', ef: '2024-01-04 17:00' });
  });

  it('a start-to-start link into a started activity is already satisfied', () => {
    const r = run([act('A', 3), started('B', 2, 1, '2024-01-01 08:00')], [rel('A', 'B', 'ss', 2)], {
      dataDate: at('2024-01-02 08:00'),
    });
    // P6: B remaining 01-02 08:00 → 01-02 17:00 (its start is actual).
    expect(r.B).toMatchObject({ es: '2024-01-02 08:00', ef: '2024-01-02 17:00' });
  });
});
