// Bringing a version's resources in line with a directory list, as both the directory's Lists
// dialog and the Resources screen's "From directory…" offer it: a dry run says what would change;
// when nothing would, an info toast says so; otherwise the user confirms the plan and it is applied.
import type { ResourceSync } from '../../api/directories';
import { confirm } from '../../app/dialogs/confirm';
import { useToasts } from '../../state/toasts';
import * as dirApi from './api';

export interface SyncTexts {
  /** The plan's lines (counts and the first rows that left), shown in the toast or the dialog. */
  lines: (plan: ResourceSync) => string[];
  /** Title of the toast when nothing would change. */
  inLine: string;
  /** The confirmation's title and button. */
  title: string;
  submit: string;
  toastMs: number;
}

/** The sync applied after the user's confirmation, or null (already in line, or not confirmed). */
export async function syncResourcesConfirmed(
  target: { directoryId: string; versionId: string; listId: string },
  texts: SyncTexts,
): Promise<ResourceSync | null> {
  const { directoryId, versionId, listId } = target;
  const plan = await dirApi.syncResources(directoryId, versionId, listId, true);
  const lines = texts.lines(plan);
  if (plan.created + plan.linked + plan.added + plan.renamed === 0) {
    useToasts.getState().push({ kind: 'info', title: texts.inLine, lines, durationMs: texts.toastMs });
    return null;
  }
  const { confirmed } = await confirm({
    title: texts.title,
    message: lines.join(' '),
    submitLabel: texts.submit,
    confirmWithEnter: true,
  });
  if (!confirmed) return null;
  return dirApi.syncResources(directoryId, versionId, listId, false);
}

/** The first rows a sync leaves without a value, as "code name; …" (five at most). */
export const leftRows = (plan: ResourceSync) =>
  plan.left
    .slice(0, 5)
    .map((r) => `${r.code} ${r.name}`)
    .join('; ');
