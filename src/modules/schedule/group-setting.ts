// The user's grouping of a version and its folded headers on the server (wbs-group-setting): once
// the version's rows are loaded the saved grouping and folds are applied (a reload shows the same
// folds), then every change of the grouping or of a fold is written (debounced; a write still
// waiting goes out when the page is left).
import { api } from '../../api';
import type { WbsGroupSetting } from '../../api/wbs-batch';
import { call } from '../../app/api/call';
import { groupLevels, groupPathOf, groupRowId } from '../../domain/wbs/arrange';
import { groupByOf } from '../../state/workbench/arrange';
import { restoreFoldedGroups, setArrangement } from '../../state/workbench/data';
import { workbench, type WorkbenchState } from '../../state/workbench/store';

const SAVE_DELAY_MS = 300;

const levelsKey = (s: WorkbenchState) => (s.arrange ? groupLevels(s.arrange).join('\u0002') : '');

/** The setting the screen shows now. */
export function currentGroupSetting(s: WorkbenchState = workbench.get()): WbsGroupSetting {
  const groupBy = groupByOf(s.arrange);
  const n = groupBy?.length ?? 0;
  const folded: string[][] = [];
  for (const id of s.foldedGroups) {
    const path = groupPathOf(id);
    if (path && path.length <= n) folded.push(path);
  }
  return { group_by: groupBy, folded: n ? folded : [] };
}

/** Applies a saved setting to the loaded version: its grouping (the layout's sort kept), then its folds. */
export function applyGroupSetting(setting: WbsGroupSetting): void {
  const s = workbench.get();
  setArrangement({ sort: s.arrange?.sort ?? [], groupBy: setting.group_by });
  restoreFoldedGroups(setting.group_by ? setting.folded.map((p) => groupRowId(...p)) : []);
}

/**
 * Waits for the version's rows, applies `setting` (null: none saved), then saves each change.
 * Returns the stop (a pending write is sent at once).
 */
export function followGroupSetting(versionId: string, setting: WbsGroupSetting | null): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let off: (() => void) | null = null;
  const save = (keepalive = false) => {
    timer = null;
    void call(
      api.wbsBatch.saveGroupSetting,
      { params: { id: versionId }, body: currentGroupSetting() },
      { silent: true, keepalive },
    ).catch(() => undefined);
  };
  const flush = () => {
    if (!timer) return;
    clearTimeout(timer);
    save(true);
  };
  const start = () => {
    if (setting) applyGroupSetting(setting);
    let last = workbench.get();
    off = workbench.subscribe((s) => {
      if (s.versionId !== versionId) return;
      if (s.foldedGroups === last.foldedGroups && levelsKey(s) === levelsKey(last)) return;
      last = s;
      if (timer) clearTimeout(timer);
      timer = setTimeout(save, SAVE_DELAY_MS);
    });
  };
  const loaded = (s: WorkbenchState) => s.versionId === versionId && s.loadState === 'ready';
  if (loaded(workbench.get())) start();
  else {
    const wait = workbench.subscribe((s) => {
      if (!loaded(s)) return;
      wait();
      off = null;
      start();
    });
    off = wait;
  }
  window.addEventListener('pagehide', flush);
  return () => {
    off?.();
    window.removeEventListener('pagehide', flush);
    flush();
  };
}
