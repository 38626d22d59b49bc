// The task_relations tab's lag: the grid's duration syntax with a sign (negative = lead).
import { describe, expect, it } from 'vitest';
import { formatLag, parseLag } from '../../../src/modules/schedule/lag';

const units = { hoursPerDay: 8 };

describe('lag text', () => {
  it('reads the Duration column syntax in days, hours, weeks, months and minutes', () => {
    expect(parseLag('2', units)).toEqual({ ok: true, value: 960 });
    expect(parseLag('1,5', units)).toEqual({ ok: true, value: 720 });
    expect(parseLag('2w', units)).toEqual({ ok: true, value: 4800 });
    expect(parseLag('16h', units)).toEqual({ ok: true, value: 960 });
    expect(parseLag('2д', units)).toEqual({ ok: true, value: 960 });
    expect(parseLag('1н', units)).toEqual({ ok: true, value: 2400 });
    expect(parseLag(' 90m ', units)).toEqual({ ok: true, value: 90 });
    expect(parseLag('2d', { hoursPerDay: 10 })).toEqual({ ok: true, value: 1200 });
  });

  it('takes a minus (or the typographic one) as a lead, a plus as a lag, empty as none', () => {
    expect(parseLag('-1d', units)).toEqual({ ok: true, value: -480 });
    expect(parseLag('\u22121w', units)).toEqual({ ok: true, value: -2400 });
    expect(parseLag('+3', units)).toEqual({ ok: true, value: 1440 });
    expect(parseLag('', units)).toEqual({ ok: true, value: 0 });
  });

  it('refuses anything else with the lag message', () => {
    for (const bad of ['abc', '2x', '--1', '1-', 'd', '-', '2 w w', '1e999'])
      expect(parseLag(bad, units)).toEqual({ ok: false, key: 'relations.lag_invalid' });
  });

  it('shows working minutes as days the way the Duration column does', () => {
    expect(formatLag(960, units, 'en')).toBe('2');
    expect(formatLag(-720, units, 'en')).toBe('-1.5');
    expect(formatLag(-720, units, 'ru')).toBe('-1,5');
    expect(formatLag(0, units, 'en')).toBe('0');
  });
});
