// The compact geometry of a BIM model as the viewer streams it: one merged buffer (all elements'
// triangles), per-element vertex and index ranges, per-vertex colours. Little-endian binary:
//
//   header   16 × u32/f32: magic 'BIMG', version 1, elements, vertices, indices, 3 reserved,
//            bbox min xyz, max xyz (f32)
//   ranges   elements × 5 u32: element express id, first vertex, vertex count, first index, index count
//   position vertices × 3 f32 (metres, Y up)
//   normal   vertices × 3 i8 (× 1/127), padded to 4 bytes
//   colour   vertices × 4 u8 (RGBA)
//   index    indices × u32 (into the whole vertex buffer)

export const MAGIC = 0x474d4942; // 'BIMG'
const HEADER_BYTES = 64;

export interface GeometryPiece {
  elementId: number;
  /** web-ifc's interleaved vertex data: x y z nx ny nz per vertex. */
  vertices: Float32Array;
  indices: Uint32Array;
  /** Column-major 4×4 placement. */
  matrix: number[];
  color: [number, number, number, number];
}

export interface ElementRange {
  id: number;
  vertexStart: number;
  vertexCount: number;
  indexStart: number;
  indexCount: number;
}

export interface ModelGeometry {
  ranges: ElementRange[];
  positions: Float32Array;
  normals: Int8Array;
  colors: Uint8Array;
  indices: Uint32Array;
  min: [number, number, number];
  max: [number, number, number];
}

const pad4 = (n: number) => (n + 3) & ~3;

/** Packs placed pieces, grouped per element (first appearance order) so each has one range. */
export function packGeometry(pieces: readonly GeometryPiece[]): Uint8Array {
  const order: number[] = [];
  const byElement = new Map<number, GeometryPiece[]>();
  let vertexTotal = 0;
  let indexTotal = 0;
  for (const p of pieces) {
    let list = byElement.get(p.elementId);
    if (!list) {
      list = [];
      byElement.set(p.elementId, list);
      order.push(p.elementId);
    }
    list.push(p);
    vertexTotal += p.vertices.length / 6;
    indexTotal += p.indices.length;
  }
  const rangesBytes = order.length * 20;
  const posBytes = vertexTotal * 12;
  const nrmBytes = pad4(vertexTotal * 3);
  const colBytes = vertexTotal * 4;
  const size = HEADER_BYTES + rangesBytes + posBytes + nrmBytes + colBytes + indexTotal * 4;
  const buf = new ArrayBuffer(size);
  const view = new DataView(buf);
  let o = HEADER_BYTES;
  const ranges = new Uint32Array(buf, o, order.length * 5);
  o += rangesBytes;
  const pos = new Float32Array(buf, o, vertexTotal * 3);
  o += posBytes;
  const nrm = new Int8Array(buf, o, vertexTotal * 3);
  o += nrmBytes;
  const col = new Uint8Array(buf, o, colBytes);
  o += colBytes;
  const idx = new Uint32Array(buf, o, indexTotal);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  let v = 0;
  let ix = 0;
  order.forEach((id, e) => {
    const v0 = v;
    const i0 = ix;
    for (const p of byElement.get(id)!) {
      const m = p.matrix;
      const base = v;
      const n = p.vertices.length / 6;
      for (let k = 0; k < n; k++) {
        const x = p.vertices[k * 6]!;
        const y = p.vertices[k * 6 + 1]!;
        const z = p.vertices[k * 6 + 2]!;
        const tx = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
        const ty = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
        const tz = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
        pos[v * 3] = tx;
        pos[v * 3 + 1] = ty;
        pos[v * 3 + 2] = tz;
        if (tx < min[0]!) min[0] = tx;
        if (ty < min[1]!) min[1] = ty;
        if (tz < min[2]!) min[2] = tz;
        if (tx > max[0]!) max[0] = tx;
        if (ty > max[1]!) max[1] = ty;
        if (tz > max[2]!) max[2] = tz;
        const nx = p.vertices[k * 6 + 3]!;
        const ny = p.vertices[k * 6 + 4]!;
        const nz = p.vertices[k * 6 + 5]!;
        let rx = m[0]! * nx + m[4]! * ny + m[8]! * nz;
        let ry = m[1]! * nx + m[5]! * ny + m[9]! * nz;
        let rz = m[2]! * nx + m[6]! * ny + m[10]! * nz;
        const len = Math.hypot(rx, ry, rz) || 1;
        rx /= len;
        ry /= len;
        rz /= len;
        nrm[v * 3] = Math.round(rx * 127);
        nrm[v * 3 + 1] = Math.round(ry * 127);
        nrm[v * 3 + 2] = Math.round(rz * 127);
        col[v * 4] = Math.round(Math.min(1, Math.max(0, p.color[0])) * 255);
        col[v * 4 + 1] = Math.round(Math.min(1, Math.max(0, p.color[1])) * 255);
        col[v * 4 + 2] = Math.round(Math.min(1, Math.max(0, p.color[2])) * 255);
        col[v * 4 + 3] = Math.round(Math.min(1, Math.max(0, p.color[3])) * 255);
        v++;
      }
      for (let k = 0; k < p.indices.length; k++) idx[ix++] = base + p.indices[k]!;
    }
    ranges.set([id, v0, v - v0, i0, ix - i0], e * 5);
  });
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, 1, true);
  view.setUint32(8, order.length, true);
  view.setUint32(12, vertexTotal, true);
  view.setUint32(16, indexTotal, true);
  const empty = vertexTotal === 0;
  for (let k = 0; k < 3; k++) {
    view.setFloat32(40 + k * 4, empty ? 0 : min[k]!, true);
    view.setFloat32(52 + k * 4, empty ? 0 : max[k]!, true);
  }
  return new Uint8Array(buf);
}

/** Reads the packed form (views into the given buffer, no copies). */
export function unpackGeometry(bytes: ArrayBuffer | Uint8Array): ModelGeometry {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  // Typed views need 4-byte aligned offsets: copy when the slice is not aligned.
  const data = u8.byteOffset % 4 === 0 ? u8 : u8.slice();
  const buf = data.buffer;
  const base = data.byteOffset;
  const view = new DataView(buf, base, data.byteLength);
  if (data.byteLength < HEADER_BYTES || view.getUint32(0, true) !== MAGIC)
    throw new Error('bim.bad_geometry');
  const elements = view.getUint32(8, true);
  const vertices = view.getUint32(12, true);
  const indexCount = view.getUint32(16, true);
  let o = base + HEADER_BYTES;
  const r = new Uint32Array(buf, o, elements * 5);
  o += elements * 20;
  const positions = new Float32Array(buf, o, vertices * 3);
  o += vertices * 12;
  const normals = new Int8Array(buf, o, vertices * 3);
  o += pad4(vertices * 3);
  const colors = new Uint8Array(buf, o, vertices * 4);
  o += vertices * 4;
  const indices = new Uint32Array(buf, o, indexCount);
  const ranges: ElementRange[] = [];
  for (let e = 0; e < elements; e++)
    ranges.push({
      id: r[e * 5]!,
      vertexStart: r[e * 5 + 1]!,
      vertexCount: r[e * 5 + 2]!,
      indexStart: r[e * 5 + 3]!,
      indexCount: r[e * 5 + 4]!,
    });
  const f = (k: number) => view.getFloat32(k, true);
  return {
    ranges,
    positions,
    normals,
    colors,
    indices,
    min: [f(40), f(44), f(48)],
    max: [f(52), f(56), f(60)],
  };
}
