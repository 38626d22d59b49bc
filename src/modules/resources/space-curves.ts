// The space's own resource curves, shared by the curve settings dialog and the
// Assignments tab (which offers them by name); a save or delete reloads every user of the list.
import { useEffect, useState } from 'react';
import { api } from '../../api';
import type { ResourceCurve } from '../../api/resources';
import { call } from '../../app/api/call';

const listeners = new Set<(items: ResourceCurve[]) => void>();

/** Reloads the list from the server and tells every user of it. */
export async function reloadSpaceCurves(): Promise<ResourceCurve[]> {
  const r = await call(api.resources.curves, {}, { silent: true });
  for (const l of listeners) l(r.items);
  return r.items;
}

export function useSpaceCurves(): ResourceCurve[] {
  const [items, setItems] = useState<ResourceCurve[]>([]);
  useEffect(() => {
    listeners.add(setItems);
    // Loaded on each mount: the list belongs to the space open now.
    reloadSpaceCurves().catch(() => setItems([]));
    return () => {
      listeners.delete(setItems);
    };
  }, []);
  return items;
}
