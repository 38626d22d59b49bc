// Tenancy samples of the directory routes (src/api/directories.ts) and the calendar usage route.
// The directory and value ids are ones no space has: the space check answers before any look-up.
import type { Tree } from './fixtures';
import type { Sample } from './samples';

type T = Tree & { space: string; userId: string };

const DIR = '00000000-0000-4000-8000-00000000d001';
const VALUE = '00000000-0000-4000-8000-00000000d002';
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
  'PATCH /versions/:id/directory/:directoryId/add-values-to-version': (t) => ({
    params: { id: t.version, directoryId: DIR },
  }),
  'GET /versions/:id/directory/wbs/:wbsId': (t) => ({ params: { id: t.version, wbsId: VALUE } }),
  'PUT /versions/:id/directory/wbs/:wbsId': (t) => ({
    params: { id: t.version, wbsId: VALUE },
    body: { directory_id: DIR, value_id: VALUE },
  }),
  'GET /calendars/:id/versions': (t) => ({ params: { id: t.calendar } }),
};
