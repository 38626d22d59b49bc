// Spec §6: planned and actual data can be edited only within a number of days before a key
// date. Days older than that are read-only, on the screen and on the server alike.

export interface EditPeriod {
  /** The key date as a day number (null: no key date, every day editable). */
  readonly keyDay: number | null;
  /** How many days before the key date stay editable (null: no limit). */
  readonly days: number | null;
}

/** The first editable day (−Infinity when every day is). */
export function firstEditableDay(p: EditPeriod): number {
  if (p.keyDay === null || p.days === null) return -Infinity;
  return p.keyDay - p.days;
}

export function isEditableDay(p: EditPeriod, day: number): boolean {
  return day >= firstEditableDay(p);
}
