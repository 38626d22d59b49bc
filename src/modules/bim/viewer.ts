// The 3D viewer (three.js): one merged mesh for the whole model (the packed geometry of
// src/domain/bim/geometry-format.ts, never a mesh per element), vertex colours per element (the
// model's own, a status colour, or the selection), orbit / pan / zoom, fit, a section plane,
// isolate and hide (the index buffer rebuilt from the visible elements' ranges), picking (the hit
// triangle → its element by binary search over the drawn ranges), and a PNG of the frame.
//
// Frames in a software renderer (headless Chromium's SwiftShader, issue 25's orbit budget): a
// still frame is drawn antialiased (4× multisampled render target, then copied to the canvas);
// while the camera moves the frame goes straight to the canvas without antialiasing at half the
// pixel ratio, and a model above MOTION_TRIANGLES is drawn coarse (src/domain/bim/motion-lod.ts:
// the largest elements, the smaller ones as boxes, the rest left out) until the camera is still.
// A still frame of a model above PROGRESSIVE_TRIANGLES (src/domain/bim/progressive.ts) is drawn
// at once as an overview (every visible element, the largest whole, the others as their boxes),
// then the full detail is drawn in parts, one an animation frame, and shown when complete.
// A model read as a stream (src/modules/bim/geometry-stream.ts) is loaded once its front section is
// in (ranges, element boxes and colours): until its buffers are all in, every still frame is such
// an overview (elements not yet in are boxes or points), the parts of the full detail are drawn as
// their elements arrive, and picking sees only the elements that are in.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import type { ElementRange, ModelGeometry } from '../../domain/bim/geometry-format';
import type { StreamedModel } from './geometry-stream';
import { BOX_TRIANGLES, elementBounds, motionPlan, sizeOrder } from '../../domain/bim/motion-lod';
import type { PrimitiveShape } from '../../domain/bim/primitives';
import {
  type DrawPart,
  POINT_PIXELS,
  facingSides,
  overviewPlan,
  progressiveStill,
  refineParts,
  screenPixels,
} from '../../domain/bim/progressive';

/** A primitive model as the viewer draws it (src/api/bim-more.ts Primitive). */
export interface ViewerPrimitive {
  element_id: number;
  shape: PrimitiveShape;
  position: readonly [number, number, number];
  size: readonly [number, number, number];
  rotation: number;
  color: string;
}

/** Pixel ratio while the camera moves, as a share of the full one (a quarter of the pixels). */
const MOTION_SCALE = 0.5;
/** How long the camera stays still before the frame is drawn again at full quality. */
const SETTLE_MS = 150;
/** Triangles a moving frame draws at most (the whole model below it, else the coarse plan). */
export const MOTION_TRIANGLES = 30_000;
/** When, after a model is loaded, the programs of moving frames are compiled. */
const WARM_UP_MS = 200;
/** Samples of a still frame's antialiasing. */
const MSAA_SAMPLES = 4;

const SELECTED: [number, number, number] = [0.16, 0.45, 0.95];

export function hexRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Marks the first `count` items of an attribute for upload (the rest is not drawn). */
function uploadPart(attribute: THREE.BufferAttribute, count: number): void {
  attribute.clearUpdateRanges();
  if (count === 0) return;
  attribute.addUpdateRange(0, count * attribute.itemSize);
  attribute.needsUpdate = true;
}

/** A unit cube's 24 vertices (flat normals) and 36 indices, wound outwards. */
const CUBE = (() => {
  const cube = new THREE.BoxGeometry(1, 1, 1);
  const out = {
    position: Float32Array.from(cube.getAttribute('position').array),
    normal: Float32Array.from(cube.getAttribute('normal').array),
    index: Uint32Array.from(cube.getIndex()!.array),
  };
  cube.dispose();
  return out;
})();
const MAX_BOXES = Math.floor(MOTION_TRIANGLES / BOX_TRIANGLES);

