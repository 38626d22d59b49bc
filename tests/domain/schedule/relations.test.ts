// Every relation type with zero, positive and negative lag, on the standard calendar
// (Mon–Fri 08–12, 13–17); data date Mon 2024-01-01 08:00. Each expectation is what P6 shows.
import { describe, expect, it } from 'vitest';
import { act, at, rel, run } from './helpers';

describe('finish-to-start', () => {
  it('lag 0: B starts the next working morning after A finishes', () => {
    const r = run([act('A', 2), act('B', 3)], [rel('A', 'B')]);
    // P6: A 01-01 08:00 → 01-02 17:00; B 01-03 08:00 → 01-05 17:00; both critical, float 0.
    expect(r.A).toMatchObject({
      es: '2024-01-01 08:00',
      ef: '2024-01-02 17:00',
      lf: '2024-01-02 17:00',
      tf: 0,
      ff: 0,
    });
    expect(r.B).toMatchObject({
      es: '2024-01-03 08:00',
      ef: '2024-01-05 17:00',
      ls: '2024-01-03 08:00',
      tf: 0,
      critical: true,
    });
  });

  it('positive lag of one day delays B by a working day', () => {
    const r = run([act('A', 2), act('B', 3)], [rel('A', 'B', 'fs', 1)]);
    // P6: B 01-04 08:00 → 01-08 17:00 (over the weekend).
    expect(r.B).toMatchObject({ es: '2024-01-04 08:00', ef: '2024-01-08 17:00' });
    expect(r.A).toMatchObject({ tf: 0, ff: 0 });
  });

  it('negative lag (lead) lets B start a day before A finishes', () => {
    const r = run([act('A', 2), act('B', 3)], [rel('A', 'B', 'fs', -1)]);
    // P6: B 01-02 08:00 → 01-04 17:00.
    expect(r.B).toMatchObject({ es: '2024-01-02 08:00', ef: '2024-01-04 17:00' });
  });
});

describe('start-to-start', () => {
  it('lag 1 day: B starts a working day after A starts; A is held by the SS link', () => {
    const r = run([act('A', 2), act('B', 3)], [rel('A', 'B', 'ss', 1)]);
    // P6: B 01-02 08:00 → 01-04 17:00; A late finish 01-02 17:00 (its start may not slip), TF 0.
    expect(r.B).toMatchObject({ es: '2024-01-02 08:00', ef: '2024-01-04 17:00', tf: 0 });
    expect(r.A).toMatchObject({ ls: '2024-01-01 08:00', lf: '2024-01-02 17:00', tf: 0 });
  });

  it('negative lag cannot move B before the data date', () => {
    const r = run([act('A', 2), act('B', 1)], [rel('A', 'B', 'ss', -1)]);
    // P6: B 01-01 08:00 → 01-01 17:00 (the data date wins).
    expect(r.B).toMatchObject({ es: '2024-01-01 08:00', ef: '2024-01-01 17:00' });
  });
});

describe('finish-to-finish', () => {
  it('lag 0: B finishes with A', () => {
    const r = run([act('A', 3), act('B', 1)], [rel('A', 'B', 'ff')]);
    // P6: B 01-03 08:00 → 01-03 17:00.
    expect(r.B).toMatchObject({ es: '2024-01-03 08:00', ef: '2024-01-03 17:00', tf: 0 });
    expect(r.A).toMatchObject({ lf: '2024-01-03 17:00', tf: 0 });
  });

  it('positive lag of 2 days and negative lag of 1 day', () => {
    const plus = run([act('A', 3), act('B', 1)], [rel('A', 'B', 'ff', 2)]);
    // P6: B finishes two working days after A: 01-05 17:00.
    expect(plus.B).toMatchObject({ es: '2024-01-05 08:00', ef: '2024-01-05 17:00' });
    const minus = run([act('A', 3), act('B', 1)], [rel('A', 'B', 'ff', -1)]);
    // B finishes a day before A. A lead is working time taken away, which ends at a start moment:
    // P6 stores Wed 01-03 08:00 (not Tue 17:00, the same working time; seen on a real export,
    // docs/scheduling.md "Kept moments"). A drives the project (TF 0), B has 1 day of float.
    expect(minus.B).toMatchObject({ es: '2024-01-02 08:00', ef: '2024-01-03 08:00', tf: 8 });
  });
});

describe('start-to-finish', () => {
  it('lag 3 days: B finishes three working days after A starts', () => {
    const r = run([act('A', 1), act('B', 2)], [rel('A', 'B', 'sf', 3)]);
    // P6: B 01-02 08:00 → 01-03 17:00; A's start is held by the link: LS 01-01 08:00, TF 0.
    expect(r.B).toMatchObject({ es: '2024-01-02 08:00', ef: '2024-01-03 17:00' });
    expect(r.A).toMatchObject({ ls: '2024-01-01 08:00', lf: '2024-01-01 17:00', tf: 0 });
  });

  it('a finish driven by a start keeps the start moment (08:00, not 17:00 the day before)', () => {
    const startTue = { on: 'start' as const, type: 'not_earlier' as const, date: at('2024-01-02 08:00') };
    const r = run([act('A', 1, { constraints: [startTue] }), act('B', 1)], [rel('A', 'B', 'sf')]);
    // P6 (as stored in its own files): B early start 01-01 08:00, early finish 01-02 08:00.
    expect(r.B).toMatchObject({ es: '2024-01-01 08:00', ef: '2024-01-02 08:00' });
  });
});
