// The undo step's packing (issue 28): a step packed as columns (v 2) unpacks to the same step for
// any mix of added, changed and removed nodes and any texts; a step packed the earlier way (one
// object per node) and a jsonb entry still unpack.
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
const stored = (packed: string) => ({ packed: Buffer.from(packed, 'base64'), entry: null });

describe('costr undo step packing', () => {
  it('unpacks a packed step to the same step', () => {
    fc.assert(
      fc.property(step, (s) => {
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

  it('still unpacks steps packed one object per node, and jsonb entries', () => {
    fc.assert(
      fc.property(step, (s) => {
        const old = gzipSync(JSON.stringify(s));
        expect(unpackStep({ packed: old, entry: null })).toEqual(s);
        expect(unpackStep({ packed: null, entry: s })).toEqual(s);
      }),
    );
  });
});
