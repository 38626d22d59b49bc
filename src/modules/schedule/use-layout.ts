// The grid layout (column order, widths, visibility, frozen count, the rows' sort and grouping)
// saved per user in the version layout on the server (the grouping's folds in the
// wbs-group-setting, group-setting.ts): read when a version opens, together with
// the version's attributes (each becomes a column, hidden until the user shows it), and written
// (debounced) when it changes.

import { useCallback, useEffect, useRef, type MutableRefObject } from 'react';
import { api } from '../../api';
import type { VersionLayout } from '../../api/wbs-batch';
import { call } from '../../app/api/call';
import { columnsAfterRead, sameLayout, setAttributeColumnTypes } from '../../state/workbench/columns';
import { groupByOf, sameArrangement } from '../../state/workbench/arrange';
import { setArrangement } from '../../state/workbench/data';
import { workbench, type WorkbenchState } from '../../state/workbench/store';
import { applyTemplate } from '../attributes/layout-apply';
import { loadDirectoryChoices } from './directory-choices';
import { followGroupSetting } from './group-setting';
import { forgetAttributeDefs, loadAttributeItems } from './version-resources';

const SAVE_DELAY_MS = 800;

/**
 * A version with no layout of the user's own: the schedule's default layout (shared by its
 * members), else the user's own default template.
 */
async function applyDefaultTemplate(scheduleId: string | null, live: () => boolean): Promise<void> {
  try {
    if (scheduleId) {
      const { layout } = await call(
        api.viewSettings.scheduleLayout,
        { params: { id: scheduleId } },
        { silent: true },
      );
      if (layout) {
        if (live()) applyTemplate(layout);
        return;
      }
    }
  } catch {
    // Unreadable: the user's default template instead.
  }
  try {
    const { items } = await call(api.viewSettings.templates, {}, { silent: true });
    const chosen = items.find((x) => x.is_default);
    if (chosen && live()) applyTemplate(chosen);
  } catch {
    // No template: the workbench's defaults stay.
  }
}

/** The grid's layout as the layout calls store it: columns, frozen, sort, grouping. */
export function layoutBody(s: ReturnType<typeof workbench.get>) {
  return {
    columns: s.columns.map((c) => ({ id: c.id, width: Math.round(c.width), visible: c.visible })),
    frozen: s.frozen,
    sort: s.arrange ? s.arrange.sort.map((k) => ({ column: k.column, dir: k.dir })) : [],
    group_by: groupByOf(s.arrange),
  };
}

/**
 * The grid as its layout was last read or stored (first: as the page opened, before the version
 * or its layout is asked for). What differs from it when a read answers is the user's change,
 * made while the page was still loading: kept. Taken in an effect, not while rendering: the page
 * left before resets the store only in its own effects' clean-up.
 */
function useLayoutBaseline(): MutableRefObject<WorkbenchState> {
  const baseline = useRef<WorkbenchState>(workbench.get());
  useEffect(() => {
    baseline.current = workbench.get();
  }, []);
  return baseline;
}

/**
 * A saved layout just read, put into the grid: its columns (with the attribute columns of
 * `labels`' keys), frozen count, sort and grouping (none: the WBS tree) — except what the user
 * changed since `opened`, the layout baseline, which stays theirs. True when the user
 * changed something meanwhile: the layout is then to be written.
 */
function applyLayoutRead(
  opened: WorkbenchState,
  layout: VersionLayout | null,
  labels: ReadonlyMap<string, string> | null,
): boolean {
  const now = workbench.get();
  const { columns, kept } = columnsAfterRead(
    layout?.columns ?? null,
    labels ? [...labels.keys()] : null,
    opened.columns,
    now.columns,
  );
  const keepFrozen = now.frozen !== opened.frozen;
  const keepArrange = now.arrange !== opened.arrange;
  // Unchanged columns keep their array: every row in view would render again for nothing.
  workbench.set({
    ...(sameLayout(columns, now.columns) ? {} : { columns }),
    ...(layout && !keepFrozen ? { frozen: layout.frozen } : {}),
    // The labels reach the header and the column menu only, never the rows.
    ...(labels ? { attributeLabels: labels } : {}),
  });
  const arrange = layout ? { sort: layout.sort ?? [], groupBy: layout.group_by ?? null } : null;
  if (!keepArrange && !sameArrangement(arrange, workbench.get().arrange)) setArrangement(arrange);
  return kept || keepFrozen || keepArrange;
}

