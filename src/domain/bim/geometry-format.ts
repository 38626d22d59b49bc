// The compact geometry of a BIM model as the viewer streams it: one merged buffer (all elements'
// triangles), per-element vertex and index ranges, per-vertex colours. Little-endian binary.
//
// Version 2 (written since branch bimstream25), made to be read as a stream: a front section holds
// all the overview needs, the large buffers follow in parts, each whole elements:
//
//   header   16 × u32/f32: magic 'BIMG', version 2, elements, vertices, indices, parts, front
//            bytes (header included), 3 reserved, bbox min xyz, max xyz (f32)
//   front    parts × 6 u32: first element, elements, first vertex, vertices, first index, indices
//            elements × 5 u32: element express id, first vertex, vertex count, first index, index count
//            elements × 6 f32: the element's bounding box (min xyz, max xyz)
//            elements × 4 u8: the element's colour (RGBA, its first vertex's)
//   parts    in order, each: positions (vertices × 3 f32, metres, Y up), normals (vertices × 3 i8,
//            × 1/127, padded to 4 bytes), colours (vertices × 4 u8), indices (u32, into the whole
//            vertex buffer)
//
// Elements are stored largest first (their box's diagonal): the first parts are what the full
// detail draws first (src/domain/bim/progressive.ts draws the index in element order).
//
// Version 1 (stored before; still read, whole, by unpackGeometry and GeometryReader):
//
//   header   16 × u32/f32: magic 'BIMG', version 1, elements, vertices, indices, 3 reserved,
//            bbox min xyz, max xyz (f32)
//   ranges   elements × 5 u32: element express id, first vertex, vertex count, first index, index count
//   position vertices × 3 f32 (metres, Y up)
//   normal   vertices × 3 i8 (× 1/127), padded to 4 bytes
//   colour   vertices × 4 u8 (RGBA)
//   index    indices × u32 (into the whole vertex buffer)

import { elementBounds, sizeOrder } from './motion-lod';

export const MAGIC = 0x474d4942; // 'BIMG'
/** The version packGeometry writes. */
export const VERSION = 2;
const HEADER_BYTES = 64;
/** Bytes of a stored part of version 2 (at least; a part holds whole elements). */
export const PART_BYTES = 1 << 20;

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
  /** Per element (ranges order) its bounding box, min xyz max xyz (version 2 stores it). */
  bounds?: Float32Array;
}

/** A stored part of version 2: whole elements, their vertices and indices. */
export interface GeometryPart {
  firstElement: number;
  elements: number;
  firstVertex: number;
  vertices: number;
  firstIndex: number;
  indices: number;
}

/** What the front section of version 2 holds (version 1: the same, made from the whole file). */
export interface GeometryFront {
  version: number;
  vertices: number;
  indices: number;
  ranges: ElementRange[];
  bounds: Float32Array;
  /** Per element its colour (RGBA). */
  elementColors: Uint8Array;
  parts: GeometryPart[];
  min: [number, number, number];
  max: [number, number, number];
  /** Bytes of the header and front section (version 1: the whole file). */
  frontBytes: number;
}

const pad4 = (n: number) => (n + 3) & ~3;

/** The pieces placed and merged, grouped per element (first appearance order), one range each. */
export function modelOfPieces(pieces: readonly GeometryPiece[]): ModelGeometry {
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
  const pos = new Float32Array(vertexTotal * 3);
  const nrm = new Int8Array(vertexTotal * 3);
  const col = new Uint8Array(vertexTotal * 4);
  const idx = new Uint32Array(indexTotal);
  const ranges: ElementRange[] = [];
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  let v = 0;
  let ix = 0;
  for (const id of order) {
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
    ranges.push({ id, vertexStart: v0, vertexCount: v - v0, indexStart: i0, indexCount: ix - i0 });
  }
  const empty = vertexTotal === 0;
  const box = (a: number[]) => a.map((x) => (empty ? 0 : Math.fround(x))) as [number, number, number];
  return { ranges, positions: pos, normals: nrm, colors: col, indices: idx, min: box(min), max: box(max) };
}

