// Reads an IFC file (IFC2X3, IFC4, IFC4X3; or an .ifczip holding one) with web-ifc: every
// IfcProduct with its GlobalId, class, name, type, storey, material, property sets and quantities,
// the spatial tree (site, building, storey), and the triangulated geometry packed in the compact
// binary the viewer streams (src/domain/bim/geometry-format.ts). Runs in a worker thread
// (ifc-worker.ts) — never on the request thread. Broken input throws BimParseError with a code
// the routes translate.
import { unzipSync } from 'fflate';
// web-ifc (a 3 MB WebAssembly module and its schema tables) is loaded with the first model
// parsed, not with the server: most processes never parse one.
import type * as WebIFC from 'web-ifc';
import { packGeometry } from '../../domain/bim/geometry-format';
import type { GeometryPiece } from '../../domain/bim/geometry-format';

export class BimParseError extends Error {
  constructor(
    readonly code: 'bim.not_ifc' | 'bim.truncated' | 'bim.unsupported_schema' | 'bim.no_products',
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
  }
}

export type PropValue = string | number | boolean | null;

export interface ParsedElement {
  express_id: number;
  global_id: string;
  ifc_class: string;
  name: string | null;
  type_name: string | null;
  /** Spatial parent (a site / building / storey / space) or the host element (aggregates, voids). */
  parent_id: number | null;
  storey_id: number | null;
  material: string | null;
  has_representation: boolean;
  /** Spatial structure (IfcSite, IfcBuilding, IfcBuildingStorey, IfcSpace, IfcProject). */
  spatial: boolean;
  elevation: number | null;
  psets: Record<string, Record<string, PropValue>>;
  quantities: Record<string, Record<string, PropValue>>;
}

export interface ParsedModel {
  schema: string;
  length_unit: string | null;
  elements: ParsedElement[];
  geometry: Uint8Array;
  meshes: number;
  triangles: number;
}

export const SCHEMAS = ['IFC2X3', 'IFC4', 'IFC4X3'] as const;
const SPATIAL = new Set(['IfcProject', 'IfcSite', 'IfcBuilding', 'IfcBuildingStorey', 'IfcSpace']);

/** The IFC text of an upload (.ifc, or the first .ifc member of an .ifczip). */
export function ifcBytes(data: Uint8Array): Uint8Array {
  if (data[0] === 0x50 && data[1] === 0x4b) {
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(data);
    } catch {
      throw new BimParseError('bim.truncated');
    }
    const name = Object.keys(files).find((n) => n.toLowerCase().endsWith('.ifc'));
    if (!name) throw new BimParseError('bim.not_ifc');
    return files[name]!;
  }
  return data;
}

/** The STEP header's schema, and refusal of what is no IFC or was cut short. */
export function checkIfcText(data: Uint8Array): string {
  const head = Buffer.from(data.subarray(0, 4096)).toString('latin1');
  if (!/^\s*ISO-10303-21\s*;/.test(head)) throw new BimParseError('bim.not_ifc');
  const m = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(head);
  if (!m) throw new BimParseError('bim.not_ifc');
  const raw = m[1]!.toUpperCase();
  const schema = raw.startsWith('IFC2X3')
    ? 'IFC2X3'
    : raw.startsWith('IFC4X3')
      ? 'IFC4X3'
      : raw.startsWith('IFC4')
        ? 'IFC4'
        : null;
  if (!schema) throw new BimParseError('bim.unsupported_schema', { schema: raw });
  const tail = Buffer.from(data.subarray(Math.max(0, data.length - 512))).toString('latin1');
  if (!/END-ISO-10303-21\s*;\s*$/.test(tail)) throw new BimParseError('bim.truncated');
  return schema;
}

type Line = Record<string, unknown> & { type?: number; expressID?: number };
const val = (x: unknown): unknown =>
  x && typeof x === 'object' && 'value' in (x as object) ? (x as { value: unknown }).value : x;
const str = (x: unknown): string | null => {
  const v = val(x);
  return v === null || v === undefined || v === '' ? null : String(v);
};
const ref = (x: unknown): number | null => {
  const v = val(x);
  return typeof v === 'number' ? v : null;
};
const refs = (x: unknown): number[] =>
  Array.isArray(x) ? x.map(ref).filter((n): n is number => n !== null) : ref(x) !== null ? [ref(x)!] : [];