export class BimViewer {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera: THREE.PerspectiveCamera;
  readonly controls: OrbitControls;
  private mesh: THREE.Mesh | null = null;
  private geometry: THREE.BufferGeometry | null = null;
  private model: ModelGeometry | null = null;
  private byId = new Map<number, ElementRange>();
  private baseColors: Uint8Array | null = null;
  private colors: Uint8Array | null = null;
  /** Element id → #rrggbb (status colours); elements absent keep the model's colour. */
  private overrides = new Map<number, string>();
  private hidden = new Set<number>();
  private isolated: Set<number> | null = null;
  private selected = new Set<number>();
  /** Drawn ranges in index-buffer order, for picking. */
  private drawn: { start: number; id: number; e: number }[] = [];
  private section: THREE.Plane | null = null;
  private frame = 0;
  /** Pixel ratio at rest, and the lower one while the camera moves (software GL pays per pixel). */
  private readonly fullRatio = Math.min(window.devicePixelRatio, 2);
  private readonly motionRatio = this.fullRatio * MOTION_SCALE;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  /** How long the camera stays still before the still frame (a browser test holds it longer). */
  settleMs = SETTLE_MS;
  private lastMove = 0;
  private warmTimer: ReturnType<typeof setTimeout> | undefined;
  private moving = false;
  /** A still frame is drawn here (multisampled), then copied to the canvas by `blit`. */
  private still: THREE.WebGLRenderTarget | null = null;
  private readonly blit = new THREE.Scene();
  private readonly blitCamera = new THREE.OrthographicCamera(-1, 1, 1, -1, 0, 1);
  private readonly blitMaterial = new THREE.MeshBasicMaterial({
    depthTest: false,
    depthWrite: false,
    toneMapped: false,
  });
  /** Per element (ranges order): bounding box, and element indexes largest first. */
  private bounds: Float32Array = new Float32Array(0);
  private bySize: Uint32Array = new Uint32Array(0);
  private visibleTriangles = 0;
  /** The coarse model of a moving frame (null: not built, or the whole model is drawn). */
  private motion: { full: THREE.Mesh; boxes: THREE.Mesh } | null = null;
  private motionDirty = true;
  /** The model's material when still: both sides (a section shows the elements' insides). */
  private readonly stillMaterial = new THREE.MeshLambertMaterial({
    vertexColors: true,
    side: THREE.DoubleSide,
  });
  /**
   * While moving without a section, front faces only (web-ifc's meshes are closed and wound
   * outwards; culling the back faces saves a third of a software-rendered frame); boxes always.
   */
  private readonly movingMaterial = new THREE.MeshLambertMaterial({
    vertexColors: true,
    side: THREE.FrontSide,
  });
  /** The overview of a progressive still frame (own buffers; null: not built), and its eye. */
  private overview: { mesh: THREE.Mesh; points: THREE.Points } | null = null;
  private overviewDirty = true;
  private readonly overviewEye = new THREE.Vector3(NaN, NaN, NaN);
  /** Elements smaller than POINT_PIXELS on screen in the overview: a point of their colour. */
  private readonly pointMaterial = new THREE.PointsMaterial({
    vertexColors: true,
    size: POINT_PIXELS,
    sizeAttenuation: false,
  });
  /** The full detail being drawn in parts into the still target (null: none under way). */
  private refining: { parts: DrawPart[]; next: number; handle: number } | null = null;
  /** Whether the canvas shows the full detail of the current state, and who waits for it. */
  private detailed = false;
  private detailWaiters: (() => void)[] = [];
  private drawnIndices = 0;
  /** The drawn index buffer no longer matches the visible elements (see ensureIndex). */
  private indexStale = true;
  /** Entries of `drawn` whose indices are in the index buffer, and the indices they end at. */
  private indexFilled = 0;
  private indexFilledTo = 0;
  /** Elements (a prefix in ranges order) whose buffers are in; all but while a model streams. */
  private elementsIn = 0;
  /** Per element its colour from the front section (drawn for elements not yet in). */
  private elementColors: Uint8Array | null = null;
  private unsubscribe: (() => void) | null = null;
  /**
   * Draw calls and triangles of the last frame (the benchmark reports them); `detail`: false
   * for a progressive frame's overview (its full detail follows in parts).
   */
  readonly lastFrame = { calls: 0, triangles: 0, moving: false, detail: true };
  private resizeObserver: ResizeObserver;
  /** Primitive models: a few meshes of their own beside the merged model. */
  private primitives = new Map<number, { mesh: THREE.Mesh; color: string }>();

  constructor(private readonly host: HTMLElement) {
    // No antialiasing of the canvas itself (multisampling doubles a software renderer's frame):
    // still frames are multisampled in a render target instead.
    this.renderer = new THREE.WebGLRenderer({ antialias: false, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(this.fullRatio);
    this.renderer.setClearColor(0xf4f6f9);
    this.renderer.localClippingEnabled = true;
    host.appendChild(this.renderer.domElement);
    this.camera = new THREE.PerspectiveCamera(45, 1, 0.05, 5000);
    this.camera.position.set(30, 25, 30);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.enableDamping = false;
    this.controls.addEventListener('change', () => {
      this.cameraMoved();
      this.render();
    });
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x8d8d8d, 2.2));
    const sun = new THREE.DirectionalLight(0xffffff, 1.6);
    sun.position.set(50, 80, 30);
    this.scene.add(sun);
    const quad = new THREE.Mesh(new THREE.PlaneGeometry(2, 2), this.blitMaterial);
    quad.frustumCulled = false;
    this.blit.add(quad);
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(host);
    this.resize();
  }

  dispose(): void {
    this.unsubscribe?.();
    this.resizeObserver.disconnect();
    cancelAnimationFrame(this.frame);
    clearTimeout(this.settleTimer);
    clearTimeout(this.warmTimer);
    this.stopRefining();
    this.controls.dispose();
    this.geometry?.dispose();
    this.dropMotion();
    this.dropOverview();
    this.stillMaterial.dispose();
    this.movingMaterial.dispose();
    this.pointMaterial.dispose();
    this.still?.dispose();
    this.blitMaterial.dispose();
    (this.blit.children[0] as THREE.Mesh).geometry.dispose();
    this.setPrimitives([]);
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }

  private resize(): void {
    const w = Math.max(1, this.host.clientWidth);
    const h = Math.max(1, this.host.clientHeight);
    this.renderer.setSize(w, h, false);
    this.renderer.domElement.style.width = '100%';
    this.renderer.domElement.style.height = '100%';
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.render();
  }

