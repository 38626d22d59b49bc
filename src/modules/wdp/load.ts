// Keeps the wdp store in step with the open version: read on every load of the version (a first
// open, a reload after a conflict or a remote change), and the history's ['wdp', …] patches
// applied to it (registered once, when the module loads); while the workbench shows, plans follow
// the dates of the browser's live recompute (live-follow.ts).
import { useEffect } from 'react';
import { api } from '../../api';
import { call } from '../../app/api/call';
import { onWdpPatches } from '../../state/workbench/data';
import { useWorkbench } from '../../state/workbench/store';
import { applyWdp, loadWdp, wdpStore } from '../../state/wdp/store';
import { startLiveFollow } from './live-follow';

onWdpPatches(applyWdp);

export async function reloadWdp(versionId: string): Promise<void> {
  wdpStore.set({ status: 'loading' });
  try {
    const g = await call(api.wdp.gantt, { params: { id: versionId }, query: {} }, { silent: true });
    loadWdp(versionId, g);
  } catch (err) {
    wdpStore.set({ status: 'error', error: (err as Error).message ?? '' });
  }
}

/** Reads the days on every load of the version; `enabled` false leaves it to another user (the
 * node panel and the pane beside the grid both need the days, one of them loads them). */
export function useWdpLoader(enabled = true): void {
  const versionId = useWorkbench((s) => s.versionId);
  const loads = useWorkbench((s) => s.loads);
  useEffect(() => {
    if (enabled && versionId) void reloadWdp(versionId);
  }, [versionId, loads, enabled]);
  useEffect(() => (enabled ? startLiveFollow() : undefined), [enabled]);
}
