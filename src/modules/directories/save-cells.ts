// Storing edited cells of directory values: a value's new body (code, name, attributes with
// numbers as numbers), the spec's "apply refreshed WBS values" confirmation once for all the
// linked rows the cells touch, then the values (and a paste's new values) stored by one batch call
// — one transaction and one step of the caller's undo history on the server — donor and linked
// attributes pushed into the linked rows once, and the directory read again. Answers the changes
// stored: all of them, or none (a refusal stores nothing).
import type { Directory, DirectoryValue } from '../../api/directories';
import { confirm } from '../../app/dialogs/confirm';
import type { CellChange } from '../../domain/directory';
import { useToasts } from '../../state/toasts';
import * as dirApi from './api';
import type { useDirectoriesT } from './i18n';
import { refreshLinked } from './LinkedDialog';

type T = ReturnType<typeof useDirectoriesT>['t'];

/** The body of `v` with some of its cells set to new texts. */
function bodyOf(directory: Directory, v: DirectoryValue, cells: readonly CellChange[]) {
  const body = {
    parent_id: v.parent_id,
    code: v.code,
    name: v.name,
    attribute_values: { ...v.attribute_values },
  };
  for (const { field, after: text } of cells) {
    if (field === 'code') body.code = text;
    else if (field === 'name') body.name = text;
    else {
      const key = field.slice(5);
      const type = directory.attributes.find((a) => a.key === key)?.type;
      const n = Number(text.replace(',', '.'));
      body.attribute_values[key] = text === '' ? null : type === 'number' && Number.isFinite(n) ? n : text;
    }
  }
  return body;
}

export async function saveCells(
  ref: dirApi.DirRef,
  directory: Directory,
  changes: readonly CellChange[],
  ui: { t: T; toast: (text: string) => void; reload: () => Promise<void> },
  step: { label: dirApi.BatchLabel; creates?: dirApi.ValueInput[] } = { label: 'edit' },
): Promise<{ stored: CellChange[]; created: string[] }> {
  const { t, toast } = ui;
  const byValue = new Map<string, CellChange[]>();
  for (const c of changes) byValue.set(c.id, [...(byValue.get(c.id) ?? []), c]);
  const values = [...byValue.keys()].flatMap((id) => directory.values.filter((v) => v.id === id));
  const linked = values.reduce((s, v) => s + v.linked_rows, 0);
  if (linked > 0) {
    const { confirmed } = await confirm({
      title: t('refresh_title'),
      message: t('refresh_message', {
        count: linked,
        code: values
          .filter((v) => v.linked_rows > 0)
          .map((v) => v.code)
          .join(', '),
      }),
      submitLabel: t('refresh_submit'),
      confirmWithEnter: true,
    });
    if (!confirmed) return { stored: [], created: [] };
  }
  let created: string[];
  try {
    const res = await dirApi.valuesBatch(ref, {
      label: step.label,
      updates: values.map((v) => ({ id: v.id, ...bodyOf(directory, v, byValue.get(v.id)!) })),
      creates: step.creates ?? [],
    });
    created = res.created.map((v) => v.id);
  } catch {
    // A refused code (taken, empty) or name: nothing went in, and the toast says so.
    useToasts.getState().push({
      kind: 'error',
      title: t('failed'),
      lines: values.slice(0, 5).map((v) => v.code),
      durationMs: 5000,
    });
    await ui.reload();
    return { stored: [], created: [] };
  }
  const fields = new Set<string>();
  let linkedTouched = false;
  for (const v of values)
    if (v.linked_rows > 0) {
      linkedTouched = true;
      for (const c of byValue.get(v.id)!) fields.add(c.field);
    }
  if (linkedTouched) {
    // Donor attributes' new values go into the linked rows (one undoable change per version), and
    // linked attributes show on them, as the confirmation said.
    for (const a of directory.attributes)
      if (a.donor_to && fields.has(`attr:${a.key}`)) {
        const done = await dirApi.donorPush(ref, a.key, false);
        toast(t('donor_done', { count: done.rows, versions: done.versions.length }));
      }
    if (directory.attributes.some((a) => a.linked_to && fields.has(`attr:${a.key}`)))
      await refreshLinked(ref, t, false);
  }
  await ui.reload();
  return { stored: [...changes], created };
}
