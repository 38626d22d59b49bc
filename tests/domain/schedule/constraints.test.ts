// Constraints, must-finish-by and as-late-as-possible on the standard calendar; data date
// Mon 2024-01-01 08:00. Each expectation is what P6 shows.
import { describe, expect, it } from 'vitest';
import type { Constraint } from '../../../src/domain/schedule/model';
import { act, at, rel, run } from './helpers';

const c = (on: Constraint['on'], type: Constraint['type'], date: string): Constraint[] => [
  { on, type, date: at(date) },
];

describe('constraints', () => {
  it('start on or after moves the early start only', () => {
    const r = run([act('A', 1, { constraints: c('start', 'not_earlier', '2024-01-03 08:00') })], []);
    // P6: A 01-03 08:00 → 01-03 17:00.
    expect(r.A).toMatchObject({ es: '2024-01-03 08:00', ef: '2024-01-03 17:00', tf: 0 });
  });

  it('a constraint date in non-working time moves to the next working moment', () => {
    const r = run([act('A', 1, { constraints: c('start', 'not_earlier', '2024-01-06 10:00') })], []);
    // P6: Saturday 10:00 → Monday 01-08 08:00.
    expect(r.A.es).toBe('2024-01-08 08:00');
  });

  it('finish on or before limits the late finish and makes float negative', () => {
    const r = run([act('A', 3, { constraints: c('finish', 'not_later', '2024-01-02 17:00') })], []);
    // P6: early 01-01 → 01-03 17:00; late 12-29 08:00 → 01-02 17:00; total float −8 h.
    expect(r.A).toMatchObject({
      ef: '2024-01-03 17:00',
      ls: '2023-12-29 08:00',
      lf: '2024-01-02 17:00',
      tf: -8,
    });
    expect(r.A.critical).toBe(true);
  });

  it('start on or before limits the late start', () => {
    const r = run(
      [act('A', 1, { constraints: c('start', 'not_later', '2024-01-01 08:00') }), act('B', 4)],
      [],
    );
    // P6: project finish 01-04 17:00 (B); A could float to 01-04 but must start by 01-01: TF 0.
    expect(r.A).toMatchObject({ ls: '2024-01-01 08:00', lf: '2024-01-01 17:00', tf: 0 });
    expect(r.B.tf).toBe(0);
  });

  it('finish on or after delays the early finish', () => {
    const r = run([act('A', 1, { constraints: c('finish', 'not_earlier', '2024-01-04 17:00') })], []);
    // P6: A 01-04 08:00 → 01-04 17:00.
    expect(r.A).toMatchObject({ es: '2024-01-04 08:00', ef: '2024-01-04 17:00' });
  });

  it('start on fixes the early and the late start', () => {
    const r = run([act('A', 1, { constraints: c('start', 'in_date', '2024-01-02 08:00') }), act('B', 5)], []);
    // P6: A 01-02 08:00 both early and late, TF 0 although the project runs to 01-05.
    expect(r.A).toMatchObject({ es: '2024-01-02 08:00', ls: '2024-01-02 08:00', tf: 0 });
  });

  it('finish on fixes the early and the late finish', () => {
    const r = run(
      [act('A', 1, { constraints: c('finish', 'in_date', '2024-01-03 17:00') }), act('B', 5)],
      [],
    );
    // P6: A 01-03 08:00 → 01-03 17:00 early and late.
    expect(r.A).toMatchObject({
      es: '2024-01-03 08:00',
      ef: '2024-01-03 17:00',
      lf: '2024-01-03 17:00',
      tf: 0,
    });
  });

  it('mandatory start overrides logic; the predecessor gets negative float', () => {
    const r = run(
      [act('A', 2), act('B', 1, { constraints: c('start', 'mandatory', '2024-01-02 08:00') })],
      [rel('A', 'B')],
    );
    // P6: B 01-02 08:00 → 01-02 17:00 despite A finishing 01-02 17:00; A late finish 01-01 17:00, TF −8 h.
    expect(r.B).toMatchObject({ es: '2024-01-02 08:00', ef: '2024-01-02 17:00', ls: '2024-01-02 08:00' });
    expect(r.A).toMatchObject({ lf: '2024-01-01 17:00', tf: -8 });
  });

  it('mandatory finish overrides logic', () => {
    const r = run(
      [act('A', 1), act('B', 2, { constraints: c('finish', 'mandatory', '2024-01-02 17:00') })],
      [rel('A', 'B')],
    );
    // P6: B 01-01 08:00 → 01-02 17:00 early and late.
    expect(r.B).toMatchObject({ es: '2024-01-01 08:00', ef: '2024-01-02 17:00', lf: '2024-01-02 17:00' });
    expect(r.A.tf).toBe(-8);
  });

  it('as late as possible uses up free float without delaying successors', () => {
    const r = run([act('A', 1, { alap: true }), act('B', 3), act('C', 1)], [rel('A', 'C'), rel('B', 'C')]);
    // P6: A moves to 01-03 08:00 → 01-03 17:00, right before C (01-04); its free float is used up.
    expect(r.A).toMatchObject({ es: '2024-01-03 08:00', ef: '2024-01-03 17:00', ff: 0 });
    expect(r.C.es).toBe('2024-01-04 08:00');
  });
});

describe('project must-finish-by', () => {
  it('drives the late dates when set', () => {
    const r = run([act('A', 2), act('B', 3)], [rel('A', 'B')], { mustFinishBy: at('2024-01-12 17:00') });
    // P6: late finish of B 01-12 17:00; both have 5 days (40 h) of total float.
    expect(r.B).toMatchObject({ lf: '2024-01-12 17:00', ls: '2024-01-10 08:00', tf: 40 });
    expect(r.A).toMatchObject({ lf: '2024-01-09 17:00', tf: 40, ff: 0 });
  });

  it('an earlier must-finish-by gives negative float', () => {
    const r = run([act('A', 2), act('B', 3)], [rel('A', 'B')], { mustFinishBy: at('2024-01-04 17:00') });
    expect(r.B.tf).toBe(-8);
    expect(r.A.tf).toBe(-8);
  });
});
