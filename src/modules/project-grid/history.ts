// The project grid's history after a page load: each schedule's version keeps its own undo log on
// the server; the steps this user made there, newest intact run of each, become the grid's one
// history again (in the order they were made), so Ctrl+Z and Ctrl+Y go on after a reload as on
// the schedule page.

import type { Version } from '../../api/versions';
import { useSession } from '../../state/session';
import { workbench } from '../../state/workbench/store';
import { readUndoLog } from '../schedule/load';
import type { GridEditor } from './edit';

/** Rebuild the history from the versions' logs, unless an edit or a live change came first. */
export async function restoreGridHistory(
  editor: GridEditor,
  versions: readonly (Version | null)[],
): Promise<void> {
  const userId = useSession.getState().user?.id;
  const before = workbench.get().history;
  if (!userId || before.undos.length > 0 || before.redos.length > 0) return;
  const revisions = [...editor.revisions];
  const logs = await Promise.all(versions.map((v) => (v ? readUndoLog(v.id, userId) : [])));
  const now = workbench.get();
  const moved = editor.revisions.some((r, k) => r !== revisions[k]);
  if (editor.isDisposed || moved || now.history !== before) return;
  workbench.set({ history: editor.historyFromLogs(logs, userId, now.history.limit) });
}
