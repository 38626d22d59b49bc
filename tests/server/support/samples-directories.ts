// Tenancy samples of the directory routes (src/api/directories.ts, src/api/directory-relations.ts)
// and the calendar usage route.
// The directory and value ids are ones no space has: the space check answers before any look-up.
import type { Tree } from './fixtures';
import type { Sample } from './samples';

type T = Tree & { space: string; userId: string };

const DIR = '00000000-0000-4000-8000-00000000d001';
const VALUE = '00000000-0000-4000-8000-00000000d002';
const REL = '00000000-0000-4000-8000-00000000d003';
const dir = (t: T) => ({ epsId: t.facility, id: DIR });

export const directorySamples: Record<string, (t: T) => Sample> = {
  'GET /directory': () => ({}),
  'POST /eps/:epsId/directory/create': (t) => ({
    params: { epsId: t.facility },
    body: { name: 'Work types' },
  }),
  'POST /eps/:epsId/directory/upload': (t) => ({ params: { epsId: t.facility } }),
  'GET /eps/:epsId/directory/:id': (t) => ({ params: dir(t) }),
  'PATCH /eps/:epsId/directory/:id/name': (t) => ({ params: dir(t), body: { name: 'Codes' } }),
  'DELETE /eps/:epsId/directory/:id': (t) => ({ params: dir(t) }),
  'POST /eps/:epsId/directory/:id/move-to/:targetId': (t) => ({ params: { ...dir(t), targetId: t.project } }),
  'POST /eps/:epsId/directory/:id/copy-to/:targetId': (t) => ({ params: { ...dir(t), targetId: t.project } }),
  'POST /eps/:epsId/directory/:id/donor': (t) => ({ params: dir(t), body: { key: 'a_1', target: 'a_2' } }),
  'PUT /eps/:epsId/directory/:id/donor/:key': (t) => ({
    params: { ...dir(t), key: 'a_1' },
    body: { target: 'a_2' },
  }),
  'DELETE /eps/:epsId/directory/:id/donor/:key': (t) => ({ params: { ...dir(t), key: 'a_1' } }),
  'PATCH /eps/:epsId/directory/:id/donor/:key/update-value': (t) => ({
    params: { ...dir(t), key: 'a_1' },
    query: { dry_run: 'true' },
  }),
  'POST /eps/:epsId/directory/:id/linked-attribute': (t) => ({ params: dir(t), body: { key: 'a_1' } }),
  'PUT /eps/:epsId/directory/:id/linked-attribute/:key': (t) => ({
    params: { ...dir(t), key: 'a_1' },
    body: { name: 'Unit' },
  }),
  'DELETE /eps/:epsId/directory/:id/linked-attribute/:key': (t) => ({ params: { ...dir(t), key: 'a_1' } }),
  'PATCH /eps/:epsId/directory/:id/update-linked-values': (t) => ({
    params: dir(t),
    query: { dry_run: 'true' },
  }),
  'POST /eps/:epsId/directory/:id/export': (t) => ({ params: dir(t), query: { format: 'csv' } }),
  'POST /eps/:epsId/directory/:id/attribute': (t) => ({
    params: dir(t),
    body: { name: 'Unit', type: 'text' },
  }),
  'PUT /eps/:epsId/directory/:id/attribute/:key': (t) => ({
    params: { ...dir(t), key: 'a_1' },
    body: { name: 'Unit', type: 'text' },
  }),
  'DELETE /eps/:epsId/directory/:id/attribute/:key': (t) => ({ params: { ...dir(t), key: 'a_1' } }),
  'POST /eps/:epsId/directory/:id/value': (t) => ({
    params: dir(t),
    body: { parent_id: null, code: '01', name: 'Earthworks' },
  }),
  'PUT /eps/:epsId/directory/:id/value/:valueId': (t) => ({
    params: { ...dir(t), valueId: VALUE },
    body: { parent_id: null, code: '01', name: 'Earthworks' },
  }),
  'DELETE /eps/:epsId/directory/:id/value/:valueId': (t) => ({ params: { ...dir(t), valueId: VALUE } }),
  'POST /eps/:epsId/directory/:id/values/batch': (t) => ({
    params: dir(t),
    body: { label: 'paste', updates: [{ id: VALUE, parent_id: null, code: '01', name: 'Earthworks' }] },
  }),
  'GET /eps/:epsId/directory/:id/undo-state': (t) => ({ params: dir(t) }),
  'POST /eps/:epsId/directory/:id/undo': (t) => ({ params: dir(t) }),
  'POST /eps/:epsId/directory/:id/redo': (t) => ({ params: dir(t) }),
  'PATCH /versions/:id/directory/:directoryId/add-values-to-version': (t) => ({
    params: { id: t.version, directoryId: DIR },
  }),
  'GET /versions/:id/directory/wbs/:wbsId': (t) => ({ params: { id: t.version, wbsId: VALUE } }),
  'PUT /versions/:id/directory/wbs/:wbsId': (t) => ({
    params: { id: t.version, wbsId: VALUE },
    body: { directory_id: DIR, value_id: VALUE },
  }),
  'GET /eps/:epsId/directory/:id/list': (t) => ({ params: dir(t) }),
  'POST /eps/:epsId/directory/:id/list/create': (t) => ({ params: dir(t), body: { name: 'Stage 1' } }),
  'GET /eps/:epsId/directory/:id/list/:listId': (t) => ({ params: { ...dir(t), listId: REL } }),
  'DELETE /eps/:epsId/directory/:id/list/:listId': (t) => ({ params: { ...dir(t), listId: REL } }),
  'PUT /eps/:epsId/directory/:id/list/:listId/value/:valueId': (t) => ({
    params: { ...dir(t), listId: REL, valueId: VALUE },
  }),
  'DELETE /eps/:epsId/directory/:id/list/:listId/value/:valueId': (t) => ({
    params: { ...dir(t), listId: REL, valueId: VALUE },
  }),
  'GET /eps/:epsId/directory/:id/list/:listId/values': (t) => ({ params: { ...dir(t), listId: REL } }),
  'PATCH /versions/:id/directory/:directoryId/copy-wbs': (t) => ({
    params: { id: t.version, directoryId: DIR },
    body: { list_id: REL },
  }),
  'PATCH /versions/:id/directory/:directoryId/sync-with-list/:listId': (t) => ({
    params: { id: t.version, directoryId: DIR, listId: REL },
    query: { dry_run: 'true' },
  }),
  'PATCH /versions/:id/directory/:directoryId/copy-resources': (t) => ({
    params: { id: t.version, directoryId: DIR },
    body: { list_id: REL },
  }),
  'PATCH /versions/:id/directory/:directoryId/sync-resources-with-list/:listId': (t) => ({
    params: { id: t.version, directoryId: DIR, listId: REL },
    query: { dry_run: 'true' },
  }),
  'GET /resources/:resourceId/directory': () => ({ params: { resourceId: VALUE } }),
  'PUT /resources/:resourceId/directory': () => ({
    params: { resourceId: VALUE },
    body: { directory_id: DIR, value_id: VALUE },
  }),
  'GET /eps/:epsId/directory/:id/graph': (t) => ({ params: dir(t) }),
  'GET /directory/worktypes-directory': () => ({}),
  'PUT /directory/worktypes-directory': () => ({ body: { directory_id: DIR } }),
  'GET /eps/:epsId/directory/:id/invalid-values': (t) => ({ params: dir(t) }),
  'PATCH /eps/:epsId/directory/:id/invalid-values/fix': (t) => ({
    params: dir(t),
    body: { version_id: t.version, wbs_id: VALUE, attribute_key: 'a_1', code: null },
  }),
  'GET /calendars/:id/versions': (t) => ({ params: { id: t.calendar } }),
  'GET /directory-complex-relations/:id/all-relations': () => ({ params: { id: DIR } }),
  'POST /directory-complex-relations/create-relation-between-directories': () => ({
    body: { source_directory_id: DIR, target_directory_id: VALUE },
  }),
  'PUT /directory-complex-relations/update-relation-options': () => ({ body: { id: REL, assign: false } }),
  'DELETE /directory-complex-relations/delete-relation/:id': () => ({ params: { id: REL } }),
  'POST /directory-complex-relations/assign-directory-relation-rows/:id': () => ({
    params: { id: REL },
    body: { rows: [{ source_value_id: VALUE, target_value_id: VALUE, norm: 1 }] },
  }),
  'DELETE /directory-complex-relations/delete-directory-relation-rows/:id': () => ({
    params: { id: REL },
    body: { ids: [VALUE] },
  }),
  'PUT /directory-complex-relations/update-directory-relation-rows/:id': () => ({
    params: { id: REL },
    body: { rows: [{ id: VALUE, norm: 2 }] },
  }),
  'POST /directory-complex-relations/get-directory-relation-rows-directory': () => ({
    body: { relation_id: REL },
  }),
  'POST /directory-complex-relations/get-dependent-directories': () => ({ body: { directory_id: DIR } }),
  'GET /directory-complex-relations/recalculate-dependent-resources-version/:id': (t) => ({
    params: { id: t.version },
  }),
  'GET /directory-complex-relations/directory-complex-version-indicator/:id': (t) => ({
    params: { id: t.version },
  }),
  'POST /directory-complex-relations/export-relations/:sourceId/:targetId': () => ({
    params: { sourceId: DIR, targetId: VALUE },
    query: { format: 'xlsx' },
  }),
  'POST /directory-complex-relations/import-relations/:sourceId/:targetId': () => ({
    params: { sourceId: DIR, targetId: VALUE },
  }),
};