/** Packs placed pieces in the current version (2). */
export function packGeometry(pieces: readonly GeometryPiece[]): Uint8Array {
  return packModel(modelOfPieces(pieces));
}

/** Packs placed pieces in version 1 (what was stored before version 2; kept for tests). */
export function packGeometryV1(pieces: readonly GeometryPiece[]): Uint8Array {
  const m = modelOfPieces(pieces);
  const nv = m.positions.length / 3;
  const ni = m.indices.length;
  const rangesBytes = m.ranges.length * 20;
  const size = HEADER_BYTES + rangesBytes + nv * 12 + pad4(nv * 3) + nv * 4 + ni * 4;
  const buf = new ArrayBuffer(size);
  const u8 = new Uint8Array(buf);
  let o = HEADER_BYTES;
  const ranges = new Uint32Array(buf, o, m.ranges.length * 5);
  m.ranges.forEach((r, e) =>
    ranges.set([r.id, r.vertexStart, r.vertexCount, r.indexStart, r.indexCount], e * 5),
  );
  o += rangesBytes;
  new Float32Array(buf, o, nv * 3).set(m.positions);
  o += nv * 12;
  new Int8Array(buf, o, nv * 3).set(m.normals);
  o += pad4(nv * 3);
  u8.set(m.colors, o);
  o += nv * 4;
  new Uint32Array(buf, o, ni).set(m.indices);
  writeHeader(new DataView(buf), 1, m, [0, 0], m.min, m.max);
  return u8;
}

function writeHeader(
  view: DataView,
  version: number,
  m: Pick<ModelGeometry, 'ranges' | 'positions' | 'indices'>,
  [parts, frontBytes]: [number, number],
  min: readonly number[],
  max: readonly number[],
): void {
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, version, true);
  view.setUint32(8, m.ranges.length, true);
  view.setUint32(12, m.positions.length / 3, true);
  view.setUint32(16, m.indices.length, true);
  view.setUint32(20, parts, true);
  view.setUint32(24, frontBytes, true);
  for (let k = 0; k < 3; k++) {
    view.setFloat32(40 + k * 4, min[k]!, true);
    view.setFloat32(52 + k * 4, max[k]!, true);
  }
}

const partBytes = (vertices: number, indices: number) =>
  vertices * 12 + pad4(vertices * 3) + vertices * 4 + indices * 4;
const frontSize = (elements: number, parts: number) => HEADER_BYTES + parts * 24 + elements * 48;

/**
 * Packs a model in version 2: its elements largest first (box diagonal), the front section, then
 * the buffers in parts of at least `partSize` bytes of whole elements.
 */
