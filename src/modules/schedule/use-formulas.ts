// Calculated attributes on the schedule page: the version's formula attributes handed to the
// schedule worker, and the values it computes brought into the store (every row after an open,
// then the rows each change touched). Nothing is evaluated on the main thread.

import { useEffect } from 'react';
import type { EvalResult } from '../../domain/formula';
import { onDataChange } from '../../state/workbench/data';
import { workbench } from '../../state/workbench/store';
import type { FormulaDelta, ScheduleService } from '../../workers/schedule-client';
import { loadAttributeItems } from './version-resources';

function applyDelta(d: FormulaDelta): void {
  const before = workbench.get().formulaValues;
  if (!d.full && d.values.length === 0) return;
  const next = new Map<string, Readonly<Record<string, EvalResult>>>(d.full ? [] : before);
  for (const [id, values] of d.values) next.set(id, values);
  workbench.set({ formulaValues: next });
}

/** `getService`: the page's schedule service (the runner's), read when the version changes. */
export function useFormulas(getService: () => ScheduleService | null, versionId: string | null): void {
  useEffect(() => {
    const service = getService();
    if (!service || !versionId) return;
    let live = true;
    let pending = false;
    // After the change's patch call (messages to the worker keep their order), ask for the values.
    const pull = () => {
      if (pending) return;
      pending = true;
      setTimeout(() => {
        pending = false;
        if (!live) return;
        service
          .formulaChanges()
          .then((d) => live && d && applyDelta(d))
          .catch(() => undefined);
      }, 0);
    };
    loadAttributeItems(versionId)
      .then(async (defs) => {
        if (!live) return;
        const sources = defs.flatMap((d) =>
          d.type === 'formula' && d.formula ? [{ key: d.key, formula: d.formula }] : [],
        );
        await service.setFormulas(
          sources,
          defs.map((d) => ({ key: d.key, name: d.label })),
        );
        pull();
      })
      .catch(() => undefined);
    const offData = onDataChange(pull);
    // A load, and each schedule result (the worker has the document by then, even when its open
    // was held back for the first frame): nothing is sent when nothing changed.
    const offLoads = workbench.subscribe((s, prev) => {
      if (s.loads !== prev.loads || s.schedule !== prev.schedule) pull();
    });
    return () => {
      live = false;
      offData();
      offLoads();
      workbench.set({ formulaValues: new Map() });
    };
  }, [getService, versionId]);
}
