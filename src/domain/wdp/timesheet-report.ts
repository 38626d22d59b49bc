// Timesheet reports (issue 18; spec "timesheet reports"): the facts and hours people gathered on
// timesheets over a period, one line per person and work with its days, and each person's totals.
// Pure: the server reads the sheets' day lines and the works' rates, this groups and sums them in
// whole thousandths (so a person's total equals the sum of their lines exactly).
import { measureOf } from './measures';
import type { RowRates } from './measures';
import { fromUnits, toUnits } from './split';

/** One day line of a timesheet: hours and fact a person gave a work on a day. */
export interface TimesheetEntry {
  readonly user_id: string;
  readonly version_id: string;
  readonly item_id: string;
  readonly day: number;
  readonly hours: number | null;
  readonly fact: number | null;
}

export interface TimesheetReportDay {
  day: number;
  hours: number | null;
  fact: number | null;
}

/** A person's hours and facts on one work over the period. */
export interface TimesheetReportLine {
  user_id: string;
  version_id: string;
  item_id: string;
  hours: number;
  fact: number;
  /** The facts' cost at the work's cost of a unit (null: the work has none). */
  cost: number | null;
  days: TimesheetReportDay[];
}

export interface TimesheetReportPerson {
  user_id: string;
  hours: number;
  /** The sum of the person's lines' costs (null: none of them has a cost). */
  cost: number | null;
  works: number;
  /** Days with hours or a fact. */
  days: number;
}

export interface TimesheetReport {
  lines: TimesheetReportLine[];
  people: TimesheetReportPerson[];
}

const add = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : fromUnits(toUnits(a) + toUnits(b));

/**
 * Groups the entries of days in [from, to] by person and work (in the order they first appear), a
 * day's values summed over the person's sheets; a line's totals and a person's are sums of days.
 */
export function timesheetReport(
  entries: readonly TimesheetEntry[],
  from: number,
  to: number,
  rates: (versionId: string, itemId: string) => RowRates | undefined,
): TimesheetReport {
  const lines = new Map<string, TimesheetReportLine & { byDay: Map<number, TimesheetReportDay> }>();
  for (const e of entries) {
    if (e.day < from || e.day > to || (e.hours === null && e.fact === null)) continue;
    const key = `${e.user_id}|${e.version_id}|${e.item_id}`;
    let l = lines.get(key);
    if (!l) {
      l = {
        user_id: e.user_id,
        version_id: e.version_id,
        item_id: e.item_id,
        hours: 0,
        fact: 0,
        cost: null,
        days: [],
        byDay: new Map(),
      };
      lines.set(key, l);
    }
    const d = l.byDay.get(e.day);
    if (d) {
      d.hours = add(d.hours, e.hours);
      d.fact = add(d.fact, e.fact);
    } else l.byDay.set(e.day, { day: e.day, hours: e.hours, fact: e.fact });
  }
  const out: TimesheetReportLine[] = [];
  const people = new Map<string, TimesheetReportPerson & { units: number; costUnits: number | null }>();
  for (const { byDay, ...l } of lines.values()) {
    const days = [...byDay.values()].sort((a, b) => a.day - b.day);
    const hours = days.reduce((s, d) => s + toUnits(d.hours ?? 0), 0);
    const fact = days.reduce((s, d) => s + toUnits(d.fact ?? 0), 0);
    const line = {
      ...l,
      days,
      hours: fromUnits(hours),
      fact: fromUnits(fact),
      cost: measureOf(fromUnits(fact), 'cost', rates(l.version_id, l.item_id)),
    };
    out.push(line);
    let p = people.get(l.user_id);
    if (!p) {
      p = { user_id: l.user_id, hours: 0, cost: null, works: 0, days: 0, units: 0, costUnits: null };
      people.set(l.user_id, p);
    }
    p.units += hours;
    if (line.cost !== null) p.costUnits = (p.costUnits ?? 0) + toUnits(line.cost);
    p.works += 1;
    p.days += days.length;
  }
  return {
    lines: out,
    people: [...people.values()].map(({ units, costUnits, ...p }) => ({
      ...p,
      hours: fromUnits(units),
      cost: costUnits === null ? null : fromUnits(costUnits),
    })),
  };
}
