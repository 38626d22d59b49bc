// Allocate plan/fact over a period, transfer a value between days, labour and cost per day, and
// the day report: unit cases and properties (sums kept, nothing on non-working days, days outside
// the period and other kinds untouched, every change undone by its inverse).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCalendarIndex, standardCalendarDef } from '../../../src/domain/calendar/calendar-index';
import { MINUTES_PER_DAY, parseLocal } from '../../../src/domain/calendar/time';
import {
  allocate,
  applyWdpPatches,
  dayReport,
  editsChange,
  isWorkingDay,
  measureOf,
  measureTotal,
  remainingAmount,
  rowRates,
  rowTotals,
  toUnits,
  transferValue,
} from '../../../src/domain/wdp';
import type { RowDays, WdpCell } from '../../../src/domain/wdp';

const cal = buildCalendarIndex(standardCalendarDef());
const day = (s: string) => Math.floor(parseLocal(`${s} 00:00`)! / MINUTES_PER_DAY);
const cell = (c: Partial<WdpCell>): WdpCell => ({
  plan: null,
  fact: null,
  approved_plan: null,
  status: 'open',
  ...c,
});
const mon = day('2024-03-04');

/** Applies edits to one row's days (as the store would). */
function applied(current: RowDays, edits: Parameters<typeof editsChange>[1]) {
  const ch = editsChange(() => current, edits);
  const store = new Map([['r', current]]);
  const after = applyWdpPatches(store, ch.patches);
  const back = applyWdpPatches(after, ch.inversePatches);
  return { after: after.get('r') ?? new Map<number, WdpCell>(), back: back.get('r') ?? new Map() };
}

const rowDays = fc
  .array(
    fc.record({
      d: fc.integer({ min: 0, max: 27 }),
      plan: fc.option(fc.integer({ min: -5000, max: 50_000 }).map((u) => u / 1000)),
      fact: fc.option(fc.integer({ min: 0, max: 50_000 }).map((u) => u / 1000)),
    }),
    { maxLength: 20 },
  )
  .map((xs) => {
    const m = new Map<number, WdpCell>();
    for (const x of xs)
      if (x.plan !== null || x.fact !== null) m.set(mon + x.d, cell({ plan: x.plan, fact: x.fact }));
    return m as RowDays;
  });

describe('allocate', () => {
  it('spreads an amount evenly over the working days of the period, weekend left empty', () => {
    const r = allocate({
      rowId: 'r',
      kind: 'plan',
      mode: 'evenly',
      cal,
      from: mon,
      to: mon + 8,
      amount: 70,
      volume: 100,
      current: new Map(),
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const byDay = new Map(r.edits.map((e) => [e.day, e.value]));
    expect(r.edits).toHaveLength(7);
    expect(byDay.get(mon)).toBe(10);
    expect(byDay.has(mon + 5)).toBe(false); // Saturday
    expect(byDay.get(mon + 8)).toBe(10);
  });

  it('without an amount allocates what the volume leaves after the values outside the period', () => {
    const current = new Map([
      [mon, cell({ fact: 30 })],
      [mon + 1, cell({ fact: 10, plan: 5 })],
    ]);
    expect(remainingAmount(current, 'fact', 100, mon + 1, mon + 4)).toBe(70);
    const r = allocate({
      rowId: 'r',
      kind: 'fact',
      mode: 'end',
      cal,
      from: mon + 1,
      to: mon + 4,
      volume: 100,
      current,
    });
    expect(r).toMatchObject({ ok: true, amount: 70 });
    const { after } = applied(current, r.ok ? r.edits : []);
    expect(after.get(mon + 4)?.fact).toBe(70);
    // The day's own fact in the period is replaced; its plan stays.
    expect(after.get(mon + 1)).toMatchObject({ fact: null, plan: 5 });
    expect(after.get(mon)?.fact).toBe(30);
  });

  it('refuses a period without working days and a row without volume', () => {
    const base = { rowId: 'r', kind: 'plan' as const, mode: 'evenly' as const, cal, current: new Map() };
    expect(allocate({ ...base, from: mon + 5, to: mon + 6, amount: 1, volume: 1 })).toEqual({
      ok: false,
      reason: 'no_working_days',
    });
    expect(allocate({ ...base, from: mon, to: mon + 2, volume: null })).toEqual({
      ok: false,
      reason: 'no_volume',
    });
  });

  it('property: the period holds the amount, on working days only; outside and other kinds untouched; undone', () => {
    fc.assert(
      fc.property(
        rowDays,
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 10 }),
        fc.option(fc.integer({ min: 0, max: 100_000 }).map((u) => u / 1000)),
        fc.constantFrom('start' as const, 'end' as const, 'evenly' as const),
        fc.constantFrom('plan' as const, 'fact' as const),
        (current, a, len, amount, mode, kind) => {
          const from = mon + a;
          const to = from + len;
          const r = allocate({ rowId: 'r', kind, mode, cal, from, to, amount, volume: 80, current });
          if (!r.ok) {
            for (let d = from; d <= to; d++) expect(isWorkingDay(cal, d)).toBe(false);
            return;
          }
          const { after, back } = applied(current, r.edits);
          expect(rowTotals(after, from, to)[kind]).toBe(r.amount);
          for (let d = from; d <= to; d++)
            if (!isWorkingDay(cal, d)) expect(after.get(d)?.[kind] ?? null).toBeNull();
          const other = kind === 'plan' ? 'fact' : 'plan';
          for (const [d, c] of current) {
            expect(after.get(d)?.[other] ?? null).toBe(c[other]);
            if (d < from || d > to) expect(after.get(d)?.[kind] ?? null).toBe(c[kind]);
          }
          expect(back).toEqual(current);
        },
      ),
    );
  });
});

