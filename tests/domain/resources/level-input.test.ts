import { describe, expect, it } from 'vitest';
import { isLevelled, levelledRows, levellingInput, ratePerDay } from '../../../src/domain/resources';
import type { LevelAssignment, LevelResource } from '../../../src/domain/resources';
import type { ScheduleModel } from '../../../src/domain/schedule/model';

const model = {
  calendars: [{ id: 'c', hoursPerDay: 8, isDefault: true }],
  activities: [
    { id: 'a', calendarId: 'c', duration: 5 * 480 },
    { id: 'b', calendarId: 'c', duration: 0 },
  ],
} as unknown as ScheduleModel;

const res = (id: string, extra: Partial<LevelResource> = {}): LevelResource => ({
  id,
  kind: 'resource',
  resourceType: 'labor',
  defaultLimit: 2,
  limits: [],
  ...extra,
});
const asg = (wbsId: string, resourceId: string, extra: Partial<LevelAssignment> = {}): LevelAssignment => ({
  wbsId,
  resourceId,
  units: 10,
  unitsPerDay: null,
  intensity: 100,
  curve: 'uniform',
  curveValues: null,
  ...extra,
});

describe('levelling input', () => {
  it('levels renewable resources with an availability only', () => {
    expect(isLevelled(res('r'))).toBe(true);
    expect(isLevelled(res('r', { resourceType: 'material' }))).toBe(false);
    expect(isLevelled(res('r', { kind: 'document' }))).toBe(false);
    expect(isLevelled(res('r', { defaultLimit: 0 }))).toBe(false);
    expect(isLevelled(res('r', { defaultLimit: 0, limits: [{ from: 0, to: 10, limit: 1 }] }))).toBe(true);
  });

  it('a rate counts at its intensity; a quantity spreads over the working days', () => {
    expect(ratePerDay(asg('a', 'r', { unitsPerDay: 4, intensity: 50 }), 2400, 8)).toBe(2);
    expect(ratePerDay(asg('a', 'r'), 2400, 8)).toBe(2);
    expect(ratePerDay(asg('a', 'r'), 0, 8)).toBe(0);
  });

  it('keeps the chosen resources, drops zero-duration and unknown rows, passes curves', () => {
    const out = levellingInput(
      model,
      [
        res('r1'),
        res('r2', { limits: [{ from: 0, to: 100, limit: 5 }] }),
        res('m', { resourceType: 'cost' }),
      ],
      [
        asg('a', 'r1', { curve: 'bell' }),
        asg('a', 'r2', { unitsPerDay: 3 }),
        asg('b', 'r1'),
        asg('x', 'r1'),
        asg('a', 'm'),
      ],
      null,
    );
    expect(out.resources).toEqual([
      { id: 'r1', limit: 2 },
      { id: 'r2', limit: 2, limits: [{ from: 0, to: 100, limit: 5 }] },
    ]);
    expect(out.assignments).toHaveLength(2);
    expect(out.assignments[0]).toMatchObject({ activityId: 'a', resourceId: 'r1', units: 2 });
    expect(out.assignments[0]!.curve).toHaveLength(10);
    expect(out.assignments[1]).toEqual({ activityId: 'a', resourceId: 'r2', units: 3 });
    const only = levellingInput(model, [res('r1'), res('r2')], [asg('a', 'r1'), asg('a', 'r2')], ['r2']);
    expect(only.resources.map((r) => r.id)).toEqual(['r2']);
    expect(only.assignments.map((a) => a.resourceId)).toEqual(['r2']);
  });

  it("passes a resource's own calendar when the model has it", () => {
    const out = levellingInput(
      model,
      [
        res('r1', { calendarId: 'c' }),
        res('r2', { calendarId: 'elsewhere' }),
        res('r3', { calendarId: null }),
      ],
      [],
      null,
    );
    expect(out.resources).toEqual([
      { id: 'r1', limit: 2, calendarId: 'c' },
      { id: 'r2', limit: 2 },
      { id: 'r3', limit: 2 },
    ]);
  });

  it('gives back the rows that moved with the dates they had', () => {
    const rows = levelledRows(
      {
        ids: ['a', 'b', 'c'],
        start: Int32Array.from([100, 200, 300]),
        finish: Int32Array.from([150, 260, 400]),
        delay: Int32Array.from([0, 60, 0]),
        levelledStarts: { b: 200, c: 300 },
      },
      new Map([
        ['a', { start: 100, finish: 150 }],
        ['b', { start: 140, finish: 200 }],
        ['c', { start: 300, finish: 400 }],
      ]),
    );
    expect(rows).toEqual([
      { wbsId: 'b', start: 200, finish: 260, delay: 60, baseStart: 140, baseFinish: 200 },
    ]);
  });
});
