// What the node information panel reads from the server beyond the version's rows: a node's
// resource assignments and the version's attribute definitions (src/api/version-resources.ts),
// and a small hook that loads one of them for the row and version in view.

import { useEffect, useState } from 'react';
import { api } from '../../api';
import type { Assignment, AttributeDef } from '../../api/version-resources';
import { call } from '../../app/api/call';
import { ApiError } from '../../app/api/errors';

/** A node's assignments; a node the server does not have yet (a new row not stored) has none. */
export async function loadAssignments(versionId: string, rowId: string): Promise<Assignment[]> {
  try {
    const res = await call(
      api.versionResources.assignments,
      { params: { id: versionId, wbsId: rowId } },
      { silent: true },
    );
    return res.items;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

/** The version's attribute definitions (typed ones with the caller's access), read once per version. */
const attributeDefs = new Map<string, Promise<AttributeDef[]>>();

export function loadAttributeItems(versionId: string): Promise<AttributeDef[]> {
  let p = attributeDefs.get(versionId);
  if (!p) {
    p = call(api.versionResources.attributes, { params: { id: versionId } }, { silent: true }).then(
      (res) => res.items,
    );
    // A failure is not kept: the next view asks again.
    p.catch(() => attributeDefs.delete(versionId));
    attributeDefs.set(versionId, p);
  }
  return p;
}

/** Attribute key → label of a version. */
export async function loadAttributeDefs(versionId: string): Promise<ReadonlyMap<string, string>> {
  return new Map((await loadAttributeItems(versionId)).map((d) => [d.key, d.label]));
}

/** Forget what was read (after the Attributes screen changed definitions, the next open reads again). */
export function forgetAttributeDefs(): void {
  attributeDefs.clear();
}

export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };

/**
 * Loads `load()` for `key` (null = nothing to load) and answers its state; a result for a key no
 * longer in view is dropped.
 */
export function useLoaded<T>(key: string | null, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string | null; loaded: Loaded<T> }>({
    key: null,
    loaded: { status: 'loading' },
  });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    load().then(
      (value) => live && setState({ key, loaded: { status: 'ready', value } }),
      (err: unknown) =>
        live && setState({ key, loaded: { status: 'error', message: (err as Error).message ?? '' } }),
    );
    return () => {
      live = false;
    };
    // `load` is a closure over the key's parts: the key says when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state.loaded : { status: 'loading' };
}
