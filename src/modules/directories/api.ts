// Calls of the directory contract from the browser.
import type { DirectoryAttribute } from '../../api/directories';
import { directoryRoutes as routes } from '../../api/directories';
import type { z } from 'zod';
import { directoryUndoRoutes as undoRoutes } from '../../api/directory-undo';
import { call } from '../../app/api/call';

export interface DirRef {
  /** The owner in the path: the EPS node, or the space id for a space-wide directory. */
  epsId: string;
  id: string;
}

export const listDirectories = () => call(routes.list);
export const getDirectory = (d: DirRef) => call(routes.get, { params: d });
export const createDirectory = (epsId: string, name: string) =>
  call(routes.create, { params: { epsId }, body: { name } }, { silent: true });
export const renameDirectory = (d: DirRef, name: string) =>
  call(routes.rename, { params: d, body: { name } }, { silent: true });
export const deleteDirectory = (d: DirRef) => call(routes.remove, { params: d });
export const moveDirectory = (d: DirRef, targetId: string) =>
  call(routes.moveTo, { params: { ...d, targetId } }, { silent: true });
export const copyDirectory = (d: DirRef, targetId: string) =>
  call(routes.copyTo, { params: { ...d, targetId } }, { silent: true });

export function uploadDirectory(epsId: string, file: File, name: string, versionId: string | null = null) {
  const form = new FormData();
  if (name.trim()) form.set('name', name.trim());
  if (versionId) form.set('version_id', versionId);
  form.set('file', file, file.name);
  return call(routes.upload, { params: { epsId }, body: form }, { silent: true });
}

export const exportDirectory = (d: DirRef, format: 'csv' | 'xlsx') =>
  call(routes.export, { params: d, query: { format } });

export const donorCreate = (d: DirRef, key: string, target: string) =>
  call(routes.donorCreate, { params: d, body: { key, target } }, { silent: true });
export const donorUpdate = (d: DirRef, key: string, target: string) =>
  call(routes.donorUpdate, { params: { ...d, key }, body: { target } }, { silent: true });
export const donorDelete = (d: DirRef, key: string) =>
  call(routes.donorDelete, { params: { ...d, key } }, { silent: true });
/** A donor's values into the linked rows (dryRun: only what would change). */
export const donorPush = (d: DirRef, key: string, dryRun: boolean) =>
  call(
    routes.donorUpdateValue,
    { params: { ...d, key }, query: { dry_run: dryRun ? 'true' : 'false' } },
    { silent: true },
  );

export const addValuesToVersion = (d: DirRef, versionId: string) =>
  call(routes.addValuesToVersion, { params: { id: versionId, directoryId: d.id } }, { silent: true });

export const addAttribute = (d: DirRef, name: string, type: DirectoryAttribute['type']) =>
  call(routes.attributeCreate, { params: d, body: { name, type } }, { silent: true });
export const deleteAttribute = (d: DirRef, key: string) =>
  call(routes.attributeDelete, { params: { ...d, key } });

export interface ValueInput {
  parent_id: string | null;
  code: string;
  name: string;
  sort_order?: number;
  attribute_values?: Record<string, string | number | null>;
}

export const createValue = (d: DirRef, body: ValueInput) => call(routes.valueCreate, { params: d, body });
export const updateValue = (d: DirRef, valueId: string, body: ValueInput) =>
  call(routes.valueUpdate, { params: { ...d, valueId }, body });
export const deleteValue = (d: DirRef, valueId: string) =>
  call(routes.valueDelete, { params: { ...d, valueId } });

// The values grid's edits as one step each, and the caller's undo history kept by the server.
export type BatchLabel = z.infer<typeof undoRoutes.valuesBatch.body>['label'];
export const valuesBatch = (d: DirRef, body: z.input<typeof undoRoutes.valuesBatch.body>) =>
  call(undoRoutes.valuesBatch, { params: d, body });