export function packModel(model: ModelGeometry, partSize = PART_BYTES): Uint8Array {
  const srcBounds = model.bounds ?? elementBounds(model);
  const order = sizeOrder(srcBounds);
  const n = order.length;
  // The elements in their new order, with their new ranges.
  const ranges: ElementRange[] = [];
  let v = 0;
  let ix = 0;
  for (let k = 0; k < n; k++) {
    const r = model.ranges[order[k]!]!;
    ranges.push({
      id: r.id,
      vertexStart: v,
      vertexCount: r.vertexCount,
      indexStart: ix,
      indexCount: r.indexCount,
    });
    v += r.vertexCount;
    ix += r.indexCount;
  }
  const parts: GeometryPart[] = [];
  for (let e = 0; e < n;) {
    const p: GeometryPart = {
      firstElement: e,
      elements: 0,
      firstVertex: ranges[e]!.vertexStart,
      vertices: 0,
      firstIndex: ranges[e]!.indexStart,
      indices: 0,
    };
    while (e < n && (p.elements === 0 || partBytes(p.vertices, p.indices) < partSize)) {
      p.elements++;
      p.vertices += ranges[e]!.vertexCount;
      p.indices += ranges[e]!.indexCount;
      e++;
    }
    parts.push(p);
  }
  const front = frontSize(n, parts.length);
  let size = front;
  for (const p of parts) size += partBytes(p.vertices, p.indices);
  const buf = new ArrayBuffer(size);
  const u8 = new Uint8Array(buf);
  writeHeader(
    new DataView(buf),
    VERSION,
    { ranges, positions: model.positions, indices: model.indices },
    [parts.length, front],
    model.min,
    model.max,
  );
  let o = HEADER_BYTES;
  const pt = new Uint32Array(buf, o, parts.length * 6);
  parts.forEach((p, k) =>
    pt.set([p.firstElement, p.elements, p.firstVertex, p.vertices, p.firstIndex, p.indices], k * 6),
  );
  o += parts.length * 24;
  const rg = new Uint32Array(buf, o, n * 5);
  ranges.forEach((r, e) => rg.set([r.id, r.vertexStart, r.vertexCount, r.indexStart, r.indexCount], e * 5));
  o += n * 20;
  const bd = new Float32Array(buf, o, n * 6);
  for (let k = 0; k < n; k++) bd.set(srcBounds.subarray(order[k]! * 6, order[k]! * 6 + 6), k * 6);
  o += n * 24;
  for (let k = 0; k < n; k++) {
    const r = model.ranges[order[k]!]!;
    if (r.vertexCount > 0) u8.set(model.colors.subarray(r.vertexStart * 4, r.vertexStart * 4 + 4), o + k * 4);
  }
  o += n * 4;
  for (const p of parts) {
    const pos = new Float32Array(buf, o, p.vertices * 3);
    const nrm = new Int8Array(buf, o + p.vertices * 12, p.vertices * 3);
    const col = new Uint8Array(buf, o + p.vertices * 12 + pad4(p.vertices * 3), p.vertices * 4);
    const idx = new Uint32Array(buf, o + p.vertices * 12 + pad4(p.vertices * 3) + p.vertices * 4, p.indices);
    let pv = 0;
    let pi = 0;
    for (let e = p.firstElement; e < p.firstElement + p.elements; e++) {
      const r = model.ranges[order[e]!]!;
      const to = ranges[e]!;
      const a = r.vertexStart;
      const z = a + r.vertexCount;
      pos.set(model.positions.subarray(a * 3, z * 3), pv * 3);
      nrm.set(model.normals.subarray(a * 3, z * 3), pv * 3);
      col.set(model.colors.subarray(a * 4, z * 4), pv * 4);
      const shift = to.vertexStart - a;
      for (let k = 0; k < r.indexCount; k++) idx[pi + k] = model.indices[r.indexStart + k]! + shift;
      pv += r.vertexCount;
      pi += r.indexCount;
    }
    o += partBytes(p.vertices, p.indices);
  }
  return u8;
}

