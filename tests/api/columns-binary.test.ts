// The binary columns of a version's content (src/api/columns-binary.ts) decode to exactly the
// columns encoded: numbers and nulls, positions, dictionary values, and strings of any Unicode;
// the workbench's decode (decodeReadColumns: float64 numbers, int32 positions) to the same values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeColumns, decodeReadColumns, encodeColumns, headBytes } from '../../src/api/columns-binary';
import { numAt } from '../../src/api/read-columns';
import type { Version, VersionColumns } from '../../src/api/versions';

const version = { id: 'v1', label: 'V', revision: 3 } as unknown as Version;

function body(c: VersionColumns): ArrayBuffer {
  const { head, data } = encodeColumns(c.items, c.relations);
  const h = headBytes({ ...head, version: c.version });
  const out = new Uint8Array(h.byteLength + data.byteLength);
  out.set(h, 0);
  out.set(data, h.byteLength);
  return out.buffer;
}

const date = fc.option(fc.integer({ min: 0, max: 30_000_000 }), { nil: null });
const item = fc.record({
  id: fc.uuid(),
  order_key: fc.string(),
  node_type: fc.constantFrom('task', 'work', 'milestone_finish', 'sum'),
  code: fc.string(),
  name: fc.string({ unit: 'binary' }),
  calendar_id: fc.option(fc.constantFrom('c1', 'c2'), { nil: null }),
  duration: fc.integer({ min: 0, max: 1e6 }),
  percent: fc.double({ min: 0, max: 100, noNaN: true }),
  start_limit_type: fc.option(fc.constantFrom('not_earlier', 'not_later'), { nil: null }),
  price: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }),
  es: date,
  critical: fc.option(fc.boolean(), { nil: null }),
});

const columns = fc.array(item, { maxLength: 40 }).chain((items) =>
  fc
    .array(
      fc.record({
        id: fc.uuid(),
        pred: fc.nat(Math.max(0, items.length - 1)),
        succ: fc.nat(Math.max(0, items.length - 1)),
        type: fc.constantFrom('fs', 'ss', 'ff', 'sf'),
        lag: fc.integer({ min: -1e5, max: 1e5 }),
      }),
      { maxLength: items.length ? 60 : 0 },
    )
    .map((rels): VersionColumns => {
      const col = <K extends keyof (typeof items)[number]>(k: K) => items.map((i) => i[k]);
      const n = items.length;
      return {
        version,
        items: {
          id: col('id'),
          parent: items.map((_, i) => (i === 0 ? -1 : i - 1)),
          order_key: col('order_key'),
          node_type: col('node_type'),
          code: col('code'),
          name: col('name'),
          calendar_id: col('calendar_id'),
          duration: col('duration'),
          remaining: col('duration'),
          actual_start: col('es'),
          actual_finish: new Array(n).fill(null),
          percent: col('percent'),
          start_limit_type: col('start_limit_type'),
          start_limit_date: col('es'),
          finish_limit_type: new Array(n).fill(null),
          finish_limit_date: new Array(n).fill(null),
          volume: col('price'),
          price: col('price'),
          attributes: n ? [[0, { zone: 'B2', crew: 4 }]] : [],
          sched: [],
          es: col('es'),
          ef: col('es'),
          ls: col('es'),
          lf: col('es'),
          tf: col('es'),
          ff: col('es'),
          critical: col('critical'),
        },
        relations: {
          id: rels.map((r) => r.id),
          pred: rels.map((r) => r.pred),
          succ: rels.map((r) => r.succ),
          type: rels.map((r) => r.type),
          lag: rels.map((r) => r.lag),
          lag_calendar: rels.length ? [[rels[0]!.id, 'successor']] : [],
        },
      } as unknown as VersionColumns;
    }),
);

describe('binary columns', () => {
  it('decode to the columns encoded (property)', () => {
    fc.assert(
      fc.property(columns, (c) => {
        expect(decodeColumns(body(c))).toEqual(c);
      }),
      { numRuns: 200 },
    );
  });

  it('decode for the workbench to the same values, numbers by numAt (property)', () => {
    fc.assert(
      fc.property(columns, (c) => {
        const read = decodeReadColumns(body(c));
        // Plain arrays again: float64 columns by numAt (NaN is null), int32 ones as they are.
        const plain = (table: Record<string, unknown>) =>
          Object.fromEntries(
            Object.entries(table).map(([k, v]) => [
              k,
              v instanceof Float64Array
                ? Array.from(v, (_, i) => numAt(v, i))
                : v instanceof Int32Array
                  ? Array.from(v)
                  : v,
            ]),
          );
        expect(read.items.duration).toBeInstanceOf(Float64Array);
        expect(read.items.parent).toBeInstanceOf(Int32Array);
        expect({ version: read.version, items: plain(read.items), relations: plain(read.relations) }).toEqual(
          c,
        );
      }),
      { numRuns: 200 },
    );
  });

  it('refuse a body that is not binary columns', () => {
    expect(() => decodeColumns(new TextEncoder().encode('{"version":1}').buffer)).toThrow();
  });
});
