// Calculated attributes on the schedule page: the version's formula attributes handed to the
// schedule worker, and the values it computes brought into the store (every row after an open,
// then the rows each change touched). Nothing is evaluated on the main thread. The project grid
// follows its own worker's values the same way (followFormulas).

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

/**
 * Brings a worker's calculated values into the store: after `setup` (the formulas handed over),
 * after each applied change (messages to the worker keep their order: the patches are there
 * first), each load and each schedule result. `before` runs before each ask (the project grid
 * sends its document there). The returned function stops it and clears the values.
 */
export function followFormulas(
  service: { formulaChanges(): Promise<FormulaDelta | null> },
  setup: () => Promise<boolean>,
  before: () => void = () => undefined,
): () => void {
  let live = true;
  let pending = false;
  const pull = () => {
    if (pending) return;
    pending = true;
    setTimeout(() => {
      pending = false;
      if (!live) return;
      before();
      service
        .formulaChanges()
        .then((d) => live && d && applyDelta(d))
        .catch(() => undefined);
    }, 0);
  };
  setup()
    .then((ok) => live && ok && pull())
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
}

/** `getService`: the page's schedule service (the runner's), read when the version changes. */
export function useFormulas(getService: () => ScheduleService | null, versionId: string | null): void {
  useEffect(() => {
    const service = getService();
    if (!service || !versionId) return;
    return followFormulas(service, async () => {
      const defs = await loadAttributeItems(versionId);
      const sources = defs.flatMap((d) =>
        d.type === 'formula' && d.formula ? [{ key: d.key, formula: d.formula }] : [],
      );
      await service.setFormulas(
        sources,
        defs.map((d) => ({ key: d.key, name: d.label })),
      );
      return true;
    });
  }, [getService, versionId]);
}
