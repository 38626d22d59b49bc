import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScheduleModel } from '../../../src/domain/schedule/model';
import {
  type ReplacementRule,
  applyReplacements,
  codeCollisions,
  validateRules,
} from '../../../src/domain/versions/replacements';

let n = 0;
const rule = (field: ReplacementRule['field'], from: string, to: string, active = true): ReplacementRule => ({
  id: `r${++n}`,
  field,
  from,
  to,
  active,
});

// Only the parts replacements touch; the rest of a model is carried over untouched.
const model = (codes: string[]) =>
  ({
    source: 'json',
    projectName: 'P',
    activities: codes.map((code, i) => ({ id: `a${i}`, code, name: `Task ${i}` })),
    calendars: [{ id: 'c1', name: '5d8h' }],
    resources: [
      { id: 'x1', name: 'Crane A', calendarId: null },
      { id: 'x2', name: 'Crew', calendarId: null },
    ],
    relations: [],
    assignments: [],
    options: {},
  }) as unknown as ScheduleModel;

describe('validateRules', () => {
  it('accepts distinct rules and inactive duplicates', () => {
    expect(validateRules([rule('code', 'C-1', 'A1000'), rule('code', 'C-1', 'A2000', false)])).toEqual([]);
    // Calendars and resources may merge.
    expect(
      validateRules([rule('resource', 'Crane A', 'Crane'), rule('resource', 'Crane B', 'Crane')]),
    ).toEqual([]);
  });
  it('names a rule that changes nothing, a value replaced twice, two codes mapped to one', () => {
    const same = rule('code', ' X ', 'X');
    expect(validateRules([same])).toEqual([
      { code: 'replacements.same_value', ruleId: same.id, params: { value: 'X' } },
    ]);
    const twice = rule('calendar', '5d8h', 'Other');
    expect(validateRules([rule('calendar', '5d8h', 'Standard'), twice])[0]).toMatchObject({
      code: 'replacements.duplicate_from',
      ruleId: twice.id,
    });
    const second = rule('code', 'C-2', 'A1000');
    expect(validateRules([rule('code', 'C-1', 'A1000'), second])).toEqual([
      {
        code: 'replacements.many_to_one',
        ruleId: second.id,
        params: { first: 'C-1', second: 'C-2', to: 'A1000' },
      },
    ]);
  });
});

describe('applyReplacements', () => {
  it('replaces codes, calendar and resource names and counts each rule', () => {
    const out = applyReplacements(model(['C-1', 'C-2', 'A3000']), [
      rule('code', 'C-1', 'A1000'),
      rule('code', 'C-2', 'A2000'),
      rule('calendar', '5d8h', 'Standard'),
      rule('resource', 'Crane A', 'Tower crane'),
      rule('resource', 'Crew', 'Gang', false),
    ]);
    if ('problems' in out) throw new Error('unexpected');
    expect(out.model.activities.map((a) => a.code)).toEqual(['A1000', 'A2000', 'A3000']);
    expect(out.model.calendars[0]!.name).toBe('Standard');
    expect(out.model.resources.map((r) => r.name)).toEqual(['Tower crane', 'Crew']);
    expect(out.applied).toHaveLength(4);
    expect(out.applied.every((a) => a.count === 1)).toBe(true);
  });
  it('refuses a rule that maps a code onto a code the file already has', () => {
    const input = model(['C-1', 'A1000']);
    const out = applyReplacements(input, [rule('code', 'C-1', 'A1000')]);
    expect(out).toEqual({
      problems: [
        { code: 'replacements.code_collision', ruleId: null, params: { to: 'A1000', codes: 'C-1, A1000' } },
      ],
    });
    expect(input.activities.map((a) => a.code)).toEqual(['C-1', 'A1000']);
  });
  it('keeps distinct codes distinct whenever it applies (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F'), { minLength: 1 }),
        fc.array(fc.tuple(fc.constantFrom('A', 'B', 'C', 'X'), fc.constantFrom('A', 'D', 'Y', 'Z')), {
          maxLength: 4,
        }),
        (codes, pairs) => {
          const rules = pairs.map(([f, t]) => rule('code', f, t));
          if (validateRules(rules).length) return;
          const out = applyReplacements(model(codes), rules);
          if ('problems' in out) {
            expect(codeCollisions(codes, rules).length).toBeGreaterThan(0);
            return;
          }
          const next = out.model.activities.map((a) => a.code);
          expect(new Set(next).size).toBe(codes.length);
        },
      ),
    );
  });
});
