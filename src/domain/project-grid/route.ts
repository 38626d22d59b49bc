// Routing an edit of the project grid to its schedule's version: the grid holds the rows of
// several versions under one summary row per schedule, with grid ids (`MergedGrid.origin` maps
// them back). A change is a list of patches on `rows` / `relations` keyed by grid id; every row it
// touches, every new parent it names and both ends of every relation must belong to one schedule,
// and the summary rows (the grid's own) are never changed. Then the patches are written in that
// version's own ids (summary parent → top level) and go as that version's batch; the answers
// (others' changes) come back the other way. Patches of a row's side tables (its daily work plan
// days `['wdp', rowId, day]`, its wdp settings, its timesheet lines) go with the row. Works on
// immer patches and on their serialized form alike (only ids, `parentId`, `predId`, `succId` are
// read and rewritten).

export interface RoutedPatch {
  readonly op: string;
  readonly path: readonly (string | number)[];
  readonly value?: unknown;
}

export interface RowPlace {
  /** The schedule's index in the grid. */
  readonly part: number;
  /** The row's id in its version; null for a schedule's summary row. */
  readonly id: string | null;
}

/** What routing needs: where every grid row and relation comes from. */
export interface GridRoutes {
  readonly rows: Map<string, RowPlace>;
  readonly relations: Map<string, { readonly part: number; readonly id: string }>;
  /** Per part: own id → grid id (rows), and own relation id → grid relation id. */
  readonly gridRows: Map<string, string>[];
  readonly gridRelations: Map<string, string>[];
  /** Per part: its summary row's grid id. */
  readonly summaryIds: readonly string[];
  /**
   * Side data a step carries beside the rows (an assignment: `['assignments', id]`, kept in its
   * version under its own id): `assignments:<id>` → the part whose version holds it, learnt from
   * the steps that made or read it.
   */
  readonly sides?: Map<string, number>;
}

/**
 * Tables keyed by a row (a day of daily work plans `['wdp', rowId, day]`, a row's wdp settings,
 * a timesheet line): they go with their row's schedule and are written under its own id.
 */
const ROW_KEYED: readonly string[] = ['wdp', 'wdp_row', 'timesheet_day'];

/** Side tables whose patches a step may carry, routed by the id learnt (see `sides`). */
const SIDE_TABLES: readonly string[] = ['assignments'];
const sideKey = (table: string, id: string) => `${table}:${id}`;

export type RouteRefusal = 'span' | 'boundary' | 'summary' | 'unknown';

export type Routed =
  { readonly ok: true; readonly part: number | null } | { readonly ok: false; readonly reason: RouteRefusal };

const ROW_REFS = ['parentId'] as const;
const REL_REFS = ['predId', 'succId'] as const;

function valueRef(v: unknown, key: string): string | null | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const x = (v as Record<string, unknown>)[key];
  return typeof x === 'string' || x === null ? x : undefined;
}

/**
 * Which schedule a change goes to, or why it is refused: `span` (rows of two schedules),
 * `boundary` (a row moved out of its schedule: to the top level or under another schedule's row),
 * `summary` (a schedule's summary row changed), `unknown` (a row the grid does not know).
 * A change touching nothing of the rows (part null) is left alone.
 */
export function routeOf(patches: readonly RoutedPatch[], routes: GridRoutes): Routed {
  const parts = new Set<number>();
  // Rows this change adds: their part comes from their parent (which may be added too).
  const added = new Map<string, string | null>();
  for (const p of patches)
    if (p.path[0] === 'rows' && p.path.length === 2 && p.op === 'add')
      added.set(String(p.path[1]), valueRef(p.value, 'parentId') ?? null);
  const partOfRow = (id: string, seen = 0): number | RouteRefusal => {
    const place = routes.rows.get(id);
    if (place) return place.part;
    if (added.has(id) && seen < 1000) {
      const parent = added.get(id);
      if (parent === null || parent === undefined) return 'boundary';
      return partOfRow(parent, seen + 1);
    }
    return 'unknown';
  };
  const summaries = new Set(routes.summaryIds);
  let summaryHit = false;
  const addRow = (id: string): RouteRefusal | null => {
    const k = partOfRow(id);
    if (typeof k === 'string') return k;
    parts.add(k);
    return null;
  };
  for (const p of patches) {
    const [table, key, field] = p.path;
    if (table === 'rows') {
      if (key === undefined) return { ok: false, reason: 'unknown' };
      const id = String(key);
      if (summaries.has(id)) {
        // Said as such only when the change stays in one schedule (else: two schedules).
        summaryHit = true;
        parts.add(routes.rows.get(id)?.part ?? -1);
        if (parts.size > 1) return { ok: false, reason: 'span' };
        continue;
      }
      const r = addRow(id);
      if (r) return { ok: false, reason: r };
      const parent =
        field === undefined ? valueRef(p.value, 'parentId') : field === 'parentId' ? p.value : undefined;
      if (p.op !== 'remove' && parent !== undefined) {
        if (parent === null) return { ok: false, reason: 'boundary' };
        const k = partOfRow(String(parent));
        if (typeof k === 'string') return { ok: false, reason: k };
        if (k !== partOfRow(id)) return { ok: false, reason: 'boundary' };
      }
    } else if (typeof table === 'string' && ROW_KEYED.includes(table) && key !== undefined) {
      // A day of a row: its schedule's (a summary row's days are sums, never stored).
      const id = String(key);
      if (summaries.has(id)) return { ok: false, reason: 'summary' };
      const r = addRow(id);
      if (r) return { ok: false, reason: r };
    } else if (typeof table === 'string' && SIDE_TABLES.includes(table) && key !== undefined) {
      // Side data (an assignment): its version's part when known, else left alone.
      const k = routes.sides?.get(sideKey(table, String(key)));
      if (k !== undefined) parts.add(k);
    } else if (table === 'relations') {
      if (key === undefined) return { ok: false, reason: 'unknown' };
      const known = routes.relations.get(String(key));
      if (known) parts.add(known.part);
      for (const ref of REL_REFS) {
        const end = field === undefined ? valueRef(p.value, ref) : field === ref ? p.value : undefined;
        if (typeof end !== 'string') continue;
        if (summaries.has(end)) return { ok: false, reason: 'summary' };
        const r = addRow(end);
        if (r) return { ok: false, reason: r };
      }
    }
    if (parts.size > 1) return { ok: false, reason: 'span' };
  }
  if (summaryHit) return { ok: false, reason: 'summary' };
  return { ok: true, part: parts.size === 1 ? [...parts][0]! : null };
}

