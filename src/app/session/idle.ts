// Idle time-out logic (spec §4): activity is recorded at most once a second; the session ends after
// the configured minutes without activity. Pure functions; the hook in useIdle.ts wires the DOM.

export const ACTIVITY_THROTTLE_MS = 1000;

/** Record this activity only if a second has passed since the last recorded one. */
export function shouldRecordActivity(lastRecorded: number, now: number): boolean {
  return now - lastRecorded >= ACTIVITY_THROTTLE_MS;
}

/** The moment the session ends; null when the time-out is off (0 or missing). */
export function idleDeadline(activityDate: number, timeoutMinutes: number | undefined): number | null {
  if (!timeoutMinutes || timeoutMinutes <= 0) return null;
  return activityDate + timeoutMinutes * 60_000;
}

export function isIdle(activityDate: number, timeoutMinutes: number | undefined, now: number): boolean {
  const deadline = idleDeadline(activityDate, timeoutMinutes);
  return deadline !== null && now >= deadline;
}

/** A throttle that records at most once per interval; returns true when it recorded. */
export function createActivityThrottle(record: (at: number) => void, intervalMs = ACTIVITY_THROTTLE_MS) {
  let last = -Infinity;
  return (now: number): boolean => {
    if (now - last < intervalMs) return false;
    last = now;
    record(now);
    return true;
  };
}
