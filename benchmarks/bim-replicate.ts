// The bench's copies of a model side by side (benchmarks/bim.ts and bim-page.ts): in the page as a
// stand-in for a larger stored file, and on the server to store a real ~100k-element model.
import type { ModelGeometry } from '../src/domain/bim/geometry-format';

/** `copies` copies of a model in a square grid on the ground, a model's width apart. */
export function replicate(m: ModelGeometry, copies: number): ModelGeometry {
  if (copies === 1) return m;
  const nv = m.positions.length / 3;
  const ni = m.indices.length;
  const positions = new Float32Array(nv * 3 * copies);
  const normals = new Int8Array(nv * 3 * copies);
  const colors = new Uint8Array(nv * 4 * copies);
  const indices = new Uint32Array(ni * copies);
  const ranges: ModelGeometry['ranges'] = [];
  const side = Math.ceil(Math.sqrt(copies));
  const dx = (m.max[0] - m.min[0]) * 1.2 || 1;
  const dz = (m.max[2] - m.min[2]) * 1.2 || 1;
  const maxId = Math.max(...m.ranges.map((r) => r.id)) + 1;
  for (let c = 0; c < copies; c++) {
    const ox = (c % side) * dx;
    const oz = Math.floor(c / side) * dz;
    for (let v = 0; v < nv; v++) {
      const o = (c * nv + v) * 3;
      positions[o] = m.positions[v * 3]! + ox;
      positions[o + 1] = m.positions[v * 3 + 1]!;
      positions[o + 2] = m.positions[v * 3 + 2]! + oz;
    }
    normals.set(m.normals.subarray(0, nv * 3), c * nv * 3);
    colors.set(m.colors.subarray(0, nv * 4), c * nv * 4);
    for (let i = 0; i < ni; i++) indices[c * ni + i] = m.indices[i]! + c * nv;
    for (const r of m.ranges)
      ranges.push({
        id: r.id + c * maxId,
        vertexStart: r.vertexStart + c * nv,
        vertexCount: r.vertexCount,
        indexStart: r.indexStart + c * ni,
        indexCount: r.indexCount,
      });
  }
  return {
    ranges,
    positions,
    normals,
    colors,
    indices,
    min: m.min,
    max: [
      m.min[0] + (side - 1) * dx + (m.max[0] - m.min[0]),
      m.max[1],
      m.min[2] + (side - 1) * dz + (m.max[2] - m.min[2]),
    ],
  };
}
