// Driving relations (P6's "Driving" flag): the relation(s) whose bound is the successor's early
// start; ties are all driving. Standard calendar (Mon–Fri 08–12, 13–17), data date Monday
// 2024-01-01 08:00. Each case names the date every relation allows, worked out by hand.
import { describe, expect, it } from 'vitest';
import { scheduleModel } from '../../../src/domain/schedule/index';
import { PreparedSchedule } from '../../../src/domain/schedule/prepared';
import type { Activity, Relation } from '../../../src/domain/schedule/model';
import { act, at, DAY, model, rel, show } from './helpers';

/** The driving relations of a network, by id, and its results as P6 shows them. */
function drivingOf(acts: Activity[], rels: Relation[], options = {}) {
  const m = model(acts, rels, options);
  const res = scheduleModel(m);
  const driving = m.relations.filter((_, k) => res.driving[k] === 1).map((r) => r.id);
  return { driving, r: show(m, res) };
}

describe('driving relations, one type at a time', () => {
  it('FS: the later finish drives; the earlier one does not', () => {
    // A ends Tue 17:00 → C may start Wed 08:00; B ends Mon 17:00 → Tue 08:00.
    const { driving, r } = drivingOf([act('A', 2), act('B', 1), act('C', 3)], [rel('A', 'C'), rel('B', 'C')]);
    expect(r.C.es).toBe('2024-01-03 08:00');
    expect(driving).toEqual(['A-C']);
  });

  it('FS with a lag: the lag makes the shorter predecessor drive', () => {
    // A (2 d) → C: Wed 08:00. B (1 d) + 2 days of lag: Mon 17:00 + 16 h = Wed 17:00 → Thu 08:00.
    const { driving, r } = drivingOf(
      [act('A', 2), act('B', 1), act('C', 1)],
      [rel('A', 'C'), rel('B', 'C', 'fs', 2)],
    );
    expect(r.C.es).toBe('2024-01-04 08:00');
    expect(driving).toEqual(['B-C']);
  });

  it('FS with a lead: the lead lets the other predecessor drive', () => {
    // A (3 d) − 2 days: Wed 17:00 − 16 h = Mon 17:00 → Tue 08:00. B (2 d): Wed 08:00.
    const { driving, r } = drivingOf(
      [act('A', 3), act('B', 2), act('C', 1)],
      [rel('A', 'C', 'fs', -2), rel('B', 'C')],
    );
    expect(r.C.es).toBe('2024-01-03 08:00');
    expect(driving).toEqual(['B-C']);
  });

  it('SS with a lag against FS', () => {
    // A starts Mon 08:00 + 2 days of lag = Wed 08:00 (Tue 17:00 in working time: the same point).
    // B (1 d) FS → Tue 08:00. The SS link drives.
    const { driving, r } = drivingOf(
      [act('A', 5), act('B', 1), act('C', 1)],
      [rel('A', 'C', 'ss', 2), rel('B', 'C')],
    );
    expect(r.C.es).toBe('2024-01-03 08:00');
    expect(driving).toEqual(['A-C']);
  });

  it('FF: a successor that must finish with its predecessor is driven by the FF link', () => {
    // A (3 d) finishes Wed 17:00 → C (1 d) finishes no earlier: starts Wed 08:00. B FS → Tue 08:00.
    const { driving, r } = drivingOf(
      [act('A', 3), act('B', 1), act('C', 1)],
      [rel('A', 'C', 'ff'), rel('B', 'C')],
    );
    expect([r.C.es, r.C.ef]).toEqual(['2024-01-03 08:00', '2024-01-03 17:00']);
    expect(driving).toEqual(['A-C']);
  });

  it('FF with a lag of one day loses to a later FS', () => {
    // A (1 d) ends Mon 17:00 + 1 day = Tue 17:00 → C (1 d) from Tue 08:00; B (2 d) FS → Wed 08:00.
    const { driving, r } = drivingOf(
      [act('A', 1), act('B', 2), act('C', 1)],
      [rel('A', 'C', 'ff', 1), rel('B', 'C')],
    );
    expect(r.C.es).toBe('2024-01-03 08:00');
    expect(driving).toEqual(['B-C']);
  });

  it('SF with a lag: the successor finishes three days after the predecessor starts', () => {
    // A starts Mon 08:00 + 3 days = Wed 17:00 → C (2 d) starts Tue 08:00; B (1 d) FS → Tue 08:00.
    // Both allow the same start: both drive.
    const { driving, r } = drivingOf(
      [act('A', 1), act('B', 1), act('C', 2)],
      [rel('A', 'C', 'sf', 3), rel('B', 'C')],
    );
    expect([r.C.es, r.C.ef]).toEqual(['2024-01-02 08:00', '2024-01-03 17:00']);
    expect(driving).toEqual(['A-C', 'B-C']);
  });
});

