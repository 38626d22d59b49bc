// Distribution of a row's volume over its working days (spec §3 distribution modes and bases).
//
// Modes shape the volume over the days they are given:
//   start   the whole volume on the first working day,
//   end     the whole volume on the last working day,
//   evenly  the same volume on every working day (to the thousandth; the remainder goes to the
//           earliest days).
// Bases say which volume and which days:
//   by_date    the row's volume over the working days between its start and finish;
//   by_fact    facts stay: the plan equals the fact on each day with a fact, and what the facts
//              leave of the volume goes (by the mode) over the working days after the last fact
//              (and from the data date on, when given) up to the finish;
//   by_lag     the existing plan keeps its shape and moves with the start: the k-th working day
//              of the old dates becomes the k-th working day from the new start;
//   by_period  the existing planned total is stretched or compressed over the new working days,
//              keeping its cumulative curve;
//   by_volume  a daily rate (volume per working day; by default what the dates give) is planned
//              from the start on until the volume is used, past the finish if need be.
// Facts and approved plans are never changed by a distribution.

import type { CalendarIndex } from '../calendar/calendar-index';
import { MINUTES_PER_DAY } from '../calendar/time';
import type { Minutes } from '../schedule/model';
import { fromUnits, splitUnits, toUnits } from './split';
import type { DistributionBase, DistributionMode, RowDays, WdpCell } from './types';
import { isEmptyCell } from './types';
import { isWorkingDay, nextWorkingDays, workingDays } from './working-days';

export interface DistributeInput {
  readonly mode: DistributionMode;
  readonly base: DistributionBase;
  /** The row's volume (by_date, by_fact, by_volume). */
  readonly volume: number;
  readonly cal: CalendarIndex;
  readonly start: Minutes;
  readonly finish: Minutes;
  /** The row's existing days (facts are read from them; by_lag and by_period reshape their plan). */
  readonly current: RowDays;
  /** by_lag: the start the existing plan was made for (default: its first planned day). */
  readonly previousStart?: Minutes;
  /** by_fact: no new plan before this day (the data date). */
  readonly dataDay?: number;
  /** by_volume: volume per working day (default: volume over the dates' working days). */
  readonly rate?: number;
}

/** Whole units per day of a shape over `n` days. */
function shape(mode: DistributionMode, total: number, n: number): number[] {
  if (n === 0) return [];
  if (mode === 'evenly') return splitUnits(total, new Array<number>(n).fill(1));
  const out = new Array<number>(n).fill(0);
  out[mode === 'start' ? 0 : n - 1] = total;
  return out;
}

function plannedDays(current: RowDays): [number, number][] {
  const out: [number, number][] = [];
  for (const [day, c] of current) if (c.plan !== null && c.plan !== 0) out.push([day, toUnits(c.plan)]);
  return out.sort((a, b) => a[0] - b[0]);
}

function put(out: Map<number, number>, day: number, units: number): void {
  if (units === 0) return;
  out.set(day, fromUnits(toUnits(out.get(day) ?? 0) + units));
}

