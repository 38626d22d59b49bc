// MS Project's own rules for tasks in progress and for elapsed durations (issue 16, seventh pass).
// Hand-computed on the standard calendar (Mon–Fri 08:00–12:00, 13:00–17:00); project start
// Monday 2024-01-01 08:00 (MS Project has no data date: the reader sets it to the project start).
//
// - A started task: Project shows its actual start as its early and its late start (ES = LS),
//   its remaining work resumes where it stopped (Resume), and its total slack is its finish slack
//   (MPXJ's MicrosoftScheduler / MicrosoftSlackCalculator; mspditimephasedsegments.xml tasks 4, 5).
// - An elapsed duration (ed, eh …) runs 24 hours a day, 7 days a week, whatever the calendars
//   (MS Project: "elapsed durations … scheduled 24 hours a day, 7 days a week"); its slack is in
//   elapsed time (mspdiduration.xml: 1em of slack per elapsed minute).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PreparedSchedule, scheduleModel } from '../../../src/domain/schedule/index';
import { buildCalendarIndex } from '../../../src/domain/calendar/calendar-index';
import { act, at, DAY, model, rel, show, STANDARD } from './helpers';

const MSP = {
  semantics: 'msproject' as const,
  floatType: 'smallest' as const,
  lagCalendar: 'successor' as const,
};
const ELAPSED_DAY = 1440;

