// A resource-dependent activity's remaining duration from its assignments (spec: PATCH
// versions/{id}/calculate-remains-duration-by-intensity): each assignment with a rate needs its
// remaining quantity ÷ (rate × intensity) working days; the activity lasts as long as the slowest.

export interface RatedAssignment {
  /** Planned quantity in total. */
  units: number;
  /** Quantity per working day at full intensity; null = no rate (it does not drive the duration). */
  unitsPerDay: number | null;
  /** Percent of the rate (100 = full). */
  intensity: number;
}

/**
 * Remaining working minutes of an activity `percent` (0–100) done, on a calendar of `hoursPerDay`;
 * null when no assignment has a rate (the duration stays the user's).
 */
export function remainingByIntensity(
  assignments: readonly RatedAssignment[],
  percent: number,
  hoursPerDay: number,
): number | null {
  let days: number | null = null;
  const left = 1 - Math.min(100, Math.max(0, percent)) / 100;
  for (const a of assignments) {
    if (a.unitsPerDay == null || a.unitsPerDay <= 0 || a.intensity <= 0) continue;
    const d = (a.units * left) / (a.unitsPerDay * (a.intensity / 100));
    days = days === null ? d : Math.max(days, d);
  }
  return days === null ? null : Math.round(days * hoursPerDay * 60);
}
