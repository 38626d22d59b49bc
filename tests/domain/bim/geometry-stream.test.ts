// The packed geometry's version 2 (a front section, then the buffers in parts) against version 1:
// both read back to the same elements; read as a stream in chunks of any size, the front section
// alone (before any buffer) gives the overview's plan, and the parts fill the model in order
// (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GeometryReader,
  type GeometryPiece,
  type ModelGeometry,
  packGeometry,
  packGeometryV1,
  packModel,
  unpackGeometry,
} from '../../../src/domain/bim/geometry-format';
import { elementBounds, sizeOrder } from '../../../src/domain/bim/motion-lod';
import { overviewPlan } from '../../../src/domain/bim/progressive';

const coord = fc.integer({ min: -50, max: 50 });
const piece: fc.Arbitrary<GeometryPiece> = fc
  .record({
    elementId: fc.integer({ min: 1, max: 12 }),
    verts: fc.array(fc.tuple(coord, coord, coord), { minLength: 3, maxLength: 9 }),
    tris: fc.nat({ max: 5 }),
    shift: fc.tuple(coord, coord, coord),
    color: fc.tuple(fc.nat({ max: 4 }), fc.nat({ max: 4 }), fc.nat({ max: 4 })),
  })
  .map(({ elementId, verts, tris, shift, color }) => {
    const vertices = new Float32Array(verts.length * 6);
    verts.forEach(([x, y, z], k) => vertices.set([x, y, z, 0, 1, 0], k * 6));
    const indices = new Uint32Array(tris * 3);
    for (let k = 0; k < indices.length; k++) indices[k] = (k * 7) % verts.length;
    return {
      elementId,
      vertices,
      indices,
      matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, shift[0], shift[1], shift[2], 1],
      color: [color[0] / 4, color[1] / 4, color[2] / 4, 1] as [number, number, number, number],
    };
  });
const pieces = fc.array(piece, { maxLength: 14 });

/** Per element id: its positions, normals, colours and triangles (vertex numbers within it). */
function byElement(m: ModelGeometry) {
  const out = new Map<number, unknown>();
  for (const r of m.ranges) {
    const a = r.vertexStart;
    const z = a + r.vertexCount;
    out.set(r.id, {
      positions: [...m.positions.subarray(a * 3, z * 3)],
      normals: [...m.normals.subarray(a * 3, z * 3)],
      colors: [...m.colors.subarray(a * 4, z * 4)],
      indices: [...m.indices.subarray(r.indexStart, r.indexStart + r.indexCount)].map((i) => i - a),
    });
  }
  return out;
}

/** Splits bytes at the given cut points (any chunk sizes, as a network stream gives them). */
function chunks(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const c of [...at, bytes.length]) {
    out.push(bytes.slice(from, c));
    from = c;
  }
  return out;
}

describe('geometry format version 2', () => {
  it('reads back the same elements as version 1 (and the same box)', () => {
    fc.assert(
      fc.property(pieces, (ps) => {
        const v1 = unpackGeometry(packGeometryV1(ps));
        const v2 = unpackGeometry(packGeometry(ps));
        expect(v2.ranges.length).toBe(v1.ranges.length);
        expect(byElement(v2)).toEqual(byElement(v1));
        expect(v2.min).toEqual(v1.min);
        expect(v2.max).toEqual(v1.max);
        // Stored largest first; each element's stored box is its vertices' box.
        expect(v2.bounds).toEqual(elementBounds(v2));
        expect([...sizeOrder(v2.bounds!)]).toEqual(v2.ranges.map((_, e) => e));
        // Version 1 read again packs to the same version 2.
        expect(packModel(v1)).toEqual(packGeometry(ps));
      }),
    );
  });

  it('streamed in chunks of any size: the front alone gives the overview plan, parts fill in order', () => {
    fc.assert(
      fc.property(
        pieces,
        fc.array(fc.nat({ max: 5000 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 600 }),
        fc.nat({ max: 200 }),
        (ps, cuts, partSize, fullBudget) => {
          const whole = unpackGeometry(packGeometry(ps));
          const bytes = packModel(whole, partSize);
          const reader = new GeometryReader();
          let frontAt = -1;
          let pushed = 0;
          const seen: number[] = [];
          let planFromFront: unknown = null;
          reader.onFront = (front, model) => {
            frontAt = pushed;
            // Nothing of the buffers is in yet.
            expect(reader.elementsIn).toBe(0);
            expect(model.positions.every((x) => x === 0)).toBe(true);
            const order = sizeOrder(front.bounds);
            planFromFront = overviewPlan(
              order,
              (e) => front.ranges[e]!.indexCount / 3,
              () => true,
              fullBudget,
            );
          };
          reader.onParts = (n) => seen.push(n);
          // The front section's length (header, u32 at byte 24) is one of the cuts.
          const frontBytes = new DataView(bytes.buffer, bytes.byteOffset).getUint32(24, true);
          for (const c of chunks(bytes, [...cuts, frontBytes])) {
            pushed += c.length;
            reader.push(c);
          }
          const m = reader.end();
          // The front was read as soon as its bytes were in, before the first part's.
          expect(frontAt).toBe(frontBytes);
          expect(reader.front!.frontBytes).toBe(frontBytes);
          // The plan the overview draws from the front equals the one from the whole model.
          const order = sizeOrder(elementBounds(whole));
          expect(planFromFront).toEqual(
            overviewPlan(
              order,
              (e) => whole.ranges[e]!.indexCount / 3,
              () => true,
              fullBudget,
            ),
          );
          for (let k = 1; k < seen.length; k++) expect(seen[k]!).toBeGreaterThan(seen[k - 1]!);
          expect(reader.elementsIn).toBe(whole.ranges.length);
          expect(byElement(m)).toEqual(byElement(whole));
          expect([...m.indices]).toEqual([...whole.indices]);
          // The element colours of the front are the elements' first vertex colours.
          m.ranges.forEach((r, e) => {
            if (r.vertexCount > 0)
              expect([...reader.front!.elementColors.subarray(e * 4, e * 4 + 4)]).toEqual([
                ...m.colors.subarray(r.vertexStart * 4, r.vertexStart * 4 + 4),
              ]);
          });
        },
      ),
    );
  });

  it('reads version 1 whole as a stream (its front at the end) and refuses what is not geometry', () => {
    const ps: GeometryPiece[] = [
      {
        elementId: 5,
        vertices: new Float32Array([0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1]),
        indices: new Uint32Array([0, 1, 2]),
        matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
        color: [1, 0, 0, 1],
      },
    ];
    const old = packGeometryV1(ps);
    const reader = new GeometryReader();
    let fronts = 0;
    reader.onFront = () => fronts++;
    for (const c of chunks(old, [3, 70, 90])) reader.push(c);
    expect(fronts).toBe(0);
    const m = reader.end();
    expect(fronts).toBe(1);
    expect(reader.front!.version).toBe(1);
    expect(byElement(m)).toEqual(byElement(unpackGeometry(packGeometry(ps))));
    expect(() => unpackGeometry(new Uint8Array(80))).toThrow('bim.bad_geometry');
    const cut = packGeometry(ps).slice(0, -4);
    expect(() => unpackGeometry(cut)).toThrow('bim.bad_geometry');
  });
});