/** Decodes IFC's \X2\…\X0\ and \X\.. escapes in texts. */
export function decodeIfcText(s: string): string {
  return s
    .replace(/\\X2\\([0-9A-F]+)\\X0\\/gi, (_m, hex: string) => {
      let out = '';
      for (let i = 0; i + 4 <= hex.length; i += 4)
        out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
      return out;
    })
    .replace(/\\X\\([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/\\S\\(.)/g, (_m, c: string) => String.fromCharCode(c.charCodeAt(0) + 128));
}
const text = (x: unknown): string | null => {
  const s = str(x);
  return s === null ? null : decodeIfcText(s);
};

function propValue(v: unknown): PropValue {
  const x = val(v);
  if (x === null || x === undefined) return null;
  if (typeof x === 'number' || typeof x === 'boolean') return x;
  if (typeof x === 'string') {
    if (x === 'T' || x === '.T.') return true;
    if (x === 'F' || x === '.F.') return false;
    return decodeIfcText(x);
  }
  return String(x);
}

const QUANTITY_KEYS = ['LengthValue', 'AreaValue', 'VolumeValue', 'CountValue', 'WeightValue', 'TimeValue'];

let apiPromise: Promise<{ api: WebIFC.IfcAPI; pascal: Map<string, string> }> | null = null;
async function ifcApi(): Promise<{ api: WebIFC.IfcAPI; pascal: Map<string, string> }> {
  apiPromise ??= (async () => {
    const lib = await import('web-ifc');
    const api = new lib.IfcAPI();
    await api.Init(undefined, true);
    api.SetLogLevel(lib.LogLevel.LOG_LEVEL_OFF);
    return { api, pascal: pascalNames(lib) };
  })();
  return apiPromise;
}

export async function parseIfc(
  upload: Uint8Array,
  progress: (p: number) => void = () => {},
): Promise<ParsedModel> {
  const data = ifcBytes(upload);
  const schema = checkIfcText(data);
  const { api, pascal } = await ifcApi();
  const modelID = api.OpenModel(data, { COORDINATE_TO_ORIGIN: true });
  if (modelID < 0) throw new BimParseError('bim.not_ifc');
  try {
    progress(5);
    const line = (id: number, flatten = false): Line => api.GetLine(modelID, id, flatten) as Line;
    const className = (id: number) => {
      const name = api.GetNameFromTypeCode(api.GetLineType(modelID, id) as number);
      return name;
    };
    // IfcProduct subclasses: the types present whose lines carry ObjectPlacement and Representation.
    const productIds: number[] = [];
    for (const type of api.GetIfcEntityList(modelID)) {
      const ids = api.GetLineIDsWithType(modelID, type, false);
      if (ids.size() === 0) continue;
      const first = line(ids.get(0));
      const name = api.GetNameFromTypeCode(type);
      if (!(('ObjectPlacement' in first && 'Representation' in first) || name.toUpperCase() === 'IFCPROJECT'))
        continue;
      for (let i = 0; i < ids.size(); i++) productIds.push(ids.get(i));
    }
    if (productIds.length === 0) throw new BimParseError('bim.no_products');
    const proper = (upper: string) => pascal.get(upper) ?? upper;
    const elements = new Map<number, ParsedElement>();
    for (const id of productIds) {
      const l = line(id);
      const cls = proper(className(id));
      elements.set(id, {
        express_id: id,
        global_id: str(l.GlobalId) ?? String(id),
        ifc_class: cls,
        name: text(l.Name),
        type_name: null,
        parent_id: null,
        storey_id: null,
        material: null,
        has_representation: ref(l.Representation) !== null,
        spatial: SPATIAL.has(cls),
        elevation: cls === 'IfcBuildingStorey' ? numberOrNull(val(l.Elevation)) : null,
        psets: {},
        quantities: {},
      });
    }
    progress(15);
    const relIds = (typeName: string) => {
      const code = api.GetTypeCodeFromName(typeName.toUpperCase());
      if (!code) return [] as number[];
      const v = api.GetLineIDsWithType(modelID, code, true);
      const out: number[] = [];
      for (let i = 0; i < v.size(); i++) out.push(v.get(i));
      return out;
    };
    for (const id of relIds('IfcRelAggregates')) {
      const r = line(id);
      const parent = ref(r.RelatingObject);
      for (const c of refs(r.RelatedObjects)) {
        const e = elements.get(c);
        if (e && parent !== null) e.parent_id = parent;
      }
    }
    for (const id of relIds('IfcRelContainedInSpatialStructure')) {
      const r = line(id);
      const parent = ref(r.RelatingStructure);
      for (const c of refs(r.RelatedElements)) {
        const e = elements.get(c);
        if (e && e.parent_id === null && parent !== null) e.parent_id = parent;
      }
    }
    for (const id of relIds('IfcRelVoidsElement')) {
      const r = line(id);
      const host = ref(r.RelatingBuildingElement);
      const e = elements.get(ref(r.RelatedOpeningElement) ?? -1);
      if (e && e.parent_id === null && host !== null) e.parent_id = host;
    }
    for (const id of relIds('IfcRelFillsElement')) {
      const r = line(id);
      const e = elements.get(ref(r.RelatedBuildingElement) ?? -1);
      if (e && e.parent_id === null) e.parent_id = ref(r.RelatingOpeningElement);
    }
    // Storeys: up the parent chain.
    for (const e of elements.values()) {
      let p: number | null = e.parent_id;
      const seen = new Set<number>();
      while (p !== null && !seen.has(p)) {
        seen.add(p);
        const pe = elements.get(p);
        if (!pe) break;
        if (pe.ifc_class === 'IfcBuildingStorey') {
          e.storey_id = p;
          break;
        }
        p = pe.parent_id;
      }
    }
    progress(25);
    // Types.
    const typeNames = new Map<number, string | null>();
    const typeOf = new Map<number, number>();
    for (const id of relIds('IfcRelDefinesByType')) {
      const r = line(id);
      const t = ref(r.RelatingType);
      if (t === null) continue;
      if (!typeNames.has(t)) typeNames.set(t, text(line(t).Name));
      for (const c of refs(r.RelatedObjects)) {
        const e = elements.get(c);
        if (e) {
          e.type_name = typeNames.get(t) ?? null;
          typeOf.set(c, t);
        }
      }
    }
    // Materials.
    const materialNames = new Map<number, string | null>();
    const materialName = (id: number): string | null => {
      if (materialNames.has(id)) return materialNames.get(id)!;
      const names: string[] = [];
      const walk = (x: unknown, depth: number) => {
        if (!x || typeof x !== 'object' || depth > 6) return;
        if (Array.isArray(x)) return x.forEach((y) => walk(y, depth + 1));
        const o = x as Line;
        const cls = o.type ? api.GetNameFromTypeCode(o.type).toUpperCase() : '';
        if (cls === 'IFCMATERIAL') {
          const n = text(o.Name);
          if (n && !names.includes(n)) names.push(n);
          return;
        }
        for (const k of [
          'ForLayerSet',
          'MaterialLayers',
          'Material',
          'Materials',
          'MaterialConstituents',
          'ForProfileSet',
          'MaterialProfiles',
        ])
          if (k in o) walk(o[k], depth + 1);
      };
      walk(line(id, true), 0);
      const n = names.length ? names.join(', ') : null;
      materialNames.set(id, n);
      return n;
    };
    const typeMaterial = new Map<number, string | null>();
    for (const id of relIds('IfcRelAssociatesMaterial')) {
      const r = line(id);
      const m = ref(r.RelatingMaterial);
      if (m === null) continue;
      for (const c of refs(r.RelatedObjects)) {
        const e = elements.get(c);
        if (e) e.material = materialName(m);
        else typeMaterial.set(c, materialName(m));
      }
    }
    for (const [eid, t] of typeOf) {
      const e = elements.get(eid)!;
      if (e.material === null && typeMaterial.has(t)) e.material = typeMaterial.get(t) ?? null;
    }
    progress(35);
    // Property sets and quantities (a set shared by many elements is read once).
    const sets = new Map<
      number,
      { kind: 'pset' | 'qto'; name: string; values: Record<string, PropValue> } | null
    >();
    const readSet = (id: number) => {
      if (sets.has(id)) return sets.get(id)!;
      const l = line(id);
      const cls = api.GetNameFromTypeCode(l.type!).toUpperCase();
      let out: { kind: 'pset' | 'qto'; name: string; values: Record<string, PropValue> } | null = null;
      if (cls === 'IFCPROPERTYSET') {
        const values: Record<string, PropValue> = {};
        for (const p of refs(l.HasProperties)) {
          const pl = line(p);
          const n = text(pl.Name);
          if (!n) continue;
          if ('NominalValue' in pl) values[n] = propValue(pl.NominalValue);
          else if ('EnumerationValues' in pl)
            values[n] = Array.isArray(pl.EnumerationValues)
              ? pl.EnumerationValues.map((v) => String(propValue(v))).join(', ')
              : null;
          else if ('ListValues' in pl)
            values[n] = Array.isArray(pl.ListValues)
              ? pl.ListValues.map((v) => String(propValue(v))).join(', ')
              : null;
        }
        out = { kind: 'pset', name: text(l.Name) ?? '', values };
      } else if (cls === 'IFCELEMENTQUANTITY') {
        const values: Record<string, PropValue> = {};
        for (const q of refs(l.Quantities)) {
          const ql = line(q);
          const n = text(ql.Name);
          const k = QUANTITY_KEYS.find((key) => key in ql);
          if (n && k) values[n] = propValue(ql[k]);
        }
        out = { kind: 'qto', name: text(l.Name) ?? '', values };
      }
      sets.set(id, out);
      return out;
    };
    const rels = relIds('IfcRelDefinesByProperties');
    rels.forEach((id, i) => {
      if (i % 500 === 0) progress(35 + (25 * i) / Math.max(1, rels.length));
      const r = line(id);
      const targets = refs(r.RelatedObjects).filter((c) => elements.has(c));
      if (targets.length === 0) return;
      const set = readSet(ref(r.RelatingPropertyDefinition) ?? -1);
      if (!set) return;
      for (const c of targets) {
        const e = elements.get(c)!;
        (set.kind === 'pset' ? e.psets : e.quantities)[set.name] = set.values;
      }
    });
    progress(60);
    // Geometry: every placed piece, transformed, packed per element.
    const pieces: GeometryPiece[] = [];
    let triangles = 0;
    let meshes = 0;
    api.StreamAllMeshes(modelID, (mesh, index, total) => {
      if (index % 50 === 0) progress(60 + (35 * index) / Math.max(1, total));
      meshes++;
      const n = mesh.geometries.size();
      for (let i = 0; i < n; i++) {
        const pg = mesh.geometries.get(i);
        const geom = api.GetGeometry(modelID, pg.geometryExpressID);
        const verts = api.GetVertexArray(geom.GetVertexData(), geom.GetVertexDataSize());
        const idx = api.GetIndexArray(geom.GetIndexData(), geom.GetIndexDataSize());
        pieces.push({
          elementId: mesh.expressID,
          vertices: new Float32Array(verts),
          indices: new Uint32Array(idx),
          matrix: pg.flatTransformation.slice(),
          color: [pg.color.x, pg.color.y, pg.color.z, pg.color.w],
        });
        triangles += idx.length / 3;
        geom.delete();
      }
    });
    const geometry = packGeometry(pieces);
    progress(97);
    return {
      schema,
      length_unit: lengthUnit(api, modelID),
      elements: [...elements.values()],
      geometry,
      meshes,
      triangles,
    };
  } finally {
    api.CloseModel(modelID);
  }
}

function numberOrNull(x: unknown): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

function lengthUnit(api: WebIFC.IfcAPI, modelID: number): string | null {
  try {
    const ids = api.GetLineIDsWithType(modelID, api.GetTypeCodeFromName('IFCSIUNIT'), false);
    for (let i = 0; i < ids.size(); i++) {
      const l = api.GetLine(modelID, ids.get(i)) as Line;
      if (val(l.UnitType) === 'LENGTHUNIT') return `${str(l.Prefix) ?? ''}${str(l.Name) ?? ''}` || null;
    }
  } catch {
    return null;
  }
  return null;
}

/** IFC class names in their schema spelling (web-ifc answers upper case). */
const pascalNames = (lib: typeof WebIFC) =>
  new Map<string, string>(
    [lib.IFC2X3, lib.IFC4, lib.IFC4X3].flatMap((ns) =>
      Object.keys(ns)
        .filter((n) => n.startsWith('Ifc'))
        .map((n) => [n.toUpperCase(), n] as [string, string]),
    ),
  );
