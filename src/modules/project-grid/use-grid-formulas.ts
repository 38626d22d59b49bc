// The project grid's calculated attributes: each schedule's version's formula attributes handed
// to the page's filter host (the schedule worker holding the merged rows, workers/filter-host.ts),
// which evaluates each schedule's rows with its own version's formulas by the schedule page's
// FormulaCore; the values come into the store as on the schedule page (followFormulas), so cells,
// group headers and filters read them there.

import { useEffect, type RefObject } from 'react';
import type { HostDoc } from '../../state/workbench/host-filter';
import { workbench } from '../../state/workbench/store';
import type { FilterHostService } from '../../workers/schedule-client';
import type { FormulaPart } from '../../workers/grid-formulas';
import { followFormulas } from '../schedule/use-formulas';
import { loadAttributeItems } from '../schedule/version-resources';
import type { LoadedGrid } from './load';

export interface GridHost {
  readonly service: FilterHostService;
  readonly doc: HostDoc;
}

/** Each schedule's formulas under its summary row's id (a version that cannot be read: none). */
async function formulaParts(loaded: LoadedGrid): Promise<FormulaPart[]> {
  const lists = await Promise.all(
    loaded.versions.map((v) => (v ? loadAttributeItems(v.id).catch(() => []) : Promise.resolve([]))),
  );
  return lists.map((defs, k) => ({
    root: loaded.merged.summaryIds[k]!,
    sources: defs.flatMap((d) =>
      d.type === 'formula' && d.formula ? [{ key: d.key, formula: d.formula }] : [],
    ),
    attributes: defs.map((d) => ({ key: d.key, name: d.label })),
  }));
}

/** `hostRef`: the page's host (set by an effect that runs before this one). */
export function useGridFormulas(hostRef: RefObject<GridHost | null>, loaded: LoadedGrid | null): void {
  useEffect(() => {
    const host = hostRef.current;
    if (!host || !loaded) return;
    return followFormulas(
      host.service,
      async () => {
        const parts = await formulaParts(loaded);
        const calendars = workbench
          .get()
          .calendars.map((c) => ({ id: c.id, hoursPerDay: c.hoursPerDay, isDefault: c.isDefault }));
        host.doc.sync();
        await host.service.setFormulas(parts, calendars);
        return true;
      },
      () => host.doc.sync(),
    );
  }, [hostRef, loaded]);
}