/** The new plan of the row: day → planned volume (days without plan absent). */
export function distributePlan(input: DistributeInput): Map<number, number> {
  const { cal, start, finish, current } = input;
  const days = workingDays(cal, start, finish).map((d) => d.day);
  const out = new Map<number, number>();
  switch (input.base) {
    case 'by_date': {
      const units = shape(input.mode, toUnits(input.volume), days.length);
      days.forEach((d, i) => put(out, d, units[i]!));
      return out;
    }
    case 'by_fact': {
      let done = 0;
      let lastFact = -Infinity;
      for (const [day, c] of current)
        if (c.fact !== null && c.fact !== 0) {
          put(out, day, toUnits(c.fact));
          done += toUnits(c.fact);
          lastFact = Math.max(lastFact, day);
        }
      const left = Math.max(0, toUnits(input.volume) - done);
      const from = Math.max(lastFact + 1, input.dataDay ?? -Infinity);
      let rest = days.filter((d) => d >= from);
      // Dates already passed: what is left goes on the next working day.
      if (rest.length === 0 && left > 0)
        rest = nextWorkingDays(
          cal,
          Number.isFinite(from) ? from : (days[0] ?? Math.floor(start / MINUTES_PER_DAY)),
          1,
        );
      const units = shape(input.mode, left, rest.length);
      rest.forEach((d, i) => put(out, d, units[i]!));
      return out;
    }
    case 'by_lag': {
      const old = plannedDays(current);
      if (old.length === 0) return out;
      const oldStart =
        input.previousStart !== undefined ? Math.floor(input.previousStart / MINUTES_PER_DAY) : old[0]![0];
      const last = old[old.length - 1]![0];
      const oldWorking: number[] = [];
      for (let d = oldStart; d <= last; d++) if (isWorkingDay(cal, d)) oldWorking.push(d);
      // A day's index among the old working days (a day before the old start: 0; a non-working
      // day: the next working day's).
      const indexOf = (day: number) => {
        let k = 0;
        while (k < oldWorking.length && oldWorking[k]! < day) k++;
        return Math.min(k, Math.max(0, oldWorking.length - 1));
      };
      const newWorking = nextWorkingDays(
        cal,
        Math.floor(start / MINUTES_PER_DAY),
        Math.max(oldWorking.length, 1),
      );
      for (const [day, u] of old) put(out, newWorking[indexOf(day)] ?? newWorking[newWorking.length - 1]!, u);
      return out;
    }
    case 'by_period': {
      const old = plannedDays(current);
      if (old.length === 0 || days.length === 0) {
        const units = shape(input.mode, toUnits(input.volume), days.length);
        days.forEach((d, i) => put(out, d, units[i]!));
        return out;
      }
      const total = old.reduce((s, [, u]) => s + u, 0);
      const cum = [0];
      for (const [, u] of old) cum.push(cum[cum.length - 1]! + u);
      // The old cumulative curve at x ∈ [0, 1] (piecewise linear over the old planned days).
      const curve = (x: number) => {
        const pos = x * old.length;
        const k = Math.min(Math.floor(pos), old.length - 1);
        return cum[k]! + (cum[k + 1]! - cum[k]!) * (pos - k);
      };
      const n = days.length;
      const weights = days.map((_, j) => Math.max(0, curve((j + 1) / n) - curve(j / n)));
      const units = splitUnits(total, weights);
      days.forEach((d, i) => put(out, d, units[i]!));
      return out;
    }
    case 'by_volume': {
      const volume = toUnits(input.volume);
      const rate = toUnits(input.rate ?? (days.length > 0 ? input.volume / days.length : input.volume));
      if (volume <= 0 || rate <= 0) return out;
      const count = Math.ceil(volume / rate);
      const run = nextWorkingDays(cal, Math.floor(start / MINUTES_PER_DAY), count);
      let left = volume;
      for (const d of run) {
        const u = Math.min(rate, left);
        put(out, d, u);
        left -= u;
      }
      // A rate too small to finish before 2050: the rest on the last day there is.
      const lastDay = run[run.length - 1];
      if (left > 0 && lastDay !== undefined) put(out, lastDay, left);
      return out;
    }
  }
}

/** The row's days with `plan` as its plan: other kinds and statuses kept, empty cells dropped. */
export function withPlan(current: RowDays, plan: ReadonlyMap<number, number>): Map<number, WdpCell> {
  const out = new Map<number, WdpCell>();
  for (const [day, c] of current) {
    const next: WdpCell = { ...c, plan: plan.get(day) ?? null };
    if (!isEmptyCell(next)) out.set(day, next);
  }
  for (const [day, v] of plan)
    if (!current.has(day)) out.set(day, { plan: v, fact: null, approved_plan: null, status: 'open' });
  return out;
}