export const undoState = (d: DirRef) => call(undoRoutes.undoState, { params: d }, { silent: true });
/** Undo or redo on the server (a refusal, e.g. 409 when another member changed the values, toasts). */
export const history = (d: DirRef, which: 'undo' | 'redo') => call(undoRoutes[which], { params: d });

export const wbsLinks = (versionId: string, wbsId: string) =>
  call(routes.wbsLinks, { params: { id: versionId, wbsId } });
export const setWbsLink = (versionId: string, wbsId: string, directory_id: string, value_id: string | null) =>
  call(routes.setWbsLink, { params: { id: versionId, wbsId }, body: { directory_id, value_id } });

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Show a directory attribute on the linked WBS rows (a read-only space attribute of its own). */
export const linkedCreate = (d: DirRef, key: string) =>
  call(routes.linkedCreate, { params: d, body: { key } }, { silent: true });
export const linkedDelete = (d: DirRef, key: string) =>
  call(routes.linkedDelete, { params: { ...d, key } }, { silent: true });
/** The linked attributes' values into the linked rows (dryRun: only what would change). */
export const updateLinkedValues = (d: DirRef, dryRun: boolean) =>
  call(
    routes.updateLinkedValues,
    { params: d, query: { dry_run: dryRun ? 'true' : 'false' } },
    { silent: true },
  );

// Lists of a directory and the version's WBS from a list (copy-wbs, sync-with-list).
export const lists = (d: DirRef) => call(routes.lists, { params: d });
export const listCreate = (d: DirRef, name: string, valueIds: string[] = []) =>
  call(routes.listCreate, { params: d, body: { name, value_ids: valueIds } }, { silent: true });
export const listDelete = (d: DirRef, listId: string) =>
  call(routes.listDelete, { params: { ...d, listId } });
export const listValueAdd = (d: DirRef, listId: string, valueId: string) =>
  call(routes.listValueAdd, { params: { ...d, listId, valueId } }, { silent: true });
export const listValueRemove = (d: DirRef, listId: string, valueId: string) =>
  call(routes.listValueRemove, { params: { ...d, listId, valueId } }, { silent: true });
export const copyWbs = (d: DirRef, versionId: string, listId: string | null) =>
  call(
    routes.copyWbs,
    { params: { id: versionId, directoryId: d.id }, body: { list_id: listId } },
    { silent: true },
  );
export const syncWithList = (d: DirRef, versionId: string, listId: string, dryRun: boolean) =>
  call(
    routes.syncWithList,
    { params: { id: versionId, directoryId: d.id, listId }, query: { dry_run: dryRun ? 'true' : 'false' } },
    { silent: true },
  );
export const graph = (d: DirRef) => call(routes.graph, { params: d });
export const worktypesGet = () => call(routes.worktypesGet);
export const worktypesSet = (directoryId: string | null) =>
  call(routes.worktypesSet, { body: { directory_id: directoryId } }, { silent: true });
export const invalidValues = (d: DirRef) => call(routes.invalidValues, { params: d });
export const invalidValueFix = (
  d: DirRef,
  body: { version_id: string; wbs_id: string; attribute_key: string; code: string | null },
) => call(routes.invalidValueFix, { params: d, body }, { silent: true });

// Resource directories: a version's resources from a directory or a list; a resource's links.
export const copyResources = (directoryId: string, versionId: string, listId: string | null) =>
  call(
    routes.copyResources,
    { params: { id: versionId, directoryId }, body: { list_id: listId } },
    { silent: true },
  );
export const syncResources = (directoryId: string, versionId: string, listId: string, dryRun: boolean) =>
  call(
    routes.syncResourcesWithList,
    { params: { id: versionId, directoryId, listId }, query: { dry_run: dryRun ? 'true' : 'false' } },
    { silent: true },
  );
export const resourceLinks = (resourceId: string) => call(routes.resourceLinks, { params: { resourceId } });
export const setResourceLink = (resourceId: string, directory_id: string, value_id: string | null) =>
  call(routes.setResourceLink, { params: { resourceId }, body: { directory_id, value_id } });
