// The undo step's packing (issue 28): a step packed as columns (v 3: ids once, equal values once)
// unpacks to the same step for any mix of added, changed and removed nodes, any texts and any ids;
// steps packed the earlier ways (v 2 columns, one object per node) and a jsonb entry still unpack.
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CostNode } from '../../src/domain/costr';
import { packStep, unpackStep } from '../../src/server/services/costr-store';
import type { Step } from '../../src/server/services/costr-store';

const text = fc.string({ maxLength: 12, unit: 'grapheme' });
const id = fc.uuid();
const node = (nid: string): fc.Arbitrary<CostNode> =>
  fc.record({
    id: fc.constant(nid),
    parentId: fc.option(id, { nil: null }),
    orderKey: fc.string({ minLength: 1, maxLength: 8 }),
    kind: fc.constantFrom('section' as const, 'position' as const),
    code: text,
    name: text,
    measure: text,
    quantity: text,
    labourPrice: text,
    machinesPrice: text,
    materialsPrice: text,
    labourHours: text,
    dictionaryId: fc.option(id, { nil: null }),
    wbsItemId: fc.option(id, { nil: null }),
    notes: text,
  });
const change = id.chain((nid) =>
  fc
    .record({ before: fc.option(node(nid), { nil: null }), after: fc.option(node(nid), { nil: null }) })
    .map((c) => ({ id: nid, ...c })),
);
const step: fc.Arbitrary<Step> = fc.record({ nodes: fc.array(change, { maxLength: 20 }) });
// Ids as a client may send them (upper case) mixed with canonical ones; nodes sharing values.
const anyId = fc.oneof(
  id,
  id.map((x) => x.toUpperCase()),
);
const sharedNode = (nid: string): fc.Arbitrary<CostNode> =>
  fc.record({
    id: fc.constant(nid),
    parentId: fc.constantFrom(null, '00000000-0000-4000-8000-000000000001'),
    orderKey: fc.constantFrom('a', 'b'),
    kind: fc.constantFrom('section' as const, 'position' as const),
    code: fc.constantFrom('', '1'),
    name: fc.constantFrom('x', 'null'),
    measure: fc.constant('m3'),
    quantity: fc.constantFrom('', '1.5'),
    labourPrice: fc.constant('1'),
    machinesPrice: fc.constant(''),
    materialsPrice: fc.constant('2'),
    labourHours: fc.constant(''),
    dictionaryId: fc.constant(null),
    wbsItemId: fc.constantFrom(null, '00000000-0000-4000-8000-000000000002'),
    notes: fc.constant('n'),
  });
const sharedStep: fc.Arbitrary<Step> = fc.record({
  nodes: fc.array(
    anyId.chain((nid) =>
      fc
        .record({
          before: fc.option(sharedNode(nid), { nil: null }),
          after: fc.option(sharedNode(nid), { nil: null }),
        })
        .map((c) => ({ id: nid, ...c })),
    ),
    { maxLength: 20 },
  ),
});

/** The v 2 packing (before v 3), to check steps stored by it still unpack. */
const KEYS = [
  'id',
  'parentId',
  'orderKey',
  'kind',
  'code',
  'name',
  'measure',
  'quantity',
  'labourPrice',
  'machinesPrice',
  'materialsPrice',
  'labourHours',
  'dictionaryId',
  'wbsItemId',
  'notes',
] as const;
function packV2(s: Step): Buffer {
  const side = (which: 'before' | 'after') => {
    const cols = KEYS.map(() => [] as (string | null)[]);
    let has = '';
    for (const c of s.nodes) {
      const n = c[which];
      has += n ? '1' : '0';
      if (n) KEYS.forEach((k, j) => cols[j]!.push((n[k] as string | null) ?? null));
    }
    return { has, cols };
  };
  return gzipSync(
    JSON.stringify({ v: 2, ids: s.nodes.map((c) => c.id), before: side('before'), after: side('after') }),
  );
}
const stored = (packed: string) => ({ packed: Buffer.from(packed, 'base64'), entry: null });

describe('costr undo step packing', () => {
  it('unpacks a packed step to the same step', () => {
    fc.assert(
      fc.property(step, (s) => {
        expect(unpackStep(stored(packStep(s)))).toEqual(s);
      }),
    );
  });

  it('unpacks a step of shared values and upper-case ids to the same step', () => {
    fc.assert(
      fc.property(sharedStep, (s) => {
        expect(unpackStep(stored(packStep(s)))).toEqual(s);
      }),
    );
  });

  it('keeps the coefficients of a step', () => {
    const s: Step = {
      nodes: [],
      coefficients: {
        before: [],
        after: [
          {
            id: 'c1',
            name: 'VAT',
            kind: 'vat',
            value: '1.2',
            scope: 'estimate',
            target: 'total',
            hours: false,
            after: [],
          } as never,
        ],
      },
    };
    expect(unpackStep(stored(packStep(s)))).toEqual(s);
  });

  it('still unpacks steps packed as v 2 columns, one object per node, and jsonb entries', () => {
    fc.assert(
      fc.property(step, (s) => {
        expect(unpackStep({ packed: packV2(s), entry: null })).toEqual(s);
        const old = gzipSync(JSON.stringify(s));
        expect(unpackStep({ packed: old, entry: null })).toEqual(s);
        expect(unpackStep({ packed: null, entry: s })).toEqual(s);
      }),
    );
  });
});
