// The open path by columns builds the same document, and packs the same worker columns, as the
// row path (rowFromItem / packDoc) does from the same content.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VersionContent } from '../../src/api/versions';
import { columnsOfContent } from '../../src/api/version-columns';
import { storedItem } from '../fixtures/stored-item';
import { relationFromApi, rowFromItem } from '../../src/api/wbs-rows';
import { docFromColumns, packColumns } from '../../src/state/workbench/columns-content';
import { buildTreeIndex } from '../../src/domain/wbs/tree-index';
import { attributeColumn, updateValues, type WbsRow } from '../../src/domain/wbs';
import type { ShardedMap } from '../../src/domain/wbs/sharded-map';
import { docOf } from '../../src/state/workbench/data';
import { packDoc, unpackDoc } from '../../src/workers/doc-pack';

const version = {
  id: 'v',
  schedule_id: 's',
  kind: 'version' as const,
  label: 'Working',
  locked: false,
  order: 0,
  revision: 3,
  timetable_state: 'calculated' as const,
  data_date: 1000,
  created_at: '2026-11-22T00:00:00.000Z',
};

const item = storedItem;

/** A random tree: each row's parent is an earlier sum (or the top), relations between tasks. */
const contentArb = fc
  .array(
    fc.record({
      parent: fc.nat(),
      key: fc.stringMatching(/^[a-z]{1,3}$/),
      sum: fc.boolean(),
      code: fc.constantFrom('', 'A-1', 'B.2'),
      volume: fc.option(fc.double({ noNaN: true, min: -1e6, max: 1e6 })),
      limit: fc.option(fc.integer({ min: 0, max: 1e6 })),
      attrs: fc.option(fc.dictionary(fc.constantFrom('zone', 'crew'), fc.oneof(fc.string(), fc.integer()))),
    }),
    { minLength: 1, maxLength: 30 },
  )
  .chain((specs) => {
    const items = specs.map((s, i) => {
      const sums = specs.slice(0, i).flatMap((x, j) => (x.sum ? [`r${j}`] : []));
      const parent = sums.length && s.parent % 3 ? sums[s.parent % sums.length]! : null;
      return item(`r${i}`, parent, `${s.key}${i}`, {
        node_type: s.sum ? 'sum' : 'task',
        code: s.code,
        volume: s.volume,
        start_limit_type: s.limit === null ? null : 'not_earlier',
        start_limit_date: s.limit,
        attributes: s.attrs ?? {},
      });
    });
    const tasks = items.filter((i) => i.node_type !== 'sum').map((i) => i.id);
    return fc
      .uniqueArray(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: -960, max: 960 })), {
        maxLength: 40,
        selector: ([a, b]) => `${a % tasks.length}-${b % tasks.length}`,
      })
      .map((pairs): VersionContent => {
        const relations = tasks.length
          ? pairs
              .filter(([a, b]) => a % tasks.length !== b % tasks.length)
              .map(([a, b, lag], k) => ({
                id: `x${k}`,
                pred_id: tasks[a % tasks.length]!,
                succ_id: tasks[b % tasks.length]!,
                type: 'fs' as const,
                lag,
              }))
          : [];
        return { version, items, relations };
      });
  });

describe('content by columns', () => {
  it("builds the tree index when the columns are not in the server's order", () => {
    const content = {
      version,
      items: [item('b', null, 'b'), item('a', null, 'a'), item('c', 'a', 'a')],
      relations: [],
    };
    const cols = columnsOfContent(content);
    // columnsOfContent sorts as the server does; undo that for the rows at the top level.
    const swap = <T>(xs: T[]) => [xs[1]!, xs[0]!, ...xs.slice(2)];
    const items = { ...cols.items, id: swap(cols.items.id), order_key: swap(cols.items.order_key) };
    items.parent = items.id.map((id) => (id === 'c' ? items.id.indexOf('a') : -1));
    const { doc, index } = docFromColumns(items, cols.relations);
    expect(index).toBeUndefined();
    expect(buildTreeIndex(doc.rows).children.get('')).toEqual(['a', 'b']);
  });

  it('gives the document rowFromItem and relationFromApi give', () => {
    fc.assert(
      fc.property(contentArb, (content) => {
        const { items, relations } = columnsOfContent(content);
        const expected = docOf(content.items.map(rowFromItem), content.relations.map(relationFromApi));
        const { doc, index } = docFromColumns(items, relations);
        expect(new Map([...doc.rows].sort())).toEqual(new Map([...expected.rows].sort()));
        expect(new Map([...doc.relations].sort())).toEqual(new Map([...expected.relations].sort()));
        // The index read off the server's order is the one a build gives.
        expect(index).toEqual(buildTreeIndex(doc.rows));
      }),
    );
  });

  it('packs the worker columns that unpack to the same document', () => {
    fc.assert(
      fc.property(contentArb, (content) => {
        const { items, relations } = columnsOfContent(content);
        const { doc } = docFromColumns(items, relations);
        expect(unpackDoc(packColumns(items, relations))).toEqual(unpackDoc(packDoc(doc)));
      }),
    );
  });

  it('builds a row when it is first read, frozen, and none before', () => {
    const content = { version, items: [item('a', null, 'a'), item('b', null, 'b')], relations: [] };
    const { items, relations } = columnsOfContent(content);
    const rows = docFromColumns(items, relations).doc.rows as ShardedMap<string, WbsRow>;
    expect([...rows.builtShards()]).toEqual([]);
    expect(Object.isFrozen(rows.get('a'))).toBe(true);
    expect([...rows.builtShards()].flatMap((m) => [...m.keys()])).toContain('a');
  });

  it('lets an attribute be written on one of the rows without any, and on that row only', () => {
    const content = { version, items: [item('a', null, 'a'), item('b', null, 'b')], relations: [] };
    const { items, relations } = columnsOfContent(content);
    const { doc } = docFromColumns(items, relations);
    const { doc: after } = updateValues(doc, buildTreeIndex(doc.rows), [
      { id: 'a', column: attributeColumn('zone', 'text'), value: 'North' },
    ]);
    expect(after.rows.get('a')!.attributes).toEqual({ zone: 'North' });
    expect(after.rows.get('b')!.attributes).toEqual({});
    expect(doc.rows.get('a')!.attributes).toEqual({});
  });

  it('turns non-scalar attribute values into text as the row path does', () => {
    const content = {
      version,
      items: [item('a', null, 'a', { attributes: { flag: true, none: null, n: 2 } })],
      relations: [],
    };
    const { items, relations } = columnsOfContent(content);
    expect(docFromColumns(items, relations).doc.rows.get('a')!.attributes).toEqual({
      flag: 'true',
      none: null,
      n: 2,
    });
  });

  it('packs the import extras of a few hundred thousand rows for the worker', () => {
    // More rows with extras than a call takes as arguments (an imported P6 schedule of that size).
    const n = 250_000;
    const items = Array.from({ length: n }, (_, i) =>
      item(`r${i}`, null, `a${String(i).padStart(6, '0')}`, { sched: { alap: true } }),
    );
    const { items: c, relations } = columnsOfContent({ version, items, relations: [] });
    expect(packColumns(c, relations).sched).toHaveLength(n);
  });
});
