// MS Project's manually scheduled tasks (Manual = 1): Project does not move them. Their start is
// the one the user gave (ManualStart), whatever their predecessors or the project start say; the
// automatic tasks around them are scheduled as usual. Hand-computed on the standard calendar
// (Mon–Fri 08:00–12:00, 13:00–17:00); project start Monday 2024-01-01 08:00.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scheduleModel } from '../../../src/domain/schedule/index';
import { act, at, DAY, model, rel, show } from './helpers';

const MSP = { semantics: 'msproject' as const, floatType: 'smallest' as const };

describe('manually scheduled tasks (MS Project)', () => {
  // P (3 days) → M (manual, 2 days, typed start Wed 01-03 08:00) → S (1 day, automatic);
  // N (manual, 1 day) was typed before the project start: Wed 2023-12-27.
  const acts = [
    act('P', 3),
    act('M', 2, { manual: true, manualStart: at('2024-01-03 08:00') }),
    act('S', 1),
    act('N', 1, { manual: true, manualStart: at('2023-12-27 08:00') }),
  ];
  const rels = [rel('P', 'M'), rel('M', 'S')];

  it('keeps the typed start although the predecessor finishes later (Wed 01-03 17:00)', () => {
    const r = show(model(acts, rels, MSP));
    expect(r.P).toMatchObject({ es: '2024-01-01 08:00', ef: '2024-01-03 17:00' });
    expect(r.M).toMatchObject({ es: '2024-01-03 08:00', ef: '2024-01-04 17:00' });
    // The automatic successor follows the manual task where it is: Fri 01-05.
    expect(r.S).toMatchObject({ es: '2024-01-05 08:00', ef: '2024-01-05 17:00', lf: '2024-01-05 17:00' });
  });

  it('keeps a typed start before the project start', () => {
    const r = show(model(acts, rels, MSP));
    expect(r.N).toMatchObject({ es: '2023-12-27 08:00', ef: '2023-12-27 17:00' });
    // Its late finish is the project finish (Fri 01-05 17:00): Thu 12-28, Fri 12-29 and the five
    // days of the first week, 7 working days (56 h) of float.
    expect(r.N).toMatchObject({ lf: '2024-01-05 17:00', tf: 56 });
  });

  it('is scheduled by its links under P6 semantics (P6 has no manual tasks)', () => {
    const r = show(model(acts, rels));
    expect(r.M).toMatchObject({ es: '2024-01-04 08:00', ef: '2024-01-05 17:00' });
    expect(r.N).toMatchObject({ es: '2024-01-01 08:00' });
  });

  it('started, its remaining work resumes where Project put it (Resume), before the project start too', () => {
    // Typed on Mon 2023-12-25 for 5 days, 2 done, stopped Wed 12-27 08:00: the 3 days left run to
    // Fri 12-29 17:00, although the project (and MS Project's data date) starts Mon 01-01.
    const a = act('M', 5, {
      manual: true,
      manualStart: at('2023-12-25 08:00'),
      actualStart: at('2023-12-25 08:00'),
      remaining: 3 * DAY,
      resumeAt: at('2023-12-27 08:00'),
    });
    const r = show(model([act('P', 3), a], [rel('P', 'M')], MSP));
    expect(r.M).toMatchObject({ ef: '2023-12-29 17:00' });
  });

  it('without a typed start it is scheduled like an automatic task', () => {
    const r = show(model([act('P', 3), act('M', 2, { manual: true })], [rel('P', 'M')], MSP));
    expect(r.M).toMatchObject({ es: '2024-01-04 08:00', ef: '2024-01-05 17:00' });
  });

  it('property: a manual task starts at its typed (working) start whatever its predecessors', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 1, max: 5 }),
        (preds, startDay, days) => {
          // Working day startDay after Monday 2024-01-01, at 08:00.
          const typed = at('2024-01-01 08:00') + (Math.floor(startDay / 5) * 7 + (startDay % 5)) * 1440;
          const activities = [
            ...preds.map((d, k) => act(`P${k}`, d)),
            act('M', days, { manual: true, manualStart: typed }),
          ];
          const relations = preds.map((_, k) => rel(`P${k}`, 'M'));
          const m = model(activities, relations, MSP);
          const res = scheduleModel(m);
          const i = activities.length - 1;
          expect(res.es[i]).toBe(typed);
          // Its duration is kept: the early finish is `days` working days later.
          const shown = show(m, res).M;
          expect(shown.ef > shown.es).toBe(true);
          expect(res.ef[i] - res.es[i]).toBeGreaterThanOrEqual(days * DAY);
        },
      ),
    );
  });
});
