// The calendar index cache: one layout per definition object, a new one for an edited calendar.
import { describe, expect, it } from 'vitest';
import { CalendarIndexCache, standardCalendarDef } from '../../../src/domain/calendar';

describe('CalendarIndexCache', () => {
  it('lays a definition out once and an edited copy anew', () => {
    const cache = new CalendarIndexCache();
    const def = standardCalendarDef('std');
    expect(cache.of(def)).toBe(cache.of(def));
    const allDays = { ...def, week: def.week.map(() => [{ start: 0, end: 1440 }]) };
    const edited = cache.of(allDays);
    expect(edited).not.toBe(cache.of(def));
    // 2000-01-01 is a Saturday: off in the standard week, worked all day in the edited one.
    expect(cache.of(def).between(0, 1440)).toBe(0);
    expect(edited.between(0, 1440)).toBe(1440);
  });

  it('looks calendars up by id among the given definitions', () => {
    const cache = new CalendarIndexCache();
    const a = standardCalendarDef('a');
    const lookup = cache.lookup([a, standardCalendarDef('b')]);
    expect(lookup('a')).toBe(cache.of(a));
    expect(lookup('b')?.id).toBe('b');
    expect(lookup('missing')).toBeUndefined();
  });
});
