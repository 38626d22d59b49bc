// Idle time-out: activity throttled to once a second; the session ends after the configured minutes.
import { describe, expect, it } from 'vitest';
import {
  createActivityThrottle,
  idleDeadline,
  isIdle,
  shouldRecordActivity,
} from '../../src/app/session/idle';

describe('activity throttle', () => {
  it('records at most once per second', () => {
    const recorded: number[] = [];
    const record = createActivityThrottle((at) => recorded.push(at));
    for (let t = 0; t <= 3000; t += 100) record(t);
    expect(recorded).toEqual([0, 1000, 2000, 3000]);
  });

  it('records again after a pause of exactly one second', () => {
    expect(shouldRecordActivity(5000, 5999)).toBe(false);
    expect(shouldRecordActivity(5000, 6000)).toBe(true);
  });
});

describe('idle deadline', () => {
  it('ends the session after the configured minutes without activity', () => {
    expect(idleDeadline(0, 30)).toBe(30 * 60_000);
    expect(isIdle(0, 30, 30 * 60_000 - 1)).toBe(false);
    expect(isIdle(0, 30, 30 * 60_000)).toBe(true);
  });

  it('no time-out when the minutes are missing or zero', () => {
    expect(idleDeadline(0, 0)).toBeNull();
    expect(isIdle(0, undefined, 10 ** 12)).toBe(false);
  });
});