/**
 * After a change went through: its new rows and relations are known as rows of `part`, and the
 * side data it names (assignments) as held by part's version.
 */
export function learn(patches: readonly RoutedPatch[], part: number, routes: GridRoutes): void {
  for (const p of patches) {
    const [table, key] = p.path;
    if (typeof table === 'string' && SIDE_TABLES.includes(table) && key !== undefined) {
      const side = sideKey(table, String(key));
      if (routes.sides && !routes.sides.has(side)) routes.sides.set(side, part);
      continue;
    }
    if (p.path.length !== 2 || p.op !== 'add') continue;
    const id = String(p.path[1]);
    if (p.path[0] === 'rows' && !routes.rows.has(id)) {
      routes.rows.set(id, { part, id });
      routes.gridRows[part]?.set(id, id);
    } else if (p.path[0] === 'relations' && !routes.relations.has(id)) {
      routes.relations.set(id, { part, id });
      routes.gridRelations[part]?.set(id, id);
    }
  }
}

function rewrite(
  patches: readonly RoutedPatch[],
  row: (id: string) => string | null,
  rel: (id: string) => string,
): RoutedPatch[] {
  const mapRef = (v: unknown) => (typeof v === 'string' ? row(v) : v);
  return patches.map((p) => {
    const [table, key, field, ...rest] = p.path;
    if (typeof table === 'string' && ROW_KEYED.includes(table) && key !== undefined)
      return { ...p, path: [table, row(String(key)) ?? String(key), ...p.path.slice(2)] };
    if ((table !== 'rows' && table !== 'relations') || key === undefined) return p;
    const isRow = table === 'rows';
    const id = isRow ? (row(String(key)) ?? String(key)) : rel(String(key));
    const refs: readonly string[] = isRow ? ROW_REFS : REL_REFS;
    const path = [table, id, ...(field === undefined ? [] : [field]), ...rest];
    if (!('value' in p)) return { op: p.op, path };
    let value = p.value;
    if (field === undefined && value !== null && typeof value === 'object') {
      const o = { ...(value as Record<string, unknown>) };
      if ('id' in o) o.id = id;
      for (const r of refs) if (r in o) o[r] = mapRef(o[r]);
      value = o;
    } else if (typeof field === 'string' && rest.length === 0 && refs.includes(field)) value = mapRef(value);
    return { op: p.op, path, value };
  });
}

/** The change in its version's own ids (a schedule's summary row as parent → top level). */
export function toVersion(patches: readonly RoutedPatch[], routes: GridRoutes): RoutedPatch[] {
  return rewrite(
    patches,
    (id) => {
      const place = routes.rows.get(id);
      return place ? place.id : id;
    },
    (id) => routes.relations.get(id)?.id ?? id,
  );
}

/** A version's change (others' edits, in own ids) in the grid's ids. */
export function toGrid(patches: readonly RoutedPatch[], part: number, routes: GridRoutes): RoutedPatch[] {
  const rows = routes.gridRows[part] ?? new Map<string, string>();
  const rels = routes.gridRelations[part] ?? new Map<string, string>();
  const summary = routes.summaryIds[part] ?? null;
  return rewrite(
    patches,
    (id) => rows.get(id) ?? id,
    (id) => rels.get(id) ?? id,
  ).map((p) => {
    // Top-level rows of the version sit under its summary row in the grid.
    const [table, , field] = p.path;
    if (table !== 'rows' || !('value' in p) || summary === null) return p;
    if (field === 'parentId' && p.value === null) return { ...p, value: summary };
    if (field === undefined && p.value && typeof p.value === 'object') {
      const o = p.value as Record<string, unknown>;
      if ('parentId' in o && o.parentId === null) return { ...p, value: { ...o, parentId: summary } };
    }
    return p;
  });
}

/** The routes of a merged grid (copied: they learn the rows added later). */
export function routesOf(merged: {
  readonly origin: ReadonlyMap<string, RowPlace>;
  readonly relOrigin: ReadonlyMap<string, { readonly part: number; readonly id: string }>;
  readonly gridIds: readonly ReadonlyMap<string, string>[];
  readonly summaryIds: readonly string[];
}): GridRoutes {
  const gridRelations = merged.gridIds.map(() => new Map<string, string>());
  for (const [gid, o] of merged.relOrigin) gridRelations[o.part]?.set(o.id, gid);
  return {
    rows: new Map(merged.origin),
    relations: new Map(merged.relOrigin),
    gridRows: merged.gridIds.map((m) => new Map(m)),
    gridRelations,
    summaryIds: [...merged.summaryIds],
    sides: new Map(),
  };
}
