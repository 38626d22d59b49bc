import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextCron, nextRun, parseCron } from '../../../src/domain/admin/periodicity';

const at = (s: string) => new Date(s);

describe('periodicity', () => {
  it('adds a day, a week, two weeks', () => {
    const from = at('2026-03-10T02:30:00Z');
    expect(nextRun('daily', null, from)?.toISOString()).toBe('2026-03-11T02:30:00.000Z');
    expect(nextRun('weekly', null, from)?.toISOString()).toBe('2026-03-17T02:30:00.000Z');
    expect(nextRun('2weekly', null, from)?.toISOString()).toBe('2026-03-24T02:30:00.000Z');
    expect(nextRun('Fortnightly', null, from)?.toISOString()).toBe('2026-03-24T02:30:00.000Z');
  });

  it('monthly keeps the day, or the last day of a shorter month', () => {
    expect(nextRun('monthly', null, at('2026-01-31T05:00:00Z'))?.toISOString()).toBe(
      '2026-02-28T05:00:00.000Z',
    );
    expect(nextRun('monthly', null, at('2028-01-31T05:00:00Z'))?.toISOString()).toBe(
      '2028-02-29T05:00:00.000Z',
    );
    expect(nextRun('monthly', null, at('2026-12-15T05:00:00Z'))?.toISOString()).toBe(
      '2027-01-15T05:00:00.000Z',
    );
  });

  it('parses cron and refuses bad expressions', () => {
    expect(parseCron('0 3 * * *')).not.toBeNull();
    expect(parseCron('*/15 8-18 * * 1-5')).not.toBeNull();
    expect(parseCron('0 3 * *')).toBeNull();
    expect(parseCron('60 3 * * *')).toBeNull();
    expect(parseCron('0 3 32 * *')).toBeNull();
    expect(parseCron('a b c d e')).toBeNull();
    expect(parseCron('5-1 * * * *')).toBeNull();
    expect(nextRun('cron', 'nonsense', new Date())).toBeNull();
  });

  it('finds the next cron minute', () => {
    const next = (e: string, from: string) => nextRun('cron', e, at(from))?.toISOString();
    expect(next('0 3 * * *', '2026-03-10T02:30:00Z')).toBe('2026-03-10T03:00:00.000Z');
    expect(next('0 3 * * *', '2026-03-10T03:00:00Z')).toBe('2026-03-11T03:00:00.000Z');
    // Saturday 14 March 2026 → Monday 16th.
    expect(next('30 8 * * 1-5', '2026-03-13T09:00:00Z')).toBe('2026-03-16T08:30:00.000Z');
    expect(next('0 0 1 */3 *', '2026-02-10T00:00:00Z')).toBe('2026-04-01T00:00:00.000Z');
    // Either day field when both are restricted: the 13th or a Friday.
    expect(next('0 12 13 * 5', '2026-03-01T00:00:00Z')).toBe('2026-03-06T12:00:00.000Z');
    expect(next('0 0 30 2 *', '2026-01-01T00:00:00Z')).toBeUndefined();
  });

  it('the next cron run is later than from and matches the expression', () => {
    const c = parseCron('*/7 1,13 * * 0,3')!;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), (sec) => {
        const from = new Date(Date.UTC(2020, 0, 1) + sec * 1000);
        const n = nextCron(c, from)!;
        expect(n.getTime()).toBeGreaterThan(from.getTime());
        expect(n.getUTCMinutes() % 7).toBe(0);
        expect([1, 13]).toContain(n.getUTCHours());
        expect([0, 3]).toContain(n.getUTCDay());
        expect(n.getTime() - from.getTime()).toBeLessThanOrEqual(8 * 24 * 3600_000);
      }),
      { numRuns: 200 },
    );
  });
});
