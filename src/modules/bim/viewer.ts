// The 3D viewer (three.js): one merged mesh for the whole model (the packed geometry of
// src/domain/bim/geometry-format.ts, never a mesh per element), vertex colours per element (the
// model's own, a status colour, or the selection), orbit / pan / zoom, fit, a section plane,
// isolate and hide (the index buffer rebuilt from the visible elements' ranges), picking (the hit
// triangle → its element by binary search over the drawn ranges), and a PNG of the frame.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import type { ElementRange, ModelGeometry } from '../../domain/bim/geometry-format';
import type { PrimitiveShape } from '../../domain/bim/primitives';

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

const SELECTED: [number, number, number] = [0.16, 0.45, 0.95];

export function hexRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

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
  private drawn: { start: number; id: number }[] = [];
  private section: THREE.Plane | null = null;
  private frame = 0;
  /** Pixel ratio at rest, and the lower one while the camera moves (software GL pays per pixel). */
  private readonly fullRatio = Math.min(window.devicePixelRatio, 2);
  private readonly motionRatio = this.fullRatio * MOTION_SCALE;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  private resizeObserver: ResizeObserver;
  /** Primitive models: a few meshes of their own beside the merged model. */
  private primitives = new Map<number, { mesh: THREE.Mesh; color: string }>();

  constructor(private readonly host: HTMLElement) {
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
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
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(host);
    this.resize();
  }

  dispose(): void {
    this.resizeObserver.disconnect();
    cancelAnimationFrame(this.frame);
    clearTimeout(this.settleTimer);
    this.controls.dispose();
    this.geometry?.dispose();
    (this.mesh?.material as THREE.Material | undefined)?.dispose();
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

  /** Renders on the next frame (coalesced). */
  render(): void {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => this.renderer.render(this.scene, this.camera));
  }

  /** Renders now (before a PNG export or a pixel check), always at full quality. */
  renderNow(): void {
    this.settle();
    this.renderer.render(this.scene, this.camera);
  }

  /**
   * The camera moved: draw at the motion pixel ratio until it has been still for SETTLE_MS, then
   * once more at full quality (orbiting in a software renderer is bound by pixels drawn).
   */
  cameraMoved(): void {
    if (this.renderer.getPixelRatio() !== this.motionRatio) this.renderer.setPixelRatio(this.motionRatio);
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      this.settle();
      this.render();
    }, SETTLE_MS);
  }

  /** Back to the full pixel ratio (the canvas keeps its CSS size). */
  private settle(): void {
    clearTimeout(this.settleTimer);
    this.settleTimer = undefined;
    if (this.renderer.getPixelRatio() !== this.fullRatio) this.renderer.setPixelRatio(this.fullRatio);
  }

  load(model: ModelGeometry): void {
    if (this.mesh) {
      this.scene.remove(this.mesh);
      this.geometry?.dispose();
    }
    this.model = model;
    this.byId = new Map(model.ranges.map((r) => [r.id, r]));
    this.overrides.clear();
    this.hidden.clear();
    this.isolated = null;
    this.selected.clear();
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(model.positions, 3));
    g.setAttribute('normal', new THREE.BufferAttribute(model.normals, 3, true));
    this.baseColors = model.colors;
    this.colors = new Uint8Array(model.colors);
    g.setAttribute('color', new THREE.BufferAttribute(this.colors, 4, true));
    g.setIndex(new THREE.BufferAttribute(new Uint32Array(model.indices), 1));
    this.geometry = g;
    const material = new THREE.MeshLambertMaterial({ vertexColors: true, side: THREE.DoubleSide });
    this.mesh = new THREE.Mesh(g, material);
    this.scene.add(this.mesh);
    this.rebuildIndex();
    this.fit();
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
      const p = this.model.positions;
      const v = new THREE.Vector3();
      for (const id of list) {
        const r = this.byId.get(id);
        if (!r) continue;
        for (let k = r.vertexStart; k < r.vertexStart + r.vertexCount; k++)
          box.expandByPoint(v.set(p[k * 3]!, p[k * 3 + 1]!, p[k * 3 + 2]!));
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
    const material = this.mesh.material as THREE.MeshLambertMaterial;
    if (fraction === null) {
      this.section = null;
      material.clippingPlanes = [];
    } else {
      const y = this.model.min[1] + (this.model.max[1] - this.model.min[1]) * fraction;
      this.section = new THREE.Plane(new THREE.Vector3(0, -1, 0), y);
      material.clippingPlanes = [this.section];
    }
    material.needsUpdate = true;
    for (const { mesh } of this.primitives.values()) {
      const m = mesh.material as THREE.MeshLambertMaterial;
      m.clippingPlanes = this.section ? [this.section] : [];
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
    const src = this.model.indices;
    let total = 0;
    for (const r of this.model.ranges) if (this.visible(r.id)) total += r.indexCount;
    const out = new Uint32Array(total);
    this.drawn = [];
    let o = 0;
    for (const r of this.model.ranges) {
      if (!this.visible(r.id)) continue;
      this.drawn.push({ start: o, id: r.id });
      out.set(src.subarray(r.indexStart, r.indexStart + r.indexCount), o);
      o += r.indexCount;
    }
    this.geometry.setIndex(new THREE.BufferAttribute(out, 1));
    this.geometry.computeBoundingSphere();
    for (const [id, { mesh }] of this.primitives) mesh.visible = this.visible(id);
    this.render();
  }

  private repaint(): void {
    for (const [id, { mesh, color }] of this.primitives) {
      const hex = this.selected.has(id) ? null : (this.overrides.get(id) ?? color);
      const m = mesh.material as THREE.MeshLambertMaterial;
      if (hex) m.color.set(hex);
      else m.color.setRGB(SELECTED[0], SELECTED[1], SELECTED[2], THREE.SRGBColorSpace);
    }
    if (!this.model || !this.colors || !this.baseColors || !this.geometry) return this.render();
    this.colors.set(this.baseColors);
    const paint = (r: ElementRange, rgb: [number, number, number]) => {
      for (let k = r.vertexStart; k < r.vertexStart + r.vertexCount; k++) {
        this.colors![k * 4] = rgb[0];
        this.colors![k * 4 + 1] = rgb[1];
        this.colors![k * 4 + 2] = rgb[2];
        this.colors![k * 4 + 3] = 255;
      }
    };
    for (const [id, hex] of this.overrides) {
      const r = this.byId.get(id);
      if (r) paint(r, hexRgb(hex));
    }
    const sel: [number, number, number] = [SELECTED[0] * 255, SELECTED[1] * 255, SELECTED[2] * 255];
    for (const id of this.selected) {
      const r = this.byId.get(id);
      if (r) paint(r, sel);
    }
    const attr = this.geometry.getAttribute('color') as THREE.BufferAttribute;
    attr.needsUpdate = true;
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