describe('a started task under MS Project semantics', () => {
  // A: 5 days, started Mon 01-01 08:00, 2 days done, resumes Wed 01-03 08:00 → ends Fri 01-05 17:00.
  // B: 10 days, not started, no links: the project finishes Fri 01-12 17:00.
  const a = act('A', 5, {
    actualStart: at('2024-01-01 08:00'),
    remaining: 3 * DAY,
    resumeAt: at('2024-01-03 08:00'),
  });
  const b = act('B', 10);

  it('has its actual start as early and late start; total slack is its finish slack (40 h)', () => {
    const m = model([a, b], [], MSP);
    const res = scheduleModel(m);
    const r = show(m, res);
    expect(r.A).toMatchObject({ es: '2024-01-01 08:00', ef: '2024-01-05 17:00' });
    expect(r.A).toMatchObject({ ls: '2024-01-01 08:00', lf: '2024-01-12 17:00', tf: 40, ff: 40 });
    expect(res.startFloat[0]).toBe(0);
    expect(res.finishFloat[0]).toBe(40 * 60);
  });

  it('keeps P6’s remaining early start under P6 semantics', () => {
    const r = show(model([a, b], []));
    expect(r.A).toMatchObject({ es: '2024-01-03 08:00', ls: '2024-01-10 08:00', tf: 40 });
  });

  it('drives an SS successor from its actual start (plus the lag), not from where it resumes', () => {
    const s = act('S', 2);
    const r = show(model([a, b, s], [rel('A', 'S', 'ss', 1)], MSP));
    // Actual start Mon 01-01 08:00 + 1 day: Tue 01-02 08:00 (P6 would read Wed 01-03 + 1 day).
    expect(r.S).toMatchObject({ es: '2024-01-02 08:00', ef: '2024-01-03 17:00' });
    const zero = show(model([a, b, s], [rel('A', 'S', 'ss')], MSP));
    expect(zero.S).toMatchObject({ es: '2024-01-01 08:00' });
  });

  it('is not held by an SS successor in the backward pass (its start already happened)', () => {
    // S (2 days) SS from A and FS into B': S's late start does not pull A's late finish.
    const s = act('S', 2);
    const r = show(model([a, b, s], [rel('A', 'S', 'ss')], MSP));
    expect(r.A).toMatchObject({ lf: '2024-01-12 17:00', tf: 40 });
  });

  it('FS successors still follow its remaining work', () => {
    const s = act('S', 1);
    const r = show(model([a, b, s], [rel('A', 'S')], MSP));
    expect(r.S).toMatchObject({ es: '2024-01-08 08:00', ef: '2024-01-08 17:00' });
    // A's late finish: S's late start (Fri 01-12 08:00) → Thu 01-11 17:00; 32 h of finish slack.
    expect(r.A).toMatchObject({ ls: '2024-01-01 08:00', lf: '2024-01-11 17:00', tf: 32 });
  });

  it('property: ES = LS = actual start and total slack = finish slack for every started task', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ days: fc.integer({ min: 1, max: 8 }), done: fc.integer({ min: 0, max: 7 }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('fs' as const, 'ss' as const, 'ff' as const)), {
          maxLength: 8,
        }),
        (specs, links) => {
          const acts = specs.map((s, k) => {
            const started = s.done > 0 && s.done < s.days;
            return act(
              `T${k}`,
              s.days,
              started
                ? {
                    actualStart: at('2024-01-01 08:00'),
                    remaining: (s.days - s.done) * DAY,
                    resumeAt:
                      at('2024-01-01 08:00') + Math.floor(s.done / 5) * 7 * 1440 + (s.done % 5) * 1440,
                  }
                : {},
            );
          });
          // Links only forward in the list: no cycles.
          const rels = links
            .map(([x, y, t]) => [x % acts.length, y % acts.length, t] as const)
            .filter(([x, y]) => x < y)
            .map(([x, y, t]) => rel(`T${x}`, `T${y}`, t, 0, { id: `${x}-${y}-${t}` }));
          const m = model(acts, rels, MSP);
          const res = scheduleModel(m);
          acts.forEach((t, i) => {
            if (t.actualStart === null) return;
            expect(res.es[i]).toBe(t.actualStart);
            expect(res.ls[i]).toBe(t.actualStart);
            expect(res.startFloat[i]).toBe(0);
            expect(res.tf[i]).toBe(res.finishFloat[i]);
          });
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('elapsed durations (MS Project)', () => {
  it('runs day and night over the weekend: 3 ed from Friday 17:00 end Monday 17:00', () => {
    // P: 5 days, Mon 01-01 – Fri 01-05 17:00; E: 3 elapsed days right after it; S: 1 day after E.
    const acts = [
      act('P', 5),
      act('E', 0, { duration: 3 * ELAPSED_DAY, remaining: 3 * ELAPSED_DAY, elapsed: true }),
      act('S', 1),
    ];
    const r = show(model(acts, [rel('P', 'E'), rel('E', 'S')], MSP));
    expect(r.E).toMatchObject({ es: '2024-01-05 17:00', ef: '2024-01-08 17:00' });
    expect(r.S).toMatchObject({ es: '2024-01-09 08:00', ef: '2024-01-09 17:00' });
    // S cannot start before Tue 08:00 anyway: E may finish then, 15 elapsed hours of slack read
    // in its own (24-hour) time.
    expect(r.E).toMatchObject({ lf: '2024-01-09 08:00', tf: 15, critical: false });
  });

  it('has its slack in elapsed time (mspdiduration.xml: 719.98 h for a 1 em task in 30 days)', () => {
    // E: 1 elapsed hour; L: 20 working days (Mon 01-01 – Fri 01-26 17:00).
    const acts = [act('E', 0, { duration: 60, remaining: 60, elapsed: true }), act('L', 20)];
    const r = show(model(acts, [], MSP));
    expect(r.E).toMatchObject({ es: '2024-01-01 08:00', ef: '2024-01-01 09:00' });
    // Late finish = the project finish Fri 01-26 17:00: 25 days 9 h of clock time less the hour.
    expect(r.E).toMatchObject({ lf: '2024-01-26 17:00', ls: '2024-01-26 16:00' });
    expect(r.E.tf).toBe(25 * 24 + 9 - 1);
  });

  it('a working-time lag into an elapsed task stays on the task’s own calendar', () => {
    // P ends Fri 01-05 17:00; FS +1 working day into E (1 ed): Mon 01-08 17:00 → Tue 01-09 17:00.
    const acts = [act('P', 5), act('E', 0, { duration: ELAPSED_DAY, remaining: ELAPSED_DAY, elapsed: true })];
    const r = show(model(acts, [rel('P', 'E', 'fs', 1)], MSP));
    expect(r.E).toMatchObject({ es: '2024-01-08 17:00', ef: '2024-01-09 17:00' });
  });

  it('property: an elapsed task spans exactly its duration in clock time, whatever the calendars', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 4 }),
        fc.integer({ min: 1, max: 10 * ELAPSED_DAY }),
        fc.integer({ min: -2, max: 3 }),
        (preds, minutes, lagDays) => {
          const acts = [
            ...preds.map((d, k) => act(`P${k}`, d, k % 2 ? { calendarId: 'c7' } : {})),
            act('E', 0, { duration: minutes, remaining: minutes, elapsed: true }),
          ];
          const rels = preds.map((_, k) => rel(`P${k}`, 'E', 'fs', lagDays));
          const res = scheduleModel(model(acts, rels, MSP));
          const e = acts.length - 1;
          expect(res.ef[e] - res.es[e]).toBe(minutes);
          expect(res.lf[e] - res.ls[e]).toBe(minutes);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('split tasks (MS Project)', () => {
  it('a split of 2 working days stretches the task’s span by them; floats follow', () => {
    // S: 3 days of work with a 2-day split: Mon 01-01 – Fri 01-05 17:00; L: 10 days sets the finish.
    const acts = [act('S', 3, { splitGap: 2 * DAY }), act('L', 10), act('N', 1)];
    const r = show(model(acts, [rel('S', 'N')], MSP));
    expect(r.S).toMatchObject({ es: '2024-01-01 08:00', ef: '2024-01-05 17:00' });
    expect(r.N).toMatchObject({ es: '2024-01-08 08:00' });
    // S may finish by Thu 01-11 17:00 (N's late start Fri 01-12 08:00): 4 days of slack.
    expect(r.S).toMatchObject({ lf: '2024-01-11 17:00', ls: '2024-01-05 08:00', tf: 32 });
  });

  it('property: a split moves the finish by exactly its working time; the start stays', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 4 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 5 * DAY }),
        (preds, days, gap) => {
          const with_ = (splitGap: number) =>
            scheduleModel(
              model(
                [...preds.map((d, k) => act(`P${k}`, d)), act('S', days, { splitGap })],
                preds.map((_, k) => rel(`P${k}`, 'S')),
                MSP,
              ),
            );
          const i = preds.length;
          const plain = with_(0);
          const split = with_(gap);
          const c = buildCalendarIndex(STANDARD);
          expect(split.es[i]).toBe(plain.es[i]);
          expect(c.workAt(split.ef[i]) - c.workAt(plain.ef[i])).toBe(gap);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a duration typed in the incremental API keeps the split', () => {
    const m = model([act('S', 3, { splitGap: 2 * DAY }), act('L', 10)], [], MSP);
    const p = new PreparedSchedule(m);
    p.computeFull();
    p.setDuration('S', 4 * DAY);
    const res = p.recompute();
    expect(show(m, res).S.ef).toBe('2024-01-08 17:00');
  });
});
