// When a periodic backup runs next (spec §3 Periodicity: daily, weekly, 2weekly, Fortnightly,
// monthly, cron). Times are UTC. 2weekly and Fortnightly are both every fourteen days (the spec
// spells both). A cron expression has the five classic fields — minute, hour, day of month, month,
// day of week (0 or 7 = Sunday) — with `*`, lists, ranges and steps; when both day fields are
// restricted a day matching either runs (as Vixie cron does).

export const PERIODICITIES = ['daily', 'weekly', '2weekly', 'Fortnightly', 'monthly', 'cron'] as const;
export type Periodicity = (typeof PERIODICITIES)[number];

export interface Cron {
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  days: ReadonlySet<number>;
  months: ReadonlySet<number>;
  weekdays: ReadonlySet<number>;
  anyDay: boolean;
  anyWeekday: boolean;
}

const FIELDS: readonly (readonly [number, number])[] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

function field(text: string, [lo, hi]: readonly [number, number]): Set<number> | null {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) return null;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    let from = lo;
    let to = hi;
    if (m[1] !== '*') {
      from = Number(m[2]);
      to = m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? hi : from;
    }
    if (step < 1 || from < lo || to > hi || from > to) return null;
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

/** The parsed expression, or null when it is not a valid five-field cron expression. */
export function parseCron(expr: string): Cron | null {
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5) return null;
  const sets = parts.map((p, i) => field(p, FIELDS[i]!));
  if (sets.some((s) => s === null)) return null;
  const [minutes, hours, days, months, weekdays] = sets as Set<number>[];
  if (weekdays!.has(7)) weekdays!.add(0);
  return {
    minutes: minutes!,
    hours: hours!,
    days: days!,
    months: months!,
    weekdays: weekdays!,
    anyDay: parts[2] === '*',
    anyWeekday: parts[4] === '*',
  };
}

function dayMatches(c: Cron, d: Date): boolean {
  const dom = c.days.has(d.getUTCDate());
  const dow = c.weekdays.has(d.getUTCDay());
  if (c.anyDay && c.anyWeekday) return true;
  if (c.anyDay) return dow;
  if (c.anyWeekday) return dom;
  return dom || dow;
}

/** The first minute strictly after `from` that the expression matches (null: none within 5 years). */
export function nextCron(c: Cron, from: Date): Date | null {
  const t = new Date(Math.floor(from.getTime() / 60_000) * 60_000 + 60_000);
  const limit = from.getTime() + 5 * 366 * 24 * 3600_000;
  while (t.getTime() <= limit) {
    if (!c.months.has(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
      continue;
    }
    if (!dayMatches(c, t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
      continue;
    }
    if (!c.hours.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
      continue;
    }
    if (!c.minutes.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
      continue;
    }
    return t;
  }
  return null;
}

const DAY_MS = 24 * 3600_000;

/** The next run after `from`; null for an invalid or never-matching cron expression. */
export function nextRun(periodicity: Periodicity, cron: string | null, from: Date): Date | null {
  switch (periodicity) {
    case 'daily':
      return new Date(from.getTime() + DAY_MS);
    case 'weekly':
      return new Date(from.getTime() + 7 * DAY_MS);
    case '2weekly':
    case 'Fortnightly':
      return new Date(from.getTime() + 14 * DAY_MS);
    case 'monthly': {
      const y = from.getUTCFullYear();
      const m = from.getUTCMonth() + 1;
      // The same day next month, or its last day when shorter (31 January → 28/29 February).
      const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
      const d = new Date(from.getTime());
      d.setUTCDate(1);
      d.setUTCMonth(m);
      d.setUTCDate(Math.min(from.getUTCDate(), last));
      return d;
    }
    case 'cron': {
      const c = cron === null ? null : parseCron(cron);
      return c ? nextCron(c, from) : null;
    }
  }
}
