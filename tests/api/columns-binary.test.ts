// The binary columns of a version's content (src/api/columns-binary.ts) decode to exactly the
// columns encoded: numbers and nulls, positions, dictionary values, and strings of any Unicode.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeColumns, encodeColumns, headBytes } from '../../src/api/columns-binary';
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
  // -0 is left out: the content comes from the database through JSON, which has no -0
  // (JSON.stringify(-0) is "0"), and a column of one repeated value travels as a JSON constant.
  price: fc.option(
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x)),
    { nil: null },
  ),
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

  it('refuse a body that is not binary columns', () => {
    expect(() => decodeColumns(new TextEncoder().encode('{"version":1}').buffer)).toThrow();
  });
});