describe('ties, constraints, the data date and progress', () => {
  it('every relation that gives the early start drives (ties across types)', () => {
    // A (2 d) FS → Wed 08:00; B (1 d) SS + 2 d → Wed 08:00; D (3 d) FF into C (1 d) → Wed 08:00.
    const { driving, r } = drivingOf(
      [act('A', 2), act('B', 1), act('D', 3), act('C', 1)],
      [rel('A', 'C'), rel('B', 'C', 'ss', 2), rel('D', 'C', 'ff')],
    );
    expect(r.C.es).toBe('2024-01-03 08:00');
    expect(driving).toEqual(['A-C', 'B-C', 'D-C']);
  });

  it('a start constraint later than every relation leaves none driving', () => {
    const c = act('C', 1, {
      constraints: [{ on: 'start', type: 'not_earlier', date: at('2024-01-08 08:00') }],
    });
    const { driving, r } = drivingOf([act('A', 2), c], [rel('A', 'C')]);
    expect(r.C.es).toBe('2024-01-08 08:00');
    expect(driving).toEqual([]);
  });

  it('a lead that would start before the data date does not drive; the data date holds', () => {
    const { driving, r } = drivingOf([act('A', 2), act('B', 1)], [rel('A', 'B', 'ss', -1)]);
    expect(r.B.es).toBe('2024-01-01 08:00');
    expect(driving).toEqual([]);
  });

  it('a predecessor starting at the data date drives an SS successor (its bound is the date too)', () => {
    const { driving } = drivingOf([act('A', 2), act('B', 1)], [rel('A', 'B', 'ss')]);
    expect(driving).toEqual(['A-B']);
  });

  it('relations into a completed activity and from a completed one into an activity held by the data date do not drive', () => {
    const done = (id: string) =>
      act(id, 1, { actualStart: at('2024-01-01 08:00'), actualFinish: at('2024-01-01 17:00'), remaining: 0 });
    const { driving } = drivingOf([done('A'), done('B'), act('C', 1)], [rel('A', 'B'), rel('B', 'C')], {
      dataDate: at('2024-01-03 08:00'),
    });
    expect(driving).toEqual([]);
  });

  it('an SS link into a started activity is satisfied (retained logic): not driving; its FS is', () => {
    const b = act('B', 3, { actualStart: at('2024-01-01 08:00'), remaining: 2 * DAY, percentComplete: 30 });
    const { driving, r } = drivingOf([act('A', 2), act('X', 1), b], [rel('X', 'B', 'ss'), rel('A', 'B')], {
      dataDate: at('2024-01-02 08:00'),
    });
    // A remaining from the data date: Tue → Wed 17:00; B's remaining work waits: Thu 08:00.
    expect(r.B.es).toBe('2024-01-04 08:00');
    expect(driving).toEqual(['A-B']);
  });
});

describe('links on summaries', () => {
  it('a summary linked with its own task (older data) is ignored: dates as without it, never driving', () => {
    const sum = act('S', 0, { kind: 'sum', nodeType: 'sum' });
    const under = (id: string, days: number) => act(id, days, { parentId: 'S' });
    const acts = [act('P', 3), sum, under('T1', 2), under('T2', 1)];
    const plain = drivingOf(acts, [rel('P', 'T1'), rel('T1', 'T2')]);
    const legacy = drivingOf(acts, [rel('P', 'T1'), rel('S', 'T2'), rel('T1', 'T2'), rel('T2', 'S', 'ff')]);
    expect(legacy.r).toEqual(plain.r);
    expect(legacy.driving).toEqual(['P-T1', 'T1-T2']);
  });
});

describe('driving flags of a prepared schedule', () => {
  it('follow edits by relation id: a removed relation keeps its slot, an added one is appended', () => {
    const m = model([act('A', 2), act('B', 1), act('C', 1)], [rel('A', 'C'), rel('B', 'C')]);
    const p = new PreparedSchedule(m);
    const ids = () => p.relationIds();
    const drivingIds = (d: Uint8Array) => ids().filter((_, k) => d[k] === 1);
    expect(drivingIds(p.computeFull().driving)).toEqual(['A-C']);
    p.setDuration('B', 3 * DAY); // B now ends later than A
    expect(drivingIds(p.recompute().driving)).toEqual(['B-C']);
    p.removeRelation('B-C');
    let res = p.recompute();
    expect(ids()).toEqual(['A-C', '']);
    expect(drivingIds(res.driving)).toEqual(['A-C']);
    p.addRelation({ id: 'B-C', predId: 'B', succId: 'C', type: 'ss', lag: 2 * DAY });
    res = p.recompute();
    expect(ids()).toEqual(['A-C', '', 'B-C']);
    expect(res.driving.length).toBe(3);
    // B SS + 2 d → Wed 08:00, A FS → Wed 08:00: a tie.
    expect(drivingIds(res.driving)).toEqual(['A-C', 'B-C']);
    expect(p.relationIds(2)).toEqual(['B-C']);
  });
});