describe('transfer-value', () => {
  const current = new Map([
    [mon, cell({ plan: 10, fact: 4 })],
    [mon + 2, cell({ plan: 2 })],
  ]);
  it('moves the whole value, or a part, and keeps the total', () => {
    const all = transferValue({ rowId: 'r', kind: 'plan', fromDay: mon, toDay: mon + 2, current });
    expect(all.ok && all.moved).toBe(10);
    const a = applied(current, all.ok ? all.edits : []).after;
    expect(a.get(mon)).toMatchObject({ plan: null, fact: 4 });
    expect(a.get(mon + 2)?.plan).toBe(12);
    const part = transferValue({
      rowId: 'r',
      kind: 'plan',
      fromDay: mon,
      toDay: mon + 1,
      amount: 2.5,
      current,
    });
    const b = applied(current, part.ok ? part.edits : []).after;
    expect(b.get(mon)?.plan).toBe(7.5);
    expect(b.get(mon + 1)?.plan).toBe(2.5);
  });
  it('refuses the same day, an empty day and more than the day holds', () => {
    const base = { rowId: 'r', kind: 'plan' as const, current };
    expect(transferValue({ ...base, fromDay: mon, toDay: mon })).toEqual({ ok: false, reason: 'same_day' });
    expect(transferValue({ ...base, fromDay: mon + 1, toDay: mon })).toEqual({
      ok: false,
      reason: 'nothing_to_transfer',
    });
    expect(transferValue({ ...base, fromDay: mon, toDay: mon + 1, amount: 11 })).toEqual({
      ok: false,
      reason: 'exceeds',
    });
    expect(transferValue({ ...base, fromDay: mon, toDay: mon + 1, amount: -1 })).toEqual({
      ok: false,
      reason: 'exceeds',
    });
  });
  it('property: the total of the kind is kept, other kinds untouched, undone by the inverse', () => {
    fc.assert(
      fc.property(
        rowDays,
        fc.integer({ min: 0, max: 27 }),
        fc.integer({ min: 0, max: 27 }),
        fc.constantFrom('plan' as const, 'fact' as const),
        fc.option(fc.integer({ min: 1, max: 50_000 }).map((u) => u / 1000)),
        (current, f, t, kind, amount) => {
          const r = transferValue({ rowId: 'r', kind, fromDay: mon + f, toDay: mon + t, amount, current });
          if (!r.ok) return;
          const { after, back } = applied(current, r.edits);
          expect(toUnits(rowTotals(after)[kind])).toBe(toUnits(rowTotals(current)[kind]));
          const other = kind === 'plan' ? 'fact' : 'plan';
          for (const [d, c] of current) expect(after.get(d)?.[other] ?? null).toBe(c[other]);
          expect(back).toEqual(current);
        },
      ),
    );
  });
});

describe('labour and cost per day', () => {
  it('takes the unit price as the cost of a unit, else the resources over the volume', () => {
    expect(rowRates({ volume: 100, price: 12 }, { labour: 400, cost: 9999 })).toEqual({
      labour: 4,
      cost: 12,
    });
    expect(rowRates({ volume: 100, price: null }, { labour: 0, cost: 2500 })).toEqual({
      labour: null,
      cost: 25,
    });
    expect(rowRates({ volume: null, price: null }, { labour: 10, cost: 10 })).toEqual({
      labour: null,
      cost: null,
    });
    expect(rowRates({ volume: 0, price: 3 }, undefined)).toEqual({ labour: null, cost: 3 });
  });
  it('gives a day value in volume, labour or cost, and totals that are the sums of the days', () => {
    const rates = { labour: 0.5, cost: 12.5 };
    expect(measureOf(8, 'volume', rates)).toBe(8);
    expect(measureOf(8, 'labour', rates)).toBe(4);
    expect(measureOf(8, 'cost', rates)).toBe(100);
    expect(measureOf(null, 'cost', rates)).toBeNull();
    expect(measureOf(8, 'labour', { labour: null, cost: 1 })).toBeNull();
    fc.assert(
      fc.property(rowDays, fc.integer({ min: 1, max: 100_000 }), (days, c) => {
        const r = { labour: null, cost: c / 1000 };
        const sum = [...days.values()].reduce((s, d) => s + toUnits(measureOf(d.plan, 'cost', r) ?? 0), 0);
        expect(toUnits(measureTotal(days, 'plan', 'cost', r)!)).toBe(sum);
        expect(measureTotal(days, 'plan', 'labour', r)).toBeNull();
      }),
    );
  });
});

describe('day report', () => {
  it('lists rows planned or reported on the day, and rows behind their plan', () => {
    const days = new Map<string, RowDays>([
      [
        'a',
        new Map([
          [mon, cell({ plan: 5 })],
          [mon + 1, cell({ plan: 5, fact: 3 })],
        ]),
      ],
      ['b', new Map([[mon, cell({ plan: 2, fact: 2 })]])],
      ['c', new Map([[mon, cell({ plan: 4 })]])],
      ['d', new Map([[mon + 9, cell({ plan: 4 })]])],
    ]);
    const r = dayReport(days, mon + 1, ['b', 'a', 'c', 'd']);
    expect(r.map((l) => l.item_id)).toEqual(['a', 'c']);
    expect(r[0]).toEqual({ item_id: 'a', plan: 5, fact: 3, plan_to_date: 10, fact_to_date: 3 });
    expect(r[1]).toMatchObject({ plan: null, fact: null, plan_to_date: 4, fact_to_date: 0 });
  });
});
