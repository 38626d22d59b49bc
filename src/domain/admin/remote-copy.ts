// Copying a space from another deployment (issue 21, docs/admin.md "Remote spaces"): the pure parts.
// The source's rows keep their shapes; every id the copy carries is given a fresh one, wherever it
// appears — a column, a jsonb value or a jsonb key (item extras keyed by row id) — so the copy
// shares no id with its source, and rows that shared an id (a row in two versions) still do.

/** The canonical text form of a uuid (what PostgreSQL's to_jsonb writes). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/** Replaces every string (value or key) found in `ids`, at any depth; other values are kept. */
export function remapIds<T>(value: T, ids: ReadonlyMap<string, string>): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return ids.get(v) ?? v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[ids.get(k) ?? k] = walk(x);
      return out;
    }
    return v;
  };
  return walk(value) as T;
}

/** A new id for every uuid in `id` of the rows (the same old id gets the same new one). */
export function freshIds(
  rows: Iterable<Record<string, unknown>>,
  newId: () => string,
  into = new Map<string, string>(),
): Map<string, string> {
  for (const r of rows) {
    if (isUuid(r.id) && !into.has(r.id)) into.set(r.id, newId());
  }
  return into;
}

/**
 * Rows of a tree (a `parent_id` within the same `version_id` or table) ordered parents first, so
 * one insert after another never names a parent not yet written. Rows whose parent is absent keep
 * their place among the roots; a cycle (bad input) keeps its rows at the end.
 */
export function parentsFirst<R extends Record<string, unknown>>(rows: readonly R[]): R[] {
  const key = (r: Record<string, unknown>, id: unknown) => `${String(r.version_id ?? '')}/${String(id)}`;
  const byKey = new Map(rows.map((r) => [key(r, r.id), r]));
  const children = new Map<string, R[]>();
  const roots: R[] = [];
  for (const r of rows) {
    const parent = r.parent_id == null ? undefined : byKey.get(key(r, r.parent_id));
    if (!parent || parent === r) roots.push(r);
    else {
      const k = key(parent, parent.id);
      children.set(k, [...(children.get(k) ?? []), r]);
    }
  }
  const out: R[] = [];
  const seen = new Set<R>();
  const stack = [...roots].reverse();
  while (stack.length) {
    const r = stack.pop()!;
    if (seen.has(r)) continue;
    seen.add(r);
    out.push(r);
    const kids = children.get(key(r, r.id)) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  for (const r of rows) if (!seen.has(r)) out.push(r);
  return out;
}

export type RemoteUrlProblem = 'invalid' | 'scheme' | 'credentials';

/**
 * The base address of a remote deployment: http(s) only, no user:password, no query or fragment;
 * a trailing slash and a pasted `/api/v1` are dropped. Answers the problem for a bad one.
 */
export function remoteBase(input: string): { base: string } | { problem: RemoteUrlProblem } {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { problem: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'scheme' };
  if (url.username || url.password) return { problem: 'credentials' };
  if (!url.hostname) return { problem: 'invalid' };
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return { base: `${url.protocol}//${url.host}${path}` };
}