/** Reads the packed form, either version (version 1: views into the given buffer, no copies). */
export function unpackGeometry(bytes: ArrayBuffer | Uint8Array): ModelGeometry {
  const reader = new GeometryReader();
  reader.push(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  return reader.end();
}

/**
 * Reads the packed geometry as it arrives (chunks of any size, in order): `front` once the
 * header and front section are in (version 2; version 1 at the end), then `model` has its arrays
 * at full size, filled a part at a time; `elementsIn` counts the elements (a prefix in ranges
 * order) whose buffers are in.
 */
export class GeometryReader {
  front: GeometryFront | null = null;
  model: ModelGeometry | null = null;
  elementsIn = 0;
  private chunks: Uint8Array[] = [];
  private buffered = 0;
  private version = 0;
  private nextPart = 0;
  /** Called when the front section is read (the model's buffers still empty). */
  onFront: ((front: GeometryFront, model: ModelGeometry) => void) | null = null;
  /** Called when parts are read (elementsIn grew). */
  onParts: ((elementsIn: number) => void) | null = null;

  push(chunk: Uint8Array): void {
    if (chunk.byteLength === 0) return;
    this.chunks.push(chunk);
    this.buffered += chunk.byteLength;
    this.advance();
  }

  /** The whole model, once every byte is in (throws when the data is short or not geometry). */
  end(): ModelGeometry {
    if (this.version === 0 && this.buffered >= 8) this.advance();
    if (this.version === 1) {
      const all = this.take(this.buffered);
      const m = unpackV1(all);
      const front = frontOf(m, 1, all.byteLength);
      this.front = front;
      this.model = m;
      this.nextPart = front.parts.length;
      this.onFront?.(front, m);
      this.elementsIn = m.ranges.length;
      this.onParts?.(this.elementsIn);
    }
    if (!this.front || !this.model || this.nextPart < this.front.parts.length || this.buffered > 0)
      throw new Error('bim.bad_geometry');
    return this.model;
  }

  /** `n` bytes off the front of what is buffered (a view when one chunk holds them). */
  private take(n: number): Uint8Array {
    const head = this.chunks[0]!;
    let out: Uint8Array;
    if (head.byteLength >= n) {
      out = head.subarray(0, n);
      if (head.byteLength === n) this.chunks.shift();
      else this.chunks[0] = head.subarray(n);
    } else {
      out = new Uint8Array(n);
      let o = 0;
      while (o < n) {
        const c = this.chunks[0]!;
        const k = Math.min(c.byteLength, n - o);
        out.set(c.subarray(0, k), o);
        o += k;
        if (k === c.byteLength) this.chunks.shift();
        else this.chunks[0] = c.subarray(k);
      }
    }
    this.buffered -= n;
    return out;
  }

  /** The header, left buffered (read again with the front section). */
  private peekHeader(): DataView {
    if (this.chunks[0]!.byteLength < HEADER_BYTES) this.chunks = [this.take(this.buffered)];
    this.buffered = this.chunks.reduce((n, c) => n + c.byteLength, 0);
    const h = this.chunks[0]!;
    return new DataView(h.buffer, h.byteOffset, HEADER_BYTES);
  }

  private advance(): void {
    if (this.version === 0) {
      if (this.buffered < HEADER_BYTES) return;
      const h = this.peekHeader();
      if (h.getUint32(0, true) !== MAGIC) throw new Error('bim.bad_geometry');
      this.version = h.getUint32(4, true);
      if (this.version !== 1 && this.version !== 2) throw new Error('bim.bad_geometry');
    }
    // Version 1 is read whole, at the end.
    if (this.version !== 2) return;
    if (!this.front) {
      const h = this.peekHeader();
      const frontBytes = h.getUint32(24, true);
      if (this.buffered < frontBytes) return;
      const bytes = this.take(frontBytes);
      const { front, model } = readFront(bytes.byteOffset % 4 === 0 ? bytes : bytes.slice());
      this.front = front;
      this.model = model;
      this.onFront?.(front, model);
    }
    const front = this.front;
    const model = this.model!;
    const before = this.nextPart;
    while (this.nextPart < front.parts.length) {
      const p = front.parts[this.nextPart]!;
      const size = partBytes(p.vertices, p.indices);
      if (this.buffered < size) break;
      const bytes = this.take(size);
      let o = 0;
      const copy = (to: ArrayBufferView, at: number, n: number) => {
        new Uint8Array(to.buffer, to.byteOffset + at, n).set(bytes.subarray(o, o + n));
      };
      copy(model.positions, p.firstVertex * 12, p.vertices * 12);
      o += p.vertices * 12;
      copy(model.normals, p.firstVertex * 3, p.vertices * 3);
      o += pad4(p.vertices * 3);
      copy(model.colors, p.firstVertex * 4, p.vertices * 4);
      o += p.vertices * 4;
      copy(model.indices, p.firstIndex * 4, p.indices * 4);
      this.nextPart++;
      this.elementsIn = p.firstElement + p.elements;
    }
    if (this.nextPart > before) this.onParts?.(this.elementsIn);
  }
}

/** The front section of version 2, and the model with its buffers at full size, still empty. */
function readFront(data: Uint8Array): { front: GeometryFront; model: ModelGeometry } {
  const buf = data.buffer;
  const base = data.byteOffset;
  const view = new DataView(buf, base, data.byteLength);
  const elements = view.getUint32(8, true);
  const vertices = view.getUint32(12, true);
  const indices = view.getUint32(16, true);
  const partCount = view.getUint32(20, true);
  if (data.byteLength !== frontSize(elements, partCount)) throw new Error('bim.bad_geometry');
  let o = base + HEADER_BYTES;
  const pt = new Uint32Array(buf, o, partCount * 6);
  o += partCount * 24;
  const parts: GeometryPart[] = [];
  for (let k = 0; k < partCount; k++)
    parts.push({
      firstElement: pt[k * 6]!,
      elements: pt[k * 6 + 1]!,
      firstVertex: pt[k * 6 + 2]!,
      vertices: pt[k * 6 + 3]!,
      firstIndex: pt[k * 6 + 4]!,
      indices: pt[k * 6 + 5]!,
    });
  const ranges = rangesOf(new Uint32Array(buf, o, elements * 5));
  o += elements * 20;
  const bounds = new Float32Array(buf, o, elements * 6);
  o += elements * 24;
  const elementColors = new Uint8Array(buf, o, elements * 4);
  const f = (k: number) => view.getFloat32(k, true);
  const min: [number, number, number] = [f(40), f(44), f(48)];
  const max: [number, number, number] = [f(52), f(56), f(60)];
  const front: GeometryFront = {
    version: 2,
    vertices,
    indices,
    ranges,
    bounds,
    elementColors,
    parts,
    min,
    max,
    frontBytes: data.byteLength,
  };
  const model: ModelGeometry = {
    ranges,
    positions: new Float32Array(vertices * 3),
    normals: new Int8Array(vertices * 3),
    colors: new Uint8Array(vertices * 4),
    indices: new Uint32Array(indices),
    min,
    max,
    bounds,
  };
  return { front, model };
}

function rangesOf(r: Uint32Array): ElementRange[] {
  const ranges: ElementRange[] = [];
  for (let e = 0; e < r.length / 5; e++)
    ranges.push({
      id: r[e * 5]!,
      vertexStart: r[e * 5 + 1]!,
      vertexCount: r[e * 5 + 2]!,
      indexStart: r[e * 5 + 3]!,
      indexCount: r[e * 5 + 4]!,
    });
  return ranges;
}

/** The front a whole model gives (version 1 files, which have none of their own). */
export function frontOf(m: ModelGeometry, version: number, frontBytes: number): GeometryFront {
  const bounds = m.bounds ?? elementBounds(m);
  m.bounds = bounds;
  const elementColors = new Uint8Array(m.ranges.length * 4);
  m.ranges.forEach((r, e) => {
    if (r.vertexCount > 0)
      elementColors.set(m.colors.subarray(r.vertexStart * 4, r.vertexStart * 4 + 4), e * 4);
  });
  const vertices = m.positions.length / 3;
  return {
    version,
    vertices,
    indices: m.indices.length,
    ranges: m.ranges,
    bounds,
    elementColors,
    parts: [
      {
        firstElement: 0,
        elements: m.ranges.length,
        firstVertex: 0,
        vertices,
        firstIndex: 0,
        indices: m.indices.length,
      },
    ],
    min: m.min,
    max: m.max,
    frontBytes,
  };
}

/** Version 1 (views into the given buffer, no copies; an unaligned slice is copied). */
function unpackV1(u8: Uint8Array): ModelGeometry {
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
  const ranges = rangesOf(new Uint32Array(buf, o, elements * 5));
  o += elements * 20;
  const positions = new Float32Array(buf, o, vertices * 3);
  o += vertices * 12;
  const normals = new Int8Array(buf, o, vertices * 3);
  o += pad4(vertices * 3);
  const colors = new Uint8Array(buf, o, vertices * 4);
  o += vertices * 4;
  const indices = new Uint32Array(buf, o, indexCount);
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
