// The page of `npm run bench -- bim` in headless Chromium: the 3D viewer of the product
// (src/modules/bim/viewer.ts, three.js, one merged mesh) opens a stored model's packed geometry
// as the screen does (read, unpack, load, first frame drawn), then orbits it. A model "of N
// copies" is the same geometry N times side by side (element ids renumbered), to reach 10× and
// 100k elements. Each frame is timed to the end of drawing (a pixel read waits for the GPU,
// here Chromium's software renderer). The first frame is split into read, unpack, replicate (the
// bench's stand-in for a larger stored file), the viewer's load and its first draw; a model above
// the viewer's PROGRESSIVE_TRIANGLES first shows an overview (`first_frame_ms`,
// `first_frame_detail: false`), then its full detail in parts (`full_detail_ms`, from the start).
import { unpackGeometry } from '../src/domain/bim/geometry-format';
import { elementBounds, sizeOrder } from '../src/domain/bim/motion-lod';
import { streamGeometry } from '../src/modules/bim/geometry-stream';
import { BimViewer } from '../src/modules/bim/viewer';
import { replicate } from './bim-replicate';

const ORBIT_BUDGET_MS = 30_000;

interface Result {
  elements: number;
  triangles: number;
  read_ms: number;
  unpack_ms: number;
  replicate_ms: number;
  load_ms: number;
  first_draw_ms: number;
  second_still_ms: number;
  load_bounds_ms: number;
  load_size_order_ms: number;
  first_frame_ms: number;
  first_frame_detail: boolean;
  first_frame_triangles: number;
  full_detail_ms: number;
  full_detail_parts: number;
  first_png?: string;
  detail_png?: string;
  orbit_frames: number;
  orbit_median_ms: number;
  orbit_p95_ms: number;
  orbit_moving_frames: number;
  orbit_moving_median_ms: number;
  orbit_moving_p95_ms: number;
  settled_frame_ms: number;
  still_calls: number;
  still_triangles: number;
  moving_calls: number;
  moving_triangles: number;
  heap_mb: number | null;
  geometry_mb: number;
}

async function run(url: string, copies: number, frames: number, shots = false): Promise<Result> {
  const host = document.getElementById('host')!;
  const viewer = new BimViewer(host);
  const gl = viewer.renderer.getContext();
  const px = new Uint8Array(4);
  const drawn = () => {
    viewer.renderNow();
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
  };
  const t0 = performance.now();
  const bytes = await (await fetch(url)).arrayBuffer();
  const t1 = performance.now();
  const stored = unpackGeometry(bytes);
  const t2 = performance.now();
  const model = replicate(stored, copies);
  const t3 = performance.now();
  viewer.load(model);
  const t4 = performance.now();
  // The first frame as the viewer draws it on its first animation frame: a model above
  // PROGRESSIVE_TRIANGLES shows its overview (every element, the smaller ones as boxes) ...
  viewer.draw();
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
  const t5 = performance.now();
  const first = t5 - t0;
  const firstFrame = { ...viewer.lastFrame };
  const canvas = viewer.renderer.domElement;
  const firstPng = shots ? canvas.toDataURL('image/png') : undefined;
  // ... and its full detail, drawn in parts on the next animation frames (at once below it).
  await viewer.whenDetailed();
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
  const t6 = performance.now();
  const detailFrame = { ...viewer.lastFrame };
  const detailPng = shots ? canvas.toDataURL('image/png') : undefined;
  // The same still frame again: no upload, no program compiled (what the first draw paid extra).
  drawn();
  const again = performance.now() - t6;
  // Orbit: the camera turns round the target, a frame per step.
  const times: number[] = [];
  const target = viewer.controls.target.clone();
  const offset = viewer.camera.position.clone().sub(target);
  // At most ORBIT_BUDGET_MS of orbiting (a slow model reports the frames it drew by then).
  const until = performance.now() + ORBIT_BUDGET_MS;
  for (let k = 0; k < frames && performance.now() < until; k++) {
    const a = (k + 1) * ((2 * Math.PI) / frames);
    const x = offset.x * Math.cos(a) - offset.z * Math.sin(a);
    const z = offset.x * Math.sin(a) + offset.z * Math.cos(a);
    viewer.camera.position.set(target.x + x, target.y + offset.y, target.z + z);
    viewer.camera.lookAt(target);
    const s = performance.now();
    drawn();
    times.push(performance.now() - s);
  }
  // The same orbit as the viewer draws it while the camera moves (the controls call
  // cameraMoved: a lower pixel ratio until the camera is still), same frames, same run.
  const moving: number[] = [];
  const until2 = performance.now() + ORBIT_BUDGET_MS;
  for (let k = 0; k < frames && performance.now() < until2; k++) {
    const a = (k + 1) * ((2 * Math.PI) / frames);
    const x = offset.x * Math.cos(a) - offset.z * Math.sin(a);
    const z = offset.x * Math.sin(a) + offset.z * Math.cos(a);
    viewer.camera.position.set(target.x + x, target.y + offset.y, target.z + z);
    viewer.camera.lookAt(target);
    const s = performance.now();
    viewer.cameraMoved();
    viewer.draw();
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
    moving.push(performance.now() - s);
  }
  const movingFrame = { ...viewer.lastFrame };
  const s0 = performance.now();
  drawn();
  const stillFrame = { ...viewer.lastFrame };
  const settled = performance.now() - s0;
  const sortedMoving = [...moving].sort((a, b) => a - b);
  const sorted = [...times].sort((a, b) => a - b);
  const mem = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
  const geometryBytes =
    model.positions.byteLength +
    model.normals.byteLength +
    model.colors.byteLength +
    model.indices.byteLength * 2;
  viewer.dispose();
  // Parts of the viewer's load, timed again after the run: per-element boxes (every vertex) and
  // their size order.
  const b0 = performance.now();
  const bounds = elementBounds(model);
  const b1 = performance.now();
  sizeOrder(bounds);
  const b2 = performance.now();
  return {
    ...(shots ? { first_png: firstPng, detail_png: detailPng } : {}),
    load_bounds_ms: +(b1 - b0).toFixed(1),
    load_size_order_ms: +(b2 - b1).toFixed(1),
    elements: model.ranges.length,
    triangles: model.indices.length / 3,
    read_ms: +(t1 - t0).toFixed(1),
    unpack_ms: +(t2 - t1).toFixed(1),
    replicate_ms: +(t3 - t2).toFixed(1),
    load_ms: +(t4 - t3).toFixed(1),
    first_draw_ms: +(t5 - t4).toFixed(1),
    second_still_ms: +again.toFixed(1),
    first_frame_ms: +first.toFixed(1),
    first_frame_detail: firstFrame.detail,
    first_frame_triangles: firstFrame.triangles,
    full_detail_ms: +(t6 - t0).toFixed(1),
    full_detail_parts: detailFrame.calls,
    orbit_frames: times.length,
    orbit_median_ms: +sorted[Math.floor(sorted.length / 2)]!.toFixed(1),
    orbit_p95_ms: +sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!.toFixed(1),
    orbit_moving_frames: moving.length,
    orbit_moving_median_ms: +sortedMoving[Math.floor(sortedMoving.length / 2)]!.toFixed(1),
    orbit_moving_p95_ms:
      +sortedMoving[Math.min(sortedMoving.length - 1, Math.ceil(sortedMoving.length * 0.95) - 1)]!.toFixed(1),
    settled_frame_ms: +settled.toFixed(1),
    still_calls: stillFrame.calls,
    still_triangles: stillFrame.triangles,
    moving_calls: movingFrame.calls,
    moving_triangles: movingFrame.triangles,
    heap_mb: mem ? +(mem.usedJSHeapSize / 2 ** 20).toFixed(1) : null,
    geometry_mb: +(geometryBytes / 2 ** 20).toFixed(1),
  };
}