/** One opening of a grid's layout (a version's, a project grid's): see useLayoutKeeper. */
export interface LayoutKeeper {
  /** Puts the layout read into the grid, keeping the user's change made since the baseline; true when there was one. */
  apply(layout: VersionLayout | null, labels: ReadonlyMap<string, string> | null): boolean;
  /** From now on every change is written; `changedMeanwhile`: the user's change made during the read is too. */
  follow(changedMeanwhile: boolean): void;
  /** Stops following; a change still waiting for its delay is written at once. */
  close(): void;
}

/**
 * The layout's writing, shared by the schedule page and the project grid: a change is written
 * `SAVE_DELAY_MS` after it (at once when the page or the layout's owner is left: a column shown
 * just before a reload was lost), and the layout read when the grid opens is applied over the
 * baseline, so that what the user changed while it loaded stays. `open(write)` starts one
 * opening; `write` stores a body (`keepalive`: it must get out of a page being left).
 */
export function useLayoutKeeper(): (
  write: (body: ReturnType<typeof layoutBody>, keepalive: boolean) => Promise<unknown>,
) => LayoutKeeper {
  const baseline = useLayoutBaseline();
  return useCallback(
    (write) => {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let off: (() => void) | null = null;
      const save = (keepalive = false) => {
        timer = null;
        baseline.current = workbench.get();
        void write(layoutBody(baseline.current), keepalive).catch(() => undefined);
      };
      const later = () => {
        if (timer) clearTimeout(timer);
        timer = setTimeout(save, SAVE_DELAY_MS);
      };
      const flush = () => {
        if (!timer) return;
        clearTimeout(timer);
        save(true);
      };
      window.addEventListener('pagehide', flush);
      // A change the user makes from here on, before the read answers, wins over it.
      const opened = baseline.current;
      return {
        apply(layout, labels) {
          const changed = applyLayoutRead(opened, layout, labels);
          baseline.current = workbench.get();
          return changed;
        },
        follow(changedMeanwhile) {
          let last = workbench.get();
          off = workbench.subscribe((s) => {
            if (s.columns === last.columns && s.frozen === last.frozen && s.arrange === last.arrange) return;
            last = s;
            later();
          });
          if (changedMeanwhile) later();
        },
        close() {
          off?.();
          window.removeEventListener('pagehide', flush);
          flush();
        },
      };
    },
    [baseline],
  );
}

export function useSavedLayout(versionId: string | null, scheduleId: string | null = null): void {
  const openKeeper = useLayoutKeeper();
  useEffect(() => {
    if (!versionId) return;
    let live = true;
    let offGroups: (() => void) | null = null;
    const keeper = openKeeper((body, keepalive) =>
      call(api.wbsBatch.saveLayout, { params: { id: versionId }, body }, { silent: true, keepalive }),
    );
    // Definitions change on the Attributes screen: a version opened reads them afresh.
    forgetAttributeDefs();
    Promise.allSettled([
      call(api.wbsBatch.layout, { params: { id: versionId } }, { silent: true }),
      call(api.wbsBatch.groupSetting, { params: { id: versionId } }, { silent: true }),
      loadAttributeItems(versionId).then(async (items) => ({
        items,
        // A directory that cannot be read leaves its column a text column.
        directories: await loadDirectoryChoices(items).catch(() => new Map()),
      })),
    ])
      .then(([saved, groups, defs]) => {
        if (!live) return;
        const layout = saved.status === 'fulfilled' ? saved.value.layout : null;
        const items = defs.status === 'fulfilled' ? defs.value.items : null;
        const labels = items ? new Map(items.map((d) => [d.key, d.label])) : null;
        // Typed before the columns reach the grid: numbers, dates, read-only and calculated ones.
        if (items && defs.status === 'fulfilled') setAttributeColumnTypes(items, defs.value.directories);
        const changedMeanwhile = keeper.apply(layout, labels);
        // The grouping and folds saved apart (wbs-group-setting) once the rows are there; an
        // unreadable one is not overwritten.
        if (groups.status === 'fulfilled') offGroups = followGroupSetting(versionId, groups.value.setting);
        // A layout that could not be read is not overwritten by the defaults shown instead.
        if (saved.status === 'rejected') return;
        // A version with no layout of the user's own opens with the schedule's default layout,
        // else the user's default template.
        if (!layout && !changedMeanwhile) void applyDefaultTemplate(scheduleId, () => live);
        keeper.follow(changedMeanwhile);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      offGroups?.();
      keeper.close();
    };
  }, [versionId, scheduleId, openKeeper]);
}
