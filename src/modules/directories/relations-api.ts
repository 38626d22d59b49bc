// Calls of the complex relations between directories (src/api/directory-relations.ts).
import { directoryRelationRoutes as routes } from '../../api/directory-relations';
import { call } from '../../app/api/call';

const quiet = { silent: true } as const;

export const relationsOf = (directoryId: string) =>
  call(routes.allRelations, { params: { id: directoryId } });
export const createRelation = (source_directory_id: string, target_directory_id: string) =>
  call(routes.create, { body: { source_directory_id, target_directory_id } }, quiet);
export const updateRelation = (id: string, options: { name?: string; assign?: boolean }) =>
  call(routes.updateOptions, { body: { id, ...options } }, quiet);
export const deleteRelation = (id: string) => call(routes.remove, { params: { id } }, quiet);
export const relationRows = (relation_id: string) => call(routes.rows, { body: { relation_id } });
export const addRelationRow = (id: string, source_value_id: string, target_value_id: string, norm: number) =>
  call(
    routes.assignRows,
    { params: { id }, body: { rows: [{ source_value_id, target_value_id, norm }] } },
    quiet,
  );
export const setRowNorm = (id: string, rowId: string, norm: number) =>
  call(routes.updateRows, { params: { id }, body: { rows: [{ id: rowId, norm }] } }, quiet);
export const deleteRelationRows = (id: string, ids: string[]) =>
  call(routes.deleteRows, { params: { id }, body: { ids } }, quiet);
export const dependentDirectories = (directory_id: string) =>
  call(routes.dependents, { body: { directory_id } });
export const exportRelations = (sourceId: string, targetId: string) =>
  call(routes.exportRelations, { params: { sourceId, targetId }, query: { format: 'xlsx' } });
export function importRelations(sourceId: string, targetId: string, file: File) {
  const form = new FormData();
  form.set('file', file, file.name);
  return call(routes.importRelations, { params: { sourceId, targetId }, body: form }, quiet);
}
export const normsIndicator = (versionId: string) => call(routes.indicator, { params: { id: versionId } });
export const recalculateNorms = (versionId: string) =>
  call(routes.recalculate, { params: { id: versionId } }, quiet);
