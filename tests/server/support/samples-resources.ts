// Tenancy samples of the resources module (src/api/resources.ts): a valid input for each route.
import type { Tree } from './fixtures';
import type { Sample } from './samples';

type T = Tree & { space: string; userId: string };

export const resourceSamples: Record<string, (t: T) => Sample> = {
  'GET /resources': () => ({}),
  'GET /resource-curves': () => ({}),
  'POST /resource-curves/create': () => ({
    body: { name: 'Ramp', points: Array.from({ length: 21 }, (_, i) => i) },
  }),
  'PATCH /resource-curves/:id/update': (t) => ({ params: { id: t.version }, body: { name: 'Ramp 2' } }),
  'DELETE /resource-curves/:id/delete': (t) => ({ params: { id: t.version } }),
  'POST /resources/create': () => ({ body: { name: 'Crane', default_limit: 1 } }),
  'PATCH /resources/:id/update': (t) => ({ params: { id: t.version }, body: { name: 'Crane 2' } }),
  'DELETE /resources/:id/delete': (t) => ({ params: { id: t.version } }),
  'POST /resources/batch': () => ({ body: { items: [{ name: 'Mason' }] } }),
  'GET /resources/undo-state': () => ({}),
  'POST /resources/undo': () => ({}),
  'POST /resources/redo': () => ({}),
  'GET /resource-layout': () => ({}),
  'PUT /resource-layout': () => ({
    body: { columns: [{ id: 'name', width: 200, visible: true }], frozen: 1 },
  }),
  'GET /resources/:id/usage': (t) => ({ params: { id: t.version }, query: { unit: 'week' } }),
  'GET /assignment': (t) => ({ query: { version_id: t.version } }),
  'POST /versions/:id/assignment/wbs/save': (t) => ({
    params: { id: t.version },
    body: { wbs_id: t.version, items: [{ resource_id: t.version, units: 8 }] },
  }),
  'PATCH /schedules/:id/assignment/:aid/update': (t) => ({
    params: { id: t.schedule, aid: 'a1' },
    body: { version_id: t.version, units: 4 },
  }),
  'DELETE /schedules/:id/assignment/:aid/delete': (t) => ({
    params: { id: t.schedule, aid: 'a1' },
    query: { version_id: t.version },
  }),
  'PATCH /versions/:id/calculate-remains-duration-by-intensity': (t) => ({ params: { id: t.version } }),
};
