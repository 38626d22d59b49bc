// Calendar indexes laid out once per definition (a layout covers 2000–2050, so it is worth
// keeping). Keyed by the definition object: an edited calendar arrives as a new object and gets a
// new index, and the index of a definition no longer held is collected with it.

import type { CalendarDef } from '../schedule/model';
import { buildCalendarIndex, type CalendarIndex } from './calendar-index';

export class CalendarIndexCache {
  private readonly byDef = new WeakMap<CalendarDef, CalendarIndex>();

  /** The index of `def`, built on first use. */
  of(def: CalendarDef): CalendarIndex {
    let idx = this.byDef.get(def);
    if (!idx) this.byDef.set(def, (idx = buildCalendarIndex(def)));
    return idx;
  }

  /** A lookup by calendar id among `defs`: undefined for an id none of them has. */
  lookup(defs: readonly CalendarDef[]): (calendarId: string) => CalendarIndex | undefined {
    const byId = new Map(defs.map((d) => [d.id, d]));
    return (calendarId) => {
      const def = byId.get(calendarId);
      return def ? this.of(def) : undefined;
    };
  }
}