  /**
   * Renders on the next frame (coalesced). A frame already asked for stands: cancelling and asking
   * again on every call starved the draw when something called this on every frame (a playing 4D
   * player) before the viewer's own frame callback ran.
   */
  render(): void {
    if (this.frame !== 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** Renders now (before a PNG export or a pixel check), always at full quality. */
  renderNow(): void {
    this.settle();
    this.drawFrame(true);
  }

  /** Resolves when the canvas shows the full detail (at once unless a progressive frame refines). */
  whenDetailed(): Promise<void> {
    if (this.detailed && !this.refining) return Promise.resolve();
    return new Promise((resolve) => this.detailWaiters.push(resolve));
  }

  private detailDone(): void {
    this.detailed = true;
    const waiters = this.detailWaiters;
    this.detailWaiters = [];
    for (const w of waiters) w();
  }

  private stopRefining(): void {
    if (!this.refining) return;
    if (this.refining.handle) cancelAnimationFrame(this.refining.handle);
    this.refining = null;
  }

  /**
   * Draws the frame now as the viewer's state asks: while the camera moves, straight to the
   * canvas (no antialiasing, the motion pixel ratio, the coarse model above MOTION_TRIANGLES);
   * when it is still, multisampled into a render target copied to the canvas (a model above
   * PROGRESSIVE_TRIANGLES: its overview now, the full detail in parts on the next frames).
   */
  draw(): void {
    this.drawFrame(false);
  }

  private drawFrame(full: boolean): void {
    // A frame drawn now answers one asked for, and replaces the parts of a detail under way.
    if (this.frame !== 0) {
      cancelAnimationFrame(this.frame);
      this.frame = 0;
    }
    this.stopRefining();
    const moving = this.moving;
    if (this.overview) this.overview.mesh.visible = this.overview.points.visible = false;
    if (!moving && !full && this.mesh && (progressiveStill(this.visibleTriangles) || !this.complete)) {
      this.drawOverview();
      return;
    }
    const coarse = moving && this.mesh !== null && this.visibleTriangles > MOTION_TRIANGLES;
    if (coarse && this.motionDirty) this.buildMotion();
    const material = moving && !this.section ? this.movingMaterial : this.stillMaterial;
    if (this.mesh) {
      this.mesh.visible = !coarse;
      if (!coarse) this.ensureIndex();
      this.mesh.material = material;
    }
    if (this.motion) {
      this.motion.full.visible = coarse;
      this.motion.full.material = material;
      this.motion.boxes.visible = coarse;
    }
    const r = this.renderer;
    if (moving) {
      r.setRenderTarget(null);
      r.render(this.scene, this.camera);
      this.lastFrame.calls = r.info.render.calls;
      this.lastFrame.triangles = r.info.render.triangles;
    } else {
      r.setRenderTarget(this.stillTarget());
      r.render(this.scene, this.camera);
      this.lastFrame.calls = r.info.render.calls;
      this.lastFrame.triangles = r.info.render.triangles;
      r.setRenderTarget(null);
      r.render(this.blit, this.blitCamera);
    }
    this.lastFrame.moving = moving;
    this.lastFrame.detail = !moving;
    if (moving) this.detailed = false;
    else this.detailDone();
  }

  /** The multisampled target of still frames, at the canvas's drawing-buffer size. */
  private stillTarget(): THREE.WebGLRenderTarget {
    const size = this.renderer.getDrawingBufferSize(new THREE.Vector2());
    if (!this.still) {
      this.still = new THREE.WebGLRenderTarget(size.x, size.y, { samples: MSAA_SAMPLES });
      // sRGB storage keeps 8 bits of precision in the dark tones the copy brings back.
      this.still.texture.colorSpace = THREE.SRGBColorSpace;
      this.blitMaterial.map = this.still.texture;
      this.blitMaterial.needsUpdate = true;
    } else if (this.still.width !== size.x || this.still.height !== size.y)
      this.still.setSize(size.x, size.y);
    return this.still;
  }

  /**
   * A progressive still frame: the overview straight to the canvas now (every visible element,
   * at least as its box), then the full detail in parts from the next animation frame on.
   */
  private drawOverview(): void {
    // Built for the eye (which box faces show, which elements are points): again when it moved.
    if (this.overviewDirty || !this.overview || !this.overviewEye.equals(this.camera.position))
      this.buildOverview();
    const r = this.renderer;
    this.mesh!.visible = false;
    if (this.motion) {
      this.motion.full.visible = false;
      this.motion.boxes.visible = false;
    }
    // Front faces only when no section is on, as moving frames (boxes and web-ifc's meshes are
    // closed and wound outwards).
    const { mesh, points } = this.overview!;
    mesh.material = this.section ? this.stillMaterial : this.movingMaterial;
    this.pointMaterial.clippingPlanes = this.section ? [this.section] : [];
    mesh.visible = points.visible = true;
    r.setRenderTarget(null);
    r.render(this.scene, this.camera);
    mesh.visible = points.visible = false;
    this.lastFrame.calls = r.info.render.calls;
    this.lastFrame.triangles = r.info.render.triangles;
    this.lastFrame.moving = false;
    this.lastFrame.detail = false;
    this.detailed = false;
    this.refining = {
      parts: refineParts(this.drawnIndices),
      next: 0,
      handle: requestAnimationFrame(() => this.refineStep()),
    };
  }

  /** Draws the next part of the full detail into the still target; the last part shows it. */
  private refineStep(): void {
    const job = this.refining;
    if (!job || !this.mesh || !this.geometry) return;
    job.handle = 0;
    const part = job.parts[job.next];
    const r = this.renderer;
    const first = job.next === 0;
    this.ensureIndex();
    // A part whose elements are not all in waits for them (addDetail asks again).
    if (part && part.start + part.count > this.indexFilledTo) return;
    this.mesh.visible = true;
    this.mesh.material = this.stillMaterial;
    if (part) this.geometry.setDrawRange(part.start, part.count);
    // Primitive models are drawn with the first part only.
    if (!first) for (const { mesh } of this.primitives.values()) mesh.visible = false;
    r.setRenderTarget(this.stillTarget());
    r.autoClear = first;
    r.render(this.scene, this.camera);
    r.autoClear = true;
    this.geometry.setDrawRange(0, this.indexFilledTo);
    for (const [id, { mesh }] of this.primitives) mesh.visible = this.visible(id);
    job.next++;
    if (job.next < job.parts.length) {
      job.handle = requestAnimationFrame(() => this.refineStep());
      return;
    }
    r.setRenderTarget(null);
    r.render(this.blit, this.blitCamera);
    this.refining = null;
    this.lastFrame.calls = job.parts.length;
    this.lastFrame.triangles = this.drawnIndices / 3;
    this.lastFrame.detail = true;
    this.detailDone();
  }

  /**
   * The overview of progressive frames, in buffers of its own (the model's are not uploaded for
   * it): the visible elements largest first, whole within OVERVIEW_FULL_TRIANGLES, every other one
   * as its bounding box in its current colour. Built again after visibility or colours change.
   */
  private buildOverview(): void {
    this.overviewDirty = false;
    this.dropOverview();
    if (!this.model || !this.colors || !this.geometry) return;
    const model = this.model;
    const ranges = model.ranges;
    const plan = overviewPlan(
      this.bySize,
      (e) => ranges[e]!.indexCount / 3,
      (e) => this.visible(ranges[e]!.id),
      undefined,
      (e) => e < this.elementsIn,
    );
    // Each box element: a point when smaller than POINT_PIXELS on screen, else the faces of its
    // box that face the eye (at most three: 4 vertices and 6 indices each).
    const eye = this.camera.position;
    this.overviewEye.copy(eye);
    const e3: [number, number, number] = [eye.x, eye.y, eye.z];
    const heightPx = this.renderer.getDrawingBufferSize(new THREE.Vector2()).y;
    const fov = THREE.MathUtils.degToRad(this.camera.fov);
    const b = this.bounds;
    const faces = new Uint8Array(plan.boxes.length);
    const pointList: number[] = [];
    let faceCount = 0;
    plan.boxes.forEach((e, k) => {
      const o = e * 6;
      const lo: [number, number, number] = [b[o]!, b[o + 1]!, b[o + 2]!];
      const hi: [number, number, number] = [b[o + 3]!, b[o + 4]!, b[o + 5]!];
      const d = Math.hypot(
        (lo[0] + hi[0]) / 2 - e3[0],
        (lo[1] + hi[1]) / 2 - e3[1],
        (lo[2] + hi[2]) / 2 - e3[2],
      );
      const size = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
      if (screenPixels(size, d, fov, heightPx) < POINT_PIXELS) {
        pointList.push(e);
        return;
      }
      const sides = facingSides(lo, hi, e3);
      let mask = 0;
      // BoxGeometry's faces: +x, -x, +y, -y, +z, -z.
      for (let a = 0; a < 3; a++) if (sides[a] !== 0) mask |= 1 << (2 * a + (sides[a]! > 0 ? 0 : 1));
      faces[k] = mask;
      for (let f = 0; f < 6; f++) if (mask & (1 << f)) faceCount++;
    });
    let vertices = faceCount * 4;
    let indices = faceCount * 6;
    for (const e of plan.full) {
      vertices += ranges[e]!.vertexCount;
      indices += ranges[e]!.indexCount;
    }
    const p = new Float32Array(vertices * 3);
    const nr = new Int8Array(vertices * 3);
    const cl = new Uint8Array(vertices * 4);
    const ix = new Uint32Array(indices);
    let v = 0;
    let o = 0;
    for (const e of plan.full) {
      const r = ranges[e]!;
      const a = r.vertexStart;
      const z = a + r.vertexCount;
      p.set(model.positions.subarray(a * 3, z * 3), v * 3);
      nr.set(model.normals.subarray(a * 3, z * 3), v * 3);
      cl.set(this.colors.subarray(a * 4, z * 4), v * 4);
      for (let k = 0; k < r.indexCount; k++) ix[o + k] = model.indices[r.indexStart + k]! - a + v;
      v += r.vertexCount;
      o += r.indexCount;
    }
    plan.boxes.forEach((e, k) => {
      const mask = faces[k]!;
      if (!mask) return;
      const bo = e * 6;
      const c = ranges[e]!.vertexStart * 4;
      for (let f = 0; f < 6; f++) {
        if (!(mask & (1 << f))) continue;
        for (let q = 0; q < 4; q++) {
          const cv = f * 4 + q;
          const o3 = (v + q) * 3;
          for (let a = 0; a < 3; a++) {
            const lo = b[bo + a]!;
            const hi = b[bo + 3 + a]!;
            p[o3 + a] = (lo + hi) / 2 + CUBE.position[cv * 3 + a]! * (hi - lo);
            nr[o3 + a] = CUBE.normal[cv * 3 + a]! * 127;
          }
          cl.set(this.colors!.subarray(c, c + 4), (v + q) * 4);
        }
        for (let q = 0; q < 6; q++) ix[o + q] = v + CUBE.index[f * 6 + q]! - f * 4;
        v += 4;
        o += 6;
      }
    });
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(p, 3));
    g.setAttribute('normal', new THREE.BufferAttribute(nr, 3, true));
    g.setAttribute('color', new THREE.BufferAttribute(cl, 4, true));
    g.setIndex(new THREE.BufferAttribute(ix, 1));
    g.boundingSphere = this.geometry.boundingSphere;
    const pp = new Float32Array(pointList.length * 3);
    const pc = new Uint8Array(pointList.length * 4);
    pointList.forEach((e, k) => {
      for (let a = 0; a < 3; a++) pp[k * 3 + a] = (b[e * 6 + a]! + b[e * 6 + 3 + a]!) / 2;
      const c = ranges[e]!.vertexStart * 4;
      pc.set(this.colors!.subarray(c, c + 4), k * 4);
    });
    const pg = new THREE.BufferGeometry();
    pg.setAttribute('position', new THREE.BufferAttribute(pp, 3));
    pg.setAttribute('color', new THREE.BufferAttribute(pc, 4, true));
    pg.boundingSphere = this.geometry.boundingSphere;
    const mesh = new THREE.Mesh(g, this.stillMaterial);
    const points = new THREE.Points(pg, this.pointMaterial);
    for (const m of [mesh, points]) {
      m.matrixAutoUpdate = false;
      m.visible = false;
      this.scene.add(m);
    }
    this.overview = { mesh, points };
  }

  private dropOverview(): void {
    if (!this.overview) return;
    const { mesh, points } = this.overview;
    this.scene.remove(mesh, points);
    mesh.geometry.dispose();
    points.geometry.dispose();
    this.overview = null;
  }

  /**
   * The camera moved: draw moving frames until it has been still for SETTLE_MS, then once more at
   * full quality (orbiting in a software renderer is bound by pixels and triangles drawn).
   */
  cameraMoved(): void {
    this.lastMove = performance.now();
    if (this.moving) return;
    this.moving = true;
    this.renderer.setPixelRatio(this.motionRatio);
    const wait = () => {
      const left = this.lastMove + this.settleMs - performance.now();
      if (left > 0) {
        this.settleTimer = setTimeout(wait, left);
        return;
      }
      this.settle();
      this.render();
    };
    this.settleTimer = setTimeout(wait, this.settleMs);
  }

  /** Back to still frames at the full pixel ratio (the canvas keeps its CSS size). */
  private settle(): void {
    clearTimeout(this.settleTimer);
    this.settleTimer = undefined;
    this.moving = false;
    if (this.renderer.getPixelRatio() !== this.fullRatio) this.renderer.setPixelRatio(this.fullRatio);
  }

  /** The coarse model of moving frames, from the visible elements and their current colours. */
  private buildMotion(): void {
    this.motionDirty = false;
    if (!this.model || !this.geometry || !this.mesh || !this.colors) return;
    const model = this.model;
    const ranges = model.ranges;
    const plan = motionPlan(
      this.bySize,
      (e) => ranges[e]!.indexCount / 3,
      (e) => this.visible(ranges[e]!.id),
      MOTION_TRIANGLES,
      (e) => e < this.elementsIn,
    );
    const nv = CUBE.position.length / 3;
    const ni = CUBE.index.length;
    if (!this.motion) {
      // Elements kept whole share the model's vertex buffers (colours included); only the index
      // differs. Boxes are closed and wound outwards: their back faces are culled. Buffers are
      // made once at the budget's size; a rebuild fills their start and draws that.
      const full = new THREE.BufferGeometry();
      for (const name of ['position', 'normal', 'color'])
        full.setAttribute(name, this.geometry.getAttribute(name));
      full.setIndex(new THREE.BufferAttribute(new Uint32Array(MOTION_TRIANGLES * 3), 1));
      full.boundingSphere = this.geometry.boundingSphere;
      const boxes = new THREE.BufferGeometry();
      boxes.setAttribute('position', new THREE.BufferAttribute(new Float32Array(MAX_BOXES * nv * 3), 3));
      boxes.setAttribute('normal', new THREE.BufferAttribute(new Float32Array(MAX_BOXES * nv * 3), 3));
      boxes.setAttribute('color', new THREE.BufferAttribute(new Uint8Array(MAX_BOXES * nv * 4), 4, true));
      boxes.setIndex(new THREE.BufferAttribute(new Uint32Array(MAX_BOXES * ni), 1));
      boxes.boundingSphere = this.geometry.boundingSphere;
      this.motion = {
        full: new THREE.Mesh(full, this.movingMaterial),
        boxes: new THREE.Mesh(boxes, this.movingMaterial),
      };
      for (const m of [this.motion.full, this.motion.boxes]) {
        m.matrixAutoUpdate = false;
        m.visible = false;
        this.scene.add(m);
      }
    }
    const fullGeometry = this.motion.full.geometry;
    const fullIndex = fullGeometry.getIndex()!;
    const index = fullIndex.array as Uint32Array;
    let o = 0;
    for (const e of plan.full) {
      const r = ranges[e]!;
      index.set(model.indices.subarray(r.indexStart, r.indexStart + r.indexCount), o);
      o += r.indexCount;
    }
    uploadPart(fullIndex, o);
    fullGeometry.setDrawRange(0, o);
    // Boxes: the unit cube scaled and moved onto each bounding box, in the element's colour.
    const boxes = this.motion.boxes.geometry;
    const pos = boxes.getAttribute('position') as THREE.BufferAttribute;
    const nrm = boxes.getAttribute('normal') as THREE.BufferAttribute;
    const col = boxes.getAttribute('color') as THREE.BufferAttribute;
    const idx = boxes.getIndex()!;
    const p = pos.array as Float32Array;
    const nr = nrm.array as Float32Array;
    const cl = col.array as Uint8Array;
    const ix = idx.array as Uint32Array;
    const n = plan.boxes.length;
    for (let b = 0; b < n; b++) {
      const e = plan.boxes[b]!;
      const bo = e * 6;
      const c = ranges[e]!.vertexStart * 4;
      for (let v = 0; v < nv; v++) {
        const o3 = (b * nv + v) * 3;
        for (let a = 0; a < 3; a++) {
          const lo = this.bounds[bo + a]!;
          const hi = this.bounds[bo + 3 + a]!;
          p[o3 + a] = (lo + hi) / 2 + CUBE.position[v * 3 + a]! * (hi - lo);
          nr[o3 + a] = CUBE.normal[v * 3 + a]!;
        }
        cl.set(this.colors.subarray(c, c + 4), (b * nv + v) * 4);
      }
      for (let k = 0; k < ni; k++) ix[b * ni + k] = b * nv + CUBE.index[k]!;
    }
    uploadPart(pos, n * nv);
    uploadPart(nrm, n * nv);
    uploadPart(col, n * nv);
    uploadPart(idx, n * ni);
    boxes.setDrawRange(0, n * ni);
  }

  private dropMotion(): void {
    if (!this.motion) return;
    this.scene.remove(this.motion.full, this.motion.boxes);
    // The whole elements' geometry shares the model's buffers: dropped only with the model (load,
    // dispose), when disposing it frees nothing still drawn.
    this.motion.full.geometry.dispose();
    this.motion.boxes.geometry.dispose();
    this.motion = null;
    this.motionDirty = true;
  }

  /**
   * Loads a model read as a stream (once its front section is in): drawn at once as an overview,
   * its full detail added as its parts arrive.
   */
  loadStream(s: StreamedModel): void {
    this.load(s.model, { elementsIn: s.elementsIn(), elementColors: s.elementColors });
    this.unsubscribe = s.onParts((n) => this.addDetail(n));
  }

  /** Whether every element's buffers are in (a streamed model's may still be arriving). */
  get complete(): boolean {
    return !this.model || this.elementsIn >= this.model.ranges.length;
  }

  load(model: ModelGeometry, stream: { elementsIn: number; elementColors: Uint8Array } | null = null): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.mesh) {
      this.scene.remove(this.mesh);
      this.geometry?.dispose();
    }
    this.dropMotion();
    this.dropOverview();
    this.stopRefining();
    this.overviewDirty = true;
    this.model = model;
    this.byId = new Map(model.ranges.map((r) => [r.id, r]));
    this.elementsIn = stream ? stream.elementsIn : model.ranges.length;
    this.elementColors = stream ? stream.elementColors : null;
    this.bounds = model.bounds ?? elementBounds(model);
    this.bySize = sizeOrder(this.bounds);
    this.overrides.clear();
    this.hidden.clear();
    this.isolated = null;
    this.selected.clear();
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(model.positions, 3));
    g.setAttribute('normal', new THREE.BufferAttribute(model.normals, 3, true));
    this.baseColors = model.colors;
    if (this.complete) this.colors = new Uint8Array(model.colors);
    else {
      // Streaming: the colours of the elements in, and the front's colour on the first vertex of
      // each element not in (no copy of the empty rest).
      this.colors = new Uint8Array(model.colors.length);
      const vIn = this.elementsIn > 0 ? model.ranges[this.elementsIn - 1]! : null;
      if (vIn) this.colors.set(model.colors.subarray(0, (vIn.vertexStart + vIn.vertexCount) * 4));
      this.paintSpan(this.elementsIn, model.ranges.length, false);
    }
    g.setAttribute('color', new THREE.BufferAttribute(this.colors, 4, true));
    // The index is made and filled with the visible elements' triangles by ensureIndex.
    // The sphere holds every vertex whatever is drawn: the model's box's (packed with it), not a
    // walk over every vertex, nor one per visibility change.
    g.boundingSphere = new THREE.Box3(
      new THREE.Vector3().fromArray(model.min),
      new THREE.Vector3().fromArray(model.max),
    ).getBoundingSphere(new THREE.Sphere());
    this.geometry = g;
    this.mesh = new THREE.Mesh(g, this.stillMaterial);
    this.mesh.matrixAutoUpdate = false;
    this.scene.add(this.mesh);
    this.rebuildIndex();
    this.fit();
    // Fitting the camera to a new model is no move of the user's: the first frame is a still one
    // (the full model, or a large model's overview), not the moving frame's coarse plan.
    this.settle();
    clearTimeout(this.warmTimer);
    this.warmTimer = setTimeout(() => this.warmUp(), WARM_UP_MS);
  }

  /**
   * Once the model is shown, prepares the first moving frame: the coarse model built and the
   * programs of moving frames (the canvas target, front faces, boxes) compiled, so the first
   * orbit step does not wait for them (a software renderer compiles a program in ~0.4 s).
   */
  private warmUp(): void {
    if (!this.mesh || this.moving) return;
    const coarse = this.visibleTriangles > MOTION_TRIANGLES;
    if (coarse && this.motionDirty) this.buildMotion();
    const material = this.section ? this.stillMaterial : this.movingMaterial;
    this.mesh.material = material;
    if (this.motion) this.motion.boxes.visible = true;
    this.renderer.setRenderTarget(null);
    this.renderer.compile(this.scene, this.camera);
    this.mesh.material = this.stillMaterial;
    if (this.motion) this.motion.boxes.visible = false;
  }

  get loaded(): boolean {
    return this.model !== null;
  }

  /** Ids of the elements that have geometry, primitive models included. */
  elementIds(): number[] {
    return [...(this.model ? this.model.ranges.map((r) => r.id) : []), ...this.primitives.keys()];
  }

  /** Replaces the primitive models drawn (site logistics volumes, in metres, Y up). */
  setPrimitives(list: readonly ViewerPrimitive[]): void {
    for (const { mesh } of this.primitives.values()) {
      this.scene.remove(mesh);
      mesh.geometry.dispose();
      (mesh.material as THREE.Material).dispose();
    }
    this.primitives.clear();
    for (const p of list) {
      const [w, h, d] = p.size;
      const geometry =
        p.shape === 'sphere'
          ? new THREE.SphereGeometry(w / 2, 24, 16)
          : p.shape === 'cylinder'
            ? new THREE.CylinderGeometry(w / 2, w / 2, h, 24)
            : p.shape === 'plane'
              ? new THREE.PlaneGeometry(w, d).rotateX(-Math.PI / 2)
              : new THREE.BoxGeometry(w, h, d);
      const material = new THREE.MeshLambertMaterial({
        color: p.color,
        side: THREE.DoubleSide,
        clippingPlanes: this.section ? [this.section] : [],
      });
      const mesh = new THREE.Mesh(geometry, material);
      // Placed by the base's centre: a box, cylinder or sphere stands on its position.
      const lift = p.shape === 'plane' ? 0.02 : p.shape === 'sphere' ? w / 2 : h / 2;
      mesh.position.set(p.position[0], p.position[1] + lift, p.position[2]);
      mesh.rotation.y = THREE.MathUtils.degToRad(p.rotation);
      mesh.userData.elementId = p.element_id;
      this.scene.add(mesh);
      this.primitives.set(p.element_id, { mesh, color: p.color });
    }
    this.repaint();
    this.rebuildIndex();
    this.render();
  }

  /** A spot on the ground beside the model (where a new primitive model goes). */
  besideModel(): [number, number, number] {
    if (!this.model) return [0, 0, 0];
    const { min, max } = this.model;
    return [Math.round(max[0] + 5), Math.round(min[1]), Math.round((min[2] + max[2]) / 2)];
  }

  /** The camera as the BIM state saves it. */
  getCamera(): { position: [number, number, number]; target: [number, number, number] } {
    const p = this.camera.position;
    const t = this.controls.target;
    return { position: [p.x, p.y, p.z], target: [t.x, t.y, t.z] };
  }

  setCamera(c: { position: readonly number[]; target: readonly number[] }): void {
    this.camera.position.set(c.position[0] ?? 0, c.position[1] ?? 0, c.position[2] ?? 0);
    this.controls.target.set(c.target[0] ?? 0, c.target[1] ?? 0, c.target[2] ?? 0);
    const size = this.camera.position.distanceTo(this.controls.target) || 1;
    this.camera.near = Math.min(this.camera.near, size / 500);
    this.camera.far = Math.max(this.camera.far, size * 50);
    this.camera.updateProjectionMatrix();
    this.controls.update();
    this.render();
  }

  fit(ids?: readonly number[]): void {
    if (!this.model) return;
    const box = new THREE.Box3();
    const list = ids && ids.length ? ids : null;
    if (!list) {
      box.min.fromArray(this.model.min);
      box.max.fromArray(this.model.max);
    } else {
      const v = new THREE.Vector3();
      const at = new Map(this.model.ranges.map((r, e) => [r.id, e]));
      for (const id of list) {
        const e = at.get(id);
        const r = this.byId.get(id);
        if (e === undefined || !r || r.vertexCount === 0) continue;
        box.expandByPoint(v.fromArray(this.bounds, e * 6));
        box.expandByPoint(v.fromArray(this.bounds, e * 6 + 3));
      }
      if (box.isEmpty()) return this.fit();
    }
    const center = box.getCenter(new THREE.Vector3());
    const size = box.getSize(new THREE.Vector3()).length() || 1;
    const dir = new THREE.Vector3(1, 0.8, 1).normalize();
    // The bounding sphere fits the narrower of the two fields of view (a tall pane beside the
    // Gantt is narrower than it is high).
    const vfov = THREE.MathUtils.degToRad(this.camera.fov);
    const hfov = 2 * Math.atan(Math.tan(vfov / 2) * this.camera.aspect);
    const distance = Math.max(size * 1.1, (size / 2 / Math.sin(Math.min(vfov, hfov) / 2)) * 0.9);
    this.camera.near = size / 500;
    this.camera.far = size * 50;
    this.camera.position.copy(center).addScaledVector(dir, distance);
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(center);
    this.controls.update();
    this.render();
  }

  /** Status colours (element → #rrggbb); replaces the previous ones. */
  setColors(colors: Map<number, string>): void {
    this.overrides = colors;
    this.repaint();
  }

  setSelection(ids: Iterable<number>): void {
    this.selected = new Set(ids);
    this.repaint();
  }

  getSelection(): number[] {
    return [...this.selected];
  }

  setHidden(ids: Iterable<number>): void {
    this.hidden = new Set(ids);
    this.rebuildIndex();
  }

  /** Only these elements drawn (null: all but the hidden). */
  setIsolated(ids: Iterable<number> | null): void {
    this.isolated = ids ? new Set(ids) : null;
    this.rebuildIndex();
  }

  /** Elements shown by the 4D player (null: no player filter). */
  private shown: Set<number> | null = null;
  setShown(ids: Set<number> | null): void {
    this.shown = ids;
    this.rebuildIndex();
  }

  /** A horizontal section at a fraction (0–1) of the model's height; null removes it. */
  setSection(fraction: number | null): void {
    if (!this.mesh || !this.model) return;
    if (fraction === null) this.section = null;
    else {
      const y = this.model.min[1] + (this.model.max[1] - this.model.min[1]) * fraction;
      this.section = new THREE.Plane(new THREE.Vector3(0, -1, 0), y);
    }
    const planes = this.section ? [this.section] : [];
    const materials = [this.stillMaterial, this.movingMaterial];
    for (const { mesh } of this.primitives.values())
      materials.push(mesh.material as THREE.MeshLambertMaterial);
    for (const m of materials) {
      m.clippingPlanes = planes;
      m.needsUpdate = true;
    }
    this.render();
  }

  private visible(id: number): boolean {
    if (this.hidden.has(id)) return false;
    if (this.isolated && !this.isolated.has(id)) return false;
    if (this.shown && !this.shown.has(id)) return false;
    return true;
  }

  private rebuildIndex(): void {
    for (const [id, { mesh }] of this.primitives) mesh.visible = this.visible(id);
    if (!this.model || !this.geometry) return this.render();
    this.motionDirty = true;
    this.overviewDirty = true;
    let total = 0;
    for (const r of this.model.ranges) if (this.visible(r.id)) total += r.indexCount;
    this.visibleTriangles = total / 3;
    this.drawn = [];
    let o = 0;
    this.model.ranges.forEach((r, e) => {
      if (!this.visible(r.id)) return;
      this.drawn.push({ start: o, id: r.id, e });
      o += r.indexCount;
    });
    this.indexStale = true;
    this.drawnIndices = total;
    this.indexFilledTo = 0;
    this.geometry.setDrawRange(0, 0);
    for (const [id, { mesh }] of this.primitives) mesh.visible = this.visible(id);
    this.render();
  }

  /**
   * The index buffer holds every element's triangles: the visible ones are copied to its start
   * and only they are drawn and uploaded (no new buffer per visibility change). Filled when the
   * full model is drawn or picked, not at load or per visibility change (a large model's overview
   * does not wait for it). While a model streams, only the elements that are in (a prefix of the
   * drawn ones) are filled and drawn; the rest is filled as they arrive.
   */
  private ensureIndex(): void {
    if (!this.model || !this.geometry) return;
    const src = this.model.indices;
    let index = this.geometry.getIndex();
    if (!index) {
      index = new THREE.BufferAttribute(new Uint32Array(src.length), 1);
      this.geometry.setIndex(index);
    }
    if (this.indexStale) {
      this.indexStale = false;
      this.indexFilled = 0;
      this.indexFilledTo = 0;
      index.clearUpdateRanges();
    }
    let k = this.indexFilled;
    const from = this.indexFilledTo;
    const out = index.array as Uint32Array;
    for (; k < this.drawn.length && this.drawn[k]!.e < this.elementsIn; k++) {
      const r = this.model.ranges[this.drawn[k]!.e]!;
      out.set(src.subarray(r.indexStart, r.indexStart + r.indexCount), this.drawn[k]!.start);
    }
    if (k === this.indexFilled) return;
    this.indexFilled = k;
    this.indexFilledTo = k < this.drawn.length ? this.drawn[k]!.start : this.drawnIndices;
    index.addUpdateRange(from, this.indexFilledTo - from);
    index.needsUpdate = true;
    this.geometry.setDrawRange(0, this.indexFilledTo);
  }

  /**
   * Buffers of elements arrived (a streamed model: the first `elementsIn` in ranges order are
   * in): uploaded, painted in their current colours, their indices filled when next drawn, and a
   * part of the full detail waiting for them drawn.
   */
  addDetail(elementsIn: number): void {
    const model = this.model;
    if (!model || !this.geometry) return;
    const e0 = this.elementsIn;
    const e1 = Math.min(elementsIn, model.ranges.length);
    if (e1 <= e0) return;
    this.elementsIn = e1;
    const v0 = model.ranges[e0]!.vertexStart;
    const last = model.ranges[e1 - 1]!;
    const v1 = last.vertexStart + last.vertexCount;
    this.paintSpan(e0, e1);
    for (const name of ['position', 'normal', 'color']) {
      const a = this.geometry.getAttribute(name) as THREE.BufferAttribute;
      a.addUpdateRange(v0 * a.itemSize, (v1 - v0) * a.itemSize);
      a.needsUpdate = true;
    }
    this.motionDirty = true;
    const job = this.refining;
    if (job && job.handle === 0) job.handle = requestAnimationFrame(() => this.refineStep());
    else if (!job && !this.moving) this.render();
  }

  /**
   * Colours of the elements [e0, e1) (ranges order; their vertices are contiguous): the model's,
   * then status colours and the selection; an element whose buffers are not in yet gets its
   * front-section colour on its first vertex (what the overview reads).
   */
  private paintSpan(e0: number, e1: number, copyBase = true): void {
    const model = this.model;
    const colors = this.colors;
    const base = this.baseColors;
    if (!model || !colors || !base || e1 <= e0) return;
    const first = model.ranges[e0]!;
    const last = model.ranges[e1 - 1]!;
    const v0 = Math.min(first.vertexStart, last.vertexStart);
    const v1 = Math.max(first.vertexStart + first.vertexCount, last.vertexStart + last.vertexCount);
    if (copyBase) colors.set(base.subarray(v0 * 4, v1 * 4), v0 * 4);
    const sel: [number, number, number] = [SELECTED[0] * 255, SELECTED[1] * 255, SELECTED[2] * 255];
    const paint = (r: ElementRange, rgb: readonly number[], a: number) => {
      for (let k = r.vertexStart; k < r.vertexStart + r.vertexCount; k++) {
        colors[k * 4] = rgb[0]!;
        colors[k * 4 + 1] = rgb[1]!;
        colors[k * 4 + 2] = rgb[2]!;
        colors[k * 4 + 3] = a;
      }
    };
    for (let e = e0; e < e1; e++) {
      const r = model.ranges[e]!;
      if (this.selected.has(r.id)) paint(r, sel, 255);
      else {
        const hex = this.overrides.get(r.id);
        if (hex) paint(r, hexRgb(hex), 255);
        else if (e >= this.elementsIn && this.elementColors && r.vertexCount > 0)
          colors.set(this.elementColors.subarray(e * 4, e * 4 + 4), r.vertexStart * 4);
      }
    }
  }

  private repaint(): void {
    for (const [id, { mesh, color }] of this.primitives) {
      const hex = this.selected.has(id) ? null : (this.overrides.get(id) ?? color);
      const m = mesh.material as THREE.MeshLambertMaterial;
      if (hex) m.color.set(hex);
      else m.color.setRGB(SELECTED[0], SELECTED[1], SELECTED[2], THREE.SRGBColorSpace);
    }
    if (!this.model || !this.colors || !this.baseColors || !this.geometry) return this.render();
    // The model's ranges need not be in vertex order (version 1 files): all of it, then each
    // element's own colour.
    this.colors.set(this.baseColors);
    this.paintSpan(0, this.model.ranges.length);
    const attr = this.geometry.getAttribute('color') as THREE.BufferAttribute;
    attr.clearUpdateRanges();
    attr.needsUpdate = true;
    this.motionDirty = true;
    this.overviewDirty = true;
    this.render();
  }

  /** The element under a client point, or null. */
  pick(clientX: number, clientY: number): number | null {
    if (!this.mesh && this.primitives.size === 0) return null;
    const rect = this.renderer.domElement.getBoundingClientRect();
    const ndc = new THREE.Vector2(
      ((clientX - rect.left) / rect.width) * 2 - 1,
      -((clientY - rect.top) / rect.height) * 2 + 1,
    );
    const ray = new THREE.Raycaster();
    ray.setFromCamera(ndc, this.camera);
    const prims = [...this.primitives.values()].map((p) => p.mesh).filter((m) => m.visible);
    this.ensureIndex();
    const hits = ray.intersectObjects([...(this.mesh ? [this.mesh] : []), ...prims], false);
    for (const hit of hits) {
      if (this.section && this.section.distanceToPoint(hit.point) < 0) continue;
      const prim = hit.object.userData.elementId as number | undefined;
      if (prim !== undefined) return prim;
      if (hit.faceIndex === undefined || hit.faceIndex === null) continue;
      return this.elementAtIndex(hit.faceIndex * 3);
    }
    return null;
  }

  private elementAtIndex(i: number): number | null {
    let lo = 0;
    let hi = this.drawn.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.drawn[mid]!.start <= i) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found >= 0 ? this.drawn[found]!.id : null;
  }

  /** A client point where one of the elements is the one picked (for tests and tours), or null. */
  visiblePointOf(ids: readonly number[]): { x: number; y: number } | null {
    if (!this.model) return null;
    const want = new Set(ids);
    const rect = this.renderer.domElement.getBoundingClientRect();
    const p = this.model.positions;
    const v = new THREE.Vector3();
    for (const id of ids) {
      const r = this.byId.get(id);
      if (!r) continue;
      for (
        let t = r.indexStart;
        t + 2 < r.indexStart + r.indexCount;
        t += 3 * Math.max(1, Math.floor(r.indexCount / 30))
      ) {
        v.set(0, 0, 0);
        for (let k = 0; k < 3; k++) {
          const i = this.model.indices[t + k]!;
          v.x += p[i * 3]! / 3;
          v.y += p[i * 3 + 1]! / 3;
          v.z += p[i * 3 + 2]! / 3;
        }
        v.project(this.camera);
        if (Math.abs(v.x) > 0.95 || Math.abs(v.y) > 0.95 || v.z > 1) continue;
        const x = rect.left + ((v.x + 1) / 2) * rect.width;
        const y = rect.top + ((1 - v.y) / 2) * rect.height;
        const hit = this.pick(x, y);
        if (hit !== null && want.has(hit)) return { x, y };
      }
    }
    return null;
  }

  /** The current frame as a PNG data URL. */
  toPng(): string {
    this.renderNow();
    return this.renderer.domElement.toDataURL('image/png');
  }
}