/**
 * A stored model read as the product reads it (GET projects/{id}/3d/{model}, the real route, as a
 * stream): from the fetch's start to the front section in, the first frame drawn (its overview),
 * every byte in, and the full detail on the canvas.
 */
async function runStream(url: string, headers: Record<string, string>, shots = false) {
  const host = document.getElementById('host')!;
  const viewer = new BimViewer(host);
  const gl = viewer.renderer.getContext();
  const px = new Uint8Array(4);
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const tHead = performance.now();
  const streamed = await streamGeometry(res);
  const tFront = performance.now();
  viewer.loadStream(streamed);
  const tLoad = performance.now();
  viewer.draw();
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
  const tFirst = performance.now();
  const firstFrame = { ...viewer.lastFrame };
  const canvas = viewer.renderer.domElement;
  const firstPng = shots ? canvas.toDataURL('image/png') : undefined;
  const elementsInAtFirst = streamed.elementsIn();
  let tAll = 0;
  void streamed.done.then(() => (tAll = performance.now()));
  await streamed.done;
  await viewer.whenDetailed();
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
  const tDetail = performance.now();
  const detailFrame = { ...viewer.lastFrame };
  const detailPng = shots ? canvas.toDataURL('image/png') : undefined;
  // Picking works once the detail is in: the element at the canvas's centre.
  const rect = canvas.getBoundingClientRect();
  const picked = viewer.pick(rect.left + rect.width / 2, rect.top + rect.height / 2);
  const m = streamed.model;
  viewer.dispose();
  return {
    ...(shots ? { first_png: firstPng, detail_png: detailPng } : {}),
    elements: m.ranges.length,
    triangles: m.indices.length / 3,
    bytes_mb: +(Number(res.headers.get('content-length')) / 2 ** 20).toFixed(1),
    response_headers_ms: +(tHead - t0).toFixed(1),
    front_ms: +(tFront - t0).toFixed(1),
    load_ms: +(tLoad - tFront).toFixed(1),
    first_frame_ms: +(tFirst - t0).toFixed(1),
    first_frame_detail: firstFrame.detail,
    first_frame_triangles: firstFrame.triangles,
    elements_in_at_first_frame: elementsInAtFirst,
    all_bytes_in_ms: +(tAll - t0).toFixed(1),
    full_detail_ms: +(tDetail - t0).toFixed(1),
    full_detail_parts: detailFrame.calls,
    picked_at_centre: picked,
  };
}

(window as unknown as { __bim: { run: typeof run; runStream: typeof runStream } }).__bim = {
  run,
  runStream,
};
